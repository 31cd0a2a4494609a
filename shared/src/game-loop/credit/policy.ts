import type { GameEvent } from '../../domain/games/events';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import type { RefundJob } from '../cancel-game/handler';
import type { JobAsked, JobPolicy } from '../policy';

/** The same key as a cancellation's refund of the payment: whatever asks for it, it is refunded once. */
const refundKey = (gameId: string, paymentId: string) => `refund-${gameId}-${paymentId}`;

/**
 * Issue #45: a leave within free cancellation refunds the entry to the card or as credit, as the player
 * chose; an entry kept by a late leaver whose place was taken again (EntryCredited) comes back as credit.
 */
export const creditPolicy: JobPolicy<RefundJob> = {
  handles: ['PlayerLeft', 'EntryCredited'] satisfies GameEvent['type'][],
  react(stored): JobAsked<RefundJob>[] {
    const event = parseEvent(stored);
    if (event.type === 'PlayerLeft' && event.data.refund) {
      const { gameId } = event.data;
      const { paymentId, to } = event.data.refund;
      return [
        {
          jobName: 'refund',
          data: {
            kind: 'refund',
            paymentId,
            idempotencyKey: refundKey(gameId, paymentId),
            reason: 'player_left',
            ...(to === 'credit' ? { toCredit: { reason: 'left_in_free_window' as const, gameId } } : {}),
          },
        },
      ];
    }
    if (event.type === 'EntryCredited') {
      const { gameId, paymentId } = event.data;
      return [
        {
          jobName: 'refund',
          data: {
            kind: 'refund',
            paymentId,
            idempotencyKey: refundKey(gameId, paymentId),
            reason: 'place_refilled',
            toCredit: { reason: 'place_refilled', gameId },
          },
        },
      ];
    }
    return [];
  },
};
