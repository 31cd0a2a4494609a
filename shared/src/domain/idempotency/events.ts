import { z } from 'zod';
import { eventSchema, typesOf, type EventsOf } from '../event-schemas';
/**
 * An Idempotency-Key's stream, `idempotency-{stableId(user, key)}`: which request first used the key,
 * then the answer it got once it succeeded (DESIGN §5). No read model handles them; the admin history
 * shows them like every other event.
 */
const idempotentAnswer = z.object({
  status: z.number().int(),
  contentType: z.string().nullable(),
  /** The X-Playtime-Position the answer carried, so a replayed answer still lets its reader wait for the write. */
  position: z.string().nullable(),
  body: z.string(),
});
export type IdempotentAnswer = z.infer<typeof idempotentAnswer>;

export const IdempotencyKeyUsed = eventSchema('IdempotencyKeyUsed', z.object({ requestHash: z.string() }));

export const IdempotencyKeyAnswered = eventSchema('IdempotencyKeyAnswered', idempotentAnswer);

export const IDEMPOTENCY_EVENTS = [IdempotencyKeyUsed, IdempotencyKeyAnswered] as const;

export type IdempotencyKeyEvent = EventsOf<typeof IDEMPOTENCY_EVENTS>;

export const IDEMPOTENCY_EVENT_TYPES = typesOf(IDEMPOTENCY_EVENTS);
