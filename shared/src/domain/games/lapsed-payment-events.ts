import { z } from 'zod';
import { eventSchema } from '../event-schemas';

/**
 * Issue #45: an entry payment made with Playtime credit that no join used within the window
 * (UNUSED_CREDIT_RETURN_MINUTES) lapses on the game's own stream, where joins are decided: a join and
 * the lapse are decided one after the other, so exactly one of them wins. A lapsed payment joins
 * nothing; its credit goes back to the payer once (the game loop's return-unused-credit job).
 */
export const EntryPaymentLapsed = eventSchema(
  'EntryPaymentLapsed',
  z.object({
    gameId: z.string(),
    playerId: z.string(),
    paymentId: z.string(),
    at: z.iso.datetime({ offset: true }),
  }),
);
