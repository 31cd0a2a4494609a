import { z } from 'zod';
import { eventSchema, typesOf, type EventsOf } from '../event-schemas';

/**
 * The ledger: what money moved for each payment, as entries per receiver (an organizer or a field
 * owner), in integer cents. Stream: `ledger-payment-{paymentId}`, so a payment is recorded once and its
 * refunds are checked against it under any concurrency.
 */

const cents = z.number().int().nonnegative();
const purposeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rental'), holdId: z.string(), subFieldId: z.string().optional() }),
  z.object({ kind: z.literal('entry'), gameId: z.string() }),
]);

export const PaymentReceived = eventSchema(
  'PaymentReceived',
  z.object({ paymentId: z.string(), receiverId: z.string(), payerId: z.string(), amountCents: cents, currency: z.string(), purpose: purposeSchema }),
);
export const FeeCharged = eventSchema('FeeCharged', z.object({ paymentId: z.string(), receiverId: z.string(), amountCents: cents }));
export const RefundIssued = eventSchema(
  'RefundIssued',
  z.object({ paymentId: z.string(), refundId: z.string(), receiverId: z.string(), payerId: z.string(), amountCents: cents }),
);

export const LEDGER_EVENTS = [PaymentReceived, FeeCharged, RefundIssued] as const;

export type LedgerEvent = EventsOf<typeof LEDGER_EVENTS>;
export type LedgerPurpose = z.infer<typeof purposeSchema>;

export const ledgerStream = (paymentId: string) => `ledger-payment-${paymentId}`;

export const LEDGER_EVENT_TYPES = typesOf(LEDGER_EVENTS);
