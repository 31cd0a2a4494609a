import type { GameEvent } from '../../domain/games/events';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import type { RefundJob } from '../cancel-game/handler';
import type { ToCredit } from './refund-to-credit';
import type { JobAsked, JobPolicy } from '../policy';

/** The same key as a cancellation's refund of the payment: whatever asks for it, it is refunded once. */
const refundKey = (gameId: string, paymentId: string) => `refund-${gameId}-${paymentId}`;

/** The refund of an entry of a game, to the payer's credit when `toCredit` says so. */
function refundJob(
  gameId: string,
  paymentId: string,
  reason: RefundJob['reason'],
  toCredit?: ToCredit,
): JobAsked<RefundJob> {
  return {
    jobName: 'refund',
    data: {
      kind: 'refund',
      paymentId,
      idempotencyKey: refundKey(gameId, paymentId),
      reason,
      ...(toCredit ? { toCredit } : {}),
    },
  };
}

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
      const toCredit = to === 'credit' ? { reason: 'left_in_free_window' as const, gameId } : undefined;
      return [refundJob(gameId, paymentId, 'player_left', toCredit)];
    }
    if (event.type === 'EntryCredited') {
      const { gameId, paymentId } = event.data;
      return [refundJob(gameId, paymentId, 'place_refilled', { reason: 'place_refilled', gameId })];
    }
    return [];
  },
};
