import { describe, expect, it } from 'vitest';
import { ofPitchA } from '../../testing/bookings';
import { gameLoopEvents } from '../../testing/game-loop-events';
import { cancelledGamePolicy as policy } from './policy';

const { stored } = gameLoopEvents();
const pitchA = { subFieldId: 'sf-a', fieldId: 'f1', ownerId: 'owner-1', name: 'Pitch A' };

const cancelled = (game: { rentalRefunded: boolean; rentalRefundCents: number | null }) =>
  stored('GameCancelled', {
    ...ofPitchA,
    gameId: 'game-1',
    cancelledBy: 'cap-1',
    at: '2026-11-21T12:00:00.000Z',
    rentalPaymentId: 'pay-rental',
    entryRefunds: [
      { playerId: 'p1', paymentId: 'pay-p1' },
      { playerId: 'p2', paymentId: 'pay-p2' },
    ],
    ...game,
  });

/** The refund job of a payment of game-1: its key is the game's and the payment's, whatever the reason. */
const refundOf = (paymentId: string, reason: string, amountCents?: number) => ({
  jobName: 'refund',
  data: {
    kind: 'refund',
    paymentId,
    idempotencyKey: `refund-game-1-${paymentId}`,
    reason,
    ...(amountCents === undefined ? {} : { amountCents }),
  },
});

describe('the cancelled game policy', () => {
  it('gives the slot back, then refunds every entry and the rental, each once by the game and the payment', () => {
    expect(policy.react(cancelled({ rentalRefunded: true, rentalRefundCents: 1500 }), () => [])).toEqual([
      { jobName: 'release-booking', data: { kind: 'release-booking', gameId: 'game-1', subField: pitchA } },
      refundOf('pay-p1', 'game_cancelled'),
      refundOf('pay-p2', 'game_cancelled'),
      refundOf('pay-rental', 'game_cancelled', 1500),
    ]);
  });

  it('keeps a rental cancelled inside the window, and refunds what was left of a whole payment', () => {
    expect(
      policy.react(cancelled({ rentalRefunded: false, rentalRefundCents: null }), () => []).map((job) => job.data),
    ).not.toContainEqual(expect.objectContaining({ paymentId: 'pay-rental' }));
    expect(policy.react(cancelled({ rentalRefunded: true, rentalRefundCents: null }), () => []).at(-1)).toEqual(
      refundOf('pay-rental', 'game_cancelled'),
    );
  });

  it("refunds a removed player's entry with the same key a later cancellation would use, and nothing for a free one", () => {
    const removed = (refundedPaymentId: string | null) =>
      stored('PlayerRemoved', {
        gameId: 'game-1',
        playerId: 'p1',
        removedBy: 'cap-1',
        at: '2026-11-21T12:00:00.000Z',
        playedSeconds: 0,
        username: 'p1',
        refundedPaymentId,
      });
    expect(policy.react(removed('pay-p1'), () => [])).toEqual([refundOf('pay-p1', 'player_removed')]);
    expect(policy.react(removed(null), () => [])).toEqual([]);
  });
});
