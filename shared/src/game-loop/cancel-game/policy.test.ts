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

describe('the cancelled game policy', () => {
  it('gives the slot back, then refunds every entry and the rental, each once by the game and the payment', () => {
    expect(policy.react(cancelled({ rentalRefunded: true, rentalRefundCents: 1500 }), () => [])).toEqual([
      { jobName: 'release-booking', data: { kind: 'release-booking', gameId: 'game-1', subField: pitchA } },
      ...['pay-p1', 'pay-p2'].map((paymentId) => ({
        jobName: 'refund',
        data: { kind: 'refund', paymentId, idempotencyKey: `refund-game-1-${paymentId}`, reason: 'game_cancelled' },
      })),
      {
        jobName: 'refund',
        data: {
          kind: 'refund',
          paymentId: 'pay-rental',
          idempotencyKey: 'refund-game-1-pay-rental',
          reason: 'game_cancelled',
          amountCents: 1500,
        },
      },
    ]);
  });

  it('keeps a rental cancelled inside the window, and refunds what was left of a whole payment', () => {
    expect(
      policy.react(cancelled({ rentalRefunded: false, rentalRefundCents: null }), () => []).map((job) => job.data),
    ).not.toContainEqual(expect.objectContaining({ paymentId: 'pay-rental' }));
    expect(policy.react(cancelled({ rentalRefunded: true, rentalRefundCents: null }), () => []).at(-1)).toEqual({
      jobName: 'refund',
      data: {
        kind: 'refund',
        paymentId: 'pay-rental',
        idempotencyKey: 'refund-game-1-pay-rental',
        reason: 'game_cancelled',
      },
    });
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
    expect(policy.react(removed('pay-p1'), () => [])).toEqual([
      {
        jobName: 'refund',
        data: { kind: 'refund', paymentId: 'pay-p1', idempotencyKey: 'refund-game-1-pay-p1', reason: 'player_removed' },
      },
    ]);
    expect(policy.react(removed(null), () => [])).toEqual([]);
  });
});
