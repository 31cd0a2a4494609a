/**
 * What the payments part asks of the things a payment can buy: their price at checkout, and what
 * follows when the processor reports a payment's fate. The game loop's purposes (a rental, an entry)
 * answer it in game-payments.ts; the ledger records every succeeded payment and refund itself, before.
 * Each answer runs at least once per event and must be idempotent: webhooks come twice.
 */
import type { NoShowBan } from '../../domain/users/reliability';
import type { CommandDoor } from '../../infra/commands/command-door';
import type { EventMetadata } from '../../infra/eventstore/port';
import type { CaptureMethod, Payment, PaymentPurpose, PaymentWebhookEvent } from '../../infra/payments/port';

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
  /** Issue #45: `manual` when the payment is only authorized now and charged when its game is on. */
  capture?: CaptureMethod;
}

export interface PaymentPurposes {
  /** `timeZone`: the reader's, for the times a refusal names (UTC when absent). */
  price(purpose: PaymentPurpose, payerId: string, timeZone?: string): Promise<PricedPurpose | null>;
  /** The payment went through (and is in the ledger): complete what it bought. */
  paymentSucceeded(payment: Payment, event: PaymentWebhookEvent): Promise<void>;
  /** The payment was declined. */
  paymentFailed(payment: Payment, event: PaymentWebhookEvent): Promise<void>;
  /** Issue #45: the payment was authorized, not charged (no money yet, nothing in the ledger): complete what it holds. */
  paymentAuthorized(payment: Payment, event: PaymentWebhookEvent): Promise<void>;
}

/** A payment for a purpose of this kind. */
export type PaymentFor<Kind extends PurposeKind> = Payment & { purpose: PurposeOf<Kind> };

/** What one purpose (a rental, an entry) prices and completes a payment with. */
export interface PurposeContext {
  commands: CommandDoor;
  cancellationWindowHours: number;
  /** Issue #44: the no-show ban's settings (its defaults when absent), for who may pay for an entry. */
  noShowBan?: NoShowBan;
  /** Gives back, once, a payment that can no longer buy its purpose, saying why in the log. */
  refundInFull(payment: Payment, why: string): Promise<void>;
  /** The metadata of what a payment's success decides: the payer's, correlated by the payment. */
  metadata(payment: Payment): EventMetadata;
}

/** One purpose's part of PaymentPurposes: its price, and what its payment's success completes. */
export interface Purpose<Kind extends PurposeKind> {
  price(purpose: PurposeOf<Kind>, payerId: string, timeZone?: string): Promise<PricedPurpose | null>;
  succeeded(payment: PaymentFor<Kind>): Promise<void>;
}
