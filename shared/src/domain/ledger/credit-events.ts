import { z } from 'zod';
import { eventSchema, typesOf, type EventsOf } from '../event-schemas';

/**
 * Issue #45: Playtime credit, a ledger account per user of what Playtime owes them (DESIGN §9). Stream:
 * `ledger-credit-{userId}`; spending appends with the account's expected revision, so two checkouts
 * never spend the same credit twice. Every grant and spend names its key, so each happens once.
 */
const cents = z.number().int().positive();
/** 'checkout_unused' (issue #45): credit a checkout spent that no join used, or whose card part never succeeded. */
const creditReason = z.enum(['left_in_free_window', 'place_refilled', 'refund', 'payment_failed', 'checkout_unused']);

export const CreditGranted = eventSchema(
  'CreditGranted',
  z.object({
    userId: z.string(),
    amountCents: cents,
    reason: creditReason,
    /** The payment whose refund this credit is (its RefundedToCredit names the same key as refundId). */
    fromPaymentId: z.string(),
    gameId: z.string().nullable(),
    key: z.string(),
    at: z.iso.datetime({ offset: true }),
  }),
);

export const CreditSpent = eventSchema(
  'CreditSpent',
  z.object({
    userId: z.string(),
    amountCents: cents,
    /** The payment credit paid (all of it, or the part the card did not). */
    paymentId: z.string(),
    gameId: z.string(),
    at: z.iso.datetime({ offset: true }),
  }),
);

export const CREDIT_EVENTS = [CreditGranted, CreditSpent] as const;
export type CreditEvent = EventsOf<typeof CREDIT_EVENTS>;
export type CreditGrantReason = z.infer<typeof creditReason>;
export const CREDIT_EVENT_TYPES = typesOf(CREDIT_EVENTS);

export const creditStream = (userId: string) => `ledger-credit-${userId}`;
