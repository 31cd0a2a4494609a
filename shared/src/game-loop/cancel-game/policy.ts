import type { GameEvent } from '../../domain/games/events';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import type { JobAsked, JobPolicy } from '../policy';
import { subFieldOf } from '../sub-field-ref';
import type { RefundJob, ReleaseBookingJob } from './handler';

/**
 * A payment the game gives back. The key is the game's and the payment's alone, whatever the reason:
 * an entry refunded at removal and listed again by a later cancellation is refunded once.
 */
function refundJob(
  gameId: string,
  paymentId: string,
  reason: RefundJob['reason'],
  amountCents: number | null = null,
): JobAsked<RefundJob> {
  return {
    jobName: 'refund',
    data: {
      kind: 'refund',
      paymentId,
      idempotencyKey: `refund-${gameId}-${paymentId}`,
      reason,
      ...(amountCents === null ? {} : { amountCents }),
    },
  };
}

/** A cancelled game gives its slot back and refunds what it owes; a player the organizer removed gets their entry back. */
export const cancelledGamePolicy: JobPolicy<RefundJob | ReleaseBookingJob> = {
  handles: ['PlayerRemoved', 'GameCancelled'] satisfies GameEvent['type'][],
  react(stored) {
    const event = parseEvent(stored);
    switch (event.type) {
      case 'PlayerRemoved': {
        const { gameId, refundedPaymentId } = event.data;
        return refundedPaymentId ? [refundJob(gameId, refundedPaymentId, 'player_removed')] : [];
      }
      case 'GameCancelled': {
        const { gameId, rentalRefunded, rentalPaymentId, rentalRefundCents, entryRefunds } = event.data;
        const refunds = entryRefunds.map((entry) => refundJob(gameId, entry.paymentId, 'game_cancelled'));
        // A week of a series gives back its own rental from the series' one payment (a key per game).
        if (rentalRefunded && rentalPaymentId)
          refunds.push(refundJob(gameId, rentalPaymentId, 'game_cancelled', rentalRefundCents));
        return [
          { jobName: 'release-booking', data: { kind: 'release-booking', gameId, subField: subFieldOf(event.data) } },
          ...refunds,
        ];
      }
      default:
        return [];
    }
  },
};
