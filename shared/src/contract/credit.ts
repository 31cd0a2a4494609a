/**
 * Issue #45: the schemas of the credit calls (free cancellation in a hold's draft, the game queried, the
 * refund's destination); the limits, texts and answers are in credit-texts.ts, re-exported here.
 */
import { z } from 'zod';
import { MAX_FREE_CANCELLATION_HOURS, MIN_FREE_CANCELLATION_HOURS, REFUND_DESTINATIONS } from './credit-texts';

export * from './credit-texts';

/** The hold's draft: free cancellation until this many hours before the start. */
export const freeCancellationHoursField = z.coerce
  .number({ error: 'Free cancellation must be a number of hours' })
  .int('Free cancellation must be a whole number of hours')
  .min(
    MIN_FREE_CANCELLATION_HOURS,
    `Free cancellation is at least ${MIN_FREE_CANCELLATION_HOURS} hours before the start`,
  )
  .max(
    MAX_FREE_CANCELLATION_HOURS,
    `Free cancellation is at most ${MAX_FREE_CANCELLATION_HOURS} hours before the start`,
  );

/** The query of GET /api/leave-terms and GET /api/game-payments: one game. */
export const gameQuery = z.object({
  gameId: z.string({ error: 'gameId is required' }).trim().min(1, 'gameId is required').max(100),
});

export const refundToField = z.enum(REFUND_DESTINATIONS, { error: "refundTo is 'card' or 'credit'" });
