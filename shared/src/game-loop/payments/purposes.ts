/**
 * What the payments part asks of the things a payment can buy: their price at checkout, and what
 * follows when the processor reports a payment's fate. The game loop's purposes (a rental, an entry)
 * answer it in game-payments.ts; the ledger records every succeeded payment and refund itself, before.
 * Each answer runs at least once per event and must be idempotent: webhooks come twice.
 */
import type { Payment, PaymentPurpose, PaymentWebhookEvent } from '../../infra/payments/port';

export type PurposeKind = PaymentPurpose['kind'];
export type PurposeOf<Kind extends PurposeKind> = Extract<PaymentPurpose, { kind: Kind }>;

/**
 * The server's price of a purpose, who receives the money, and the purpose as the payment records it
 * (completed by the server: a rental always names its sub-field); null when the purpose cannot be
 * bought (no such hold…).
 */
export interface PricedPurpose {
  amountCents: number;
  receiverId: string;
  purpose: PaymentPurpose;
  /** How many payments this payer has made for this purpose before: a new round is a new payment. */
  round?: number;
}

export interface PaymentPurposes {
  /** `timeZone`: the reader's, for the times a refusal names (UTC when absent). */
  price(purpose: PaymentPurpose, payerId: string, timeZone?: string): Promise<PricedPurpose | null>;
  /** The payment went through (and is in the ledger): complete what it bought. */
  paymentSucceeded(payment: Payment, event: PaymentWebhookEvent): Promise<void>;
  /** The payment was declined. */
  paymentFailed(payment: Payment, event: PaymentWebhookEvent): Promise<void>;
}
