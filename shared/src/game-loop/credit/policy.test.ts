import { describe, expect, it } from 'vitest';
import { gameLoopEvents } from '../../testing/game-loop-events';
import { creditPolicy as policy } from './policy';

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
