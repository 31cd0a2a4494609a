import { describe, expect, it } from 'vitest';
import { gameLoopEvents } from '../../testing/game-loop-events';
import { creditPolicy as policy } from './policy';
import { unusedCreditPolicy } from './unused-credit-policy';

const { stored } = gameLoopEvents();
const AT = '2026-11-21T12:00:00.000Z';
const left = (refund?: { paymentId: string; to: 'card' | 'credit' }) =>
  stored('PlayerLeft', { gameId: 'game-1', playerId: 'p1', at: AT, playedSeconds: 0, ...(refund ? { refund } : {}) });

/** The refund's key is the game's and the payment's, as a cancellation's: it is refunded once whatever asks. */
const refundOf = (reason: string, toCredit?: { reason: string; gameId: string }) => ({
  jobName: 'refund',
  data: {
    kind: 'refund',
    paymentId: 'pay-p1',
    idempotencyKey: 'refund-game-1-pay-p1',
    reason,
    ...(toCredit ? { toCredit } : {}),
  },
});

describe('the credit policy (issue #45)', () => {
  it('refunds a leave within free cancellation to the card or as credit, and nothing for a late leave', () => {
    expect(policy.react(left({ paymentId: 'pay-p1', to: 'card' }), () => [])).toEqual([refundOf('player_left')]);
    expect(policy.react(left({ paymentId: 'pay-p1', to: 'credit' }), () => [])).toEqual([
      refundOf('player_left', { reason: 'left_in_free_window', gameId: 'game-1' }),
    ]);
    expect(policy.react(left(), () => [])).toEqual([]);
  });

  it("gives a refilled place's kept entry back as credit", () => {
    const credited = stored('EntryCredited', { gameId: 'game-1', playerId: 'p1', paymentId: 'pay-p1', at: AT });
    expect(policy.react(credited, () => [])).toEqual([
      refundOf('place_refilled', { reason: 'place_refilled', gameId: 'game-1' }),
    ]);
  });
});

describe('the return of unused credit (issue #45)', () => {
  const spent = stored('CreditSpent', {
    userId: 'p1',
    amountCents: 400,
    paymentId: 'credit_a',
    gameId: 'game-1',
    at: AT,
  });
  const returnJob = {
    kind: 'return-unused-credit',
    payerId: 'p1',
    paymentId: 'credit_a',
    gameId: 'game-1',
    amountCents: 400,
  };

  it('asks, for every spend, for its return the window after it', () => {
    const clock = { now: () => new Date(AT) };
    expect(unusedCreditPolicy(clock, 30).react(spent, () => [])).toEqual([
      { jobName: 'return-unused-credit', data: returnJob, delayMs: 30 * 60_000 },
    ]);
    // Read late (a projector catching up), the job is due at once.
    const later = { now: () => new Date(Date.parse(AT) + 45 * 60_000) };
    expect(unusedCreditPolicy(later).react(spent, () => [])).toEqual([
      { jobName: 'return-unused-credit', data: returnJob, delayMs: 0 },
    ]);
  });
});
