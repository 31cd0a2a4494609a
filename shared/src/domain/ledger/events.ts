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
  z.object({
    paymentId: z.string(),
    receiverId: z.string(),
    payerId: z.string(),
    amountCents: cents,
    currency: z.string(),
    purpose: purposeSchema,
  }),
);
export const FeeCharged = eventSchema(
  'FeeCharged',
  z.object({ paymentId: z.string(), receiverId: z.string(), amountCents: cents }),
);
const refund = z.object({
  paymentId: z.string(),
  refundId: z.string(),
  receiverId: z.string(),
  payerId: z.string(),
  amountCents: cents,
});
export const RefundIssued = eventSchema('RefundIssued', refund);

/**
 * Issue #45: the payment (or part of it) went back to its payer as Playtime credit, not to the card: the
 * receiver no longer has it, and Playtime owes it to the payer (their credit account, credit-events.ts).
 * The processor knows nothing of it, so reconciliation compares card refunds alone with its books.
 */
export const RefundedToCredit = eventSchema('RefundedToCredit', refund);

/**
 * How the processor's books and the ledger disagreed about a payment when reconciliation compared
 * them; `unknown_to_processor`: a validly signed webhook named a payment the processor does not know
 * (never booked; its payer and receiver are as the webhook claimed them). Old events all read as before.
 */
export const DIFFERENCE_KINDS = [
  'payment_not_applied',
  'refund_not_applied',
  'amount_differs',
  'ledger_refunded_more',
  'failed_payment_in_ledger',
  'unknown_to_processor',
  // Issue #45: Playtime credit disagrees with the ledger (credit-reconciliation.ts); its processor side is the credit account's.
  'credit_without_refund',
  'credit_spend_unpaid',
  'credit_below_zero',
] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

/**
 * Reconciliation found the processor and the ledger apart. `applied`: reconciliation brought the
 * ledger up to the processor (a lost webhook); `needs_attention`: a person has to look (the ledger is
 * never changed to match a processor that says less, since that would hide the cause).
 */
export const PaymentDifferenceFound = eventSchema(
  'PaymentDifferenceFound',
  z.object({
    paymentId: z.string(),
    receiverId: z.string(),
    payerId: z.string(),
    kind: z.enum(DIFFERENCE_KINDS),
    processorStatus: z.string(),
    processorAmountCents: cents,
    processorRefundedCents: cents,
    /** Null: the ledger had no entry of this payment. */
    ledgerAmountCents: cents.nullable(),
    ledgerRefundedCents: cents,
    resolution: z.enum(['applied', 'needs_attention']),
  }),
);

export const LEDGER_EVENTS = [
  PaymentReceived,
  FeeCharged,
  RefundIssued,
  PaymentDifferenceFound,
  RefundedToCredit,
] as const;

export type LedgerEvent = EventsOf<typeof LEDGER_EVENTS>;
export type LedgerPurpose = z.infer<typeof purposeSchema>;

export const ledgerStream = (paymentId: string) => `ledger-payment-${paymentId}`;

export const LEDGER_EVENT_TYPES = typesOf(LEDGER_EVENTS);

/** The events that move money (the balance's entries); a difference only reports. */
export const MONEY_EVENT_TYPES = typesOf([PaymentReceived, FeeCharged, RefundIssued, RefundedToCredit] as const);
