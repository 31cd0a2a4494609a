import { describe, expect, it } from 'vitest';
import { ofPitchA } from '../../testing/bookings';
import { gameLoopEvents } from '../../testing/game-loop-events';
import { heldEntriesPolicy as policy } from './policy';

const { stored } = gameLoopEvents();
const AT = '2026-11-22T15:00:00.000Z';

describe('the held entries policy (issue #45)', () => {
  it('captures every entry the decision charged, each with a key of the game and the payment', () => {
    const charged = stored('HeldEntriesCharged', {
      gameId: 'game-1',
      entries: [
        { playerId: 'p1', paymentId: 'pay-p1' },
        { playerId: 'p2', paymentId: 'pay-p2' },
      ],
      at: AT,
    });
    expect(policy.react(charged, () => [])).toEqual([
      {
        jobName: 'capture-held-entry',
        data: {
          kind: 'capture-held-entry',
          gameId: 'game-1',
          paymentId: 'pay-p1',
          idempotencyKey: 'capture-game-1-pay-p1',
        },
      },
      {
        jobName: 'capture-held-entry',
        data: {
          kind: 'capture-held-entry',
          gameId: 'game-1',
          paymentId: 'pay-p2',
          idempotencyKey: 'capture-game-1-pay-p2',
        },
      },
    ]);
  });

  it("releases a leaver's hold, and the holds of a cancelled game (its refunds are cancel-game's)", () => {
    const release = (paymentId: string) => ({
      jobName: 'release-held-entry',
      data: { kind: 'release-held-entry', gameId: 'game-1', paymentId, idempotencyKey: `release-game-1-${paymentId}` },
    });
    const left = stored('EntryHoldReleased', {
      gameId: 'game-1',
      playerId: 'p1',
      paymentId: 'pay-p1',
      reason: 'left',
      at: AT,
    });
    expect(policy.react(left, () => [])).toEqual([release('pay-p1')]);
    const cancelled = (releasedEntries?: Array<{ playerId: string; paymentId: string }>) =>
      stored('GameCancelled', {
        ...ofPitchA,
        gameId: 'game-1',
        cancelledBy: 'system',
        at: AT,
        rentalRefunded: true,
        rentalPaymentId: null,
        rentalRefundCents: null,
        entryRefunds: [{ playerId: 'p3', paymentId: 'pay-p3' }],
        reason: 'too_few_players',
        ...(releasedEntries ? { releasedEntries } : {}),
      });
    expect(policy.react(cancelled([{ playerId: 'p2', paymentId: 'pay-p2' }]), () => [])).toEqual([release('pay-p2')]);
    expect(policy.react(cancelled(), () => [])).toEqual([]);
  });
});
