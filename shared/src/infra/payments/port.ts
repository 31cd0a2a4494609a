/**
 * The payment processor port. Money is integer cents. Every adapter (the simulated card processor
 * embedded by default; Stripe when configured) passes `payment-processor.contract.ts`, and both sign
 * their webhooks with Stripe's scheme, so the app's webhook path is the same whichever one runs.
 */

import type { PaymentPurpose } from '../../contract/payments';

/** What a payment buys (the contract's shape); the server prices it and later checks the payment against it. */
export type { PaymentPurpose };

/**
 * Stripe's states, as the port reads them: a payment created with manual capture stops at
 * `requires_capture` once the card is authorized (no money has moved), then is captured (`succeeded`)
 * or cancelled (`canceled`, the hold released). A failed attempt reads `failed`. `processing`: the
 * payer's bank has the payment and has not answered yet; it can be neither cancelled nor captured until
 * it does, and it then succeeds or fails with its webhook.
 */
export type PaymentStatus =
  'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'failed' | 'canceled';

/** `automatic`: charged when confirmed; `manual`: only authorized when confirmed, charged by `capturePayment`. */
export type CaptureMethod = 'automatic' | 'manual';

export interface CreatePaymentInput {
  amountCents: number;
  currency: string;
  purpose: PaymentPurpose;
  payerId: string;
  /** The user who receives the money (an organizer or a field owner). */
  receiverId: string;
  /** The same key returns the same payment; a key reused for a different payment is refused. */
  idempotencyKey: string;
  /** Absent: `automatic` (charged at once). `manual`: the card is only authorized until captured (issue #45). */
  capture?: CaptureMethod;
}

export interface CreatedPayment {
  paymentId: string;
  /** `{paymentId}_secret_{random}`, as with Stripe: the client learns the payment's id from it. */
  clientSecret: string;
}

export interface Payment {
  paymentId: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  purpose: PaymentPurpose;
  payerId: string;
  receiverId: string;
  /** The processor's fee for this payment, charged to the receiver. */
  feeCents: number;
  refundedCents: number;
  /** Why the last attempt failed, in words a payer can act on; null otherwise. */
  failureMessage: string | null;
  /** How it is charged (issue #45); absent: `automatic`. */
  captureMethod?: CaptureMethod;
}

export interface RefundInput {
  paymentId: string;
  /** Omitted: whatever has not been refunded yet. */
  amountCents?: number;
  /** The same key refunds once; derive it from what caused the refund. */
  idempotencyKey: string;
}

export interface Refund {
  refundId: string;
  paymentId: string;
  amountCents: number;
}

/** A refusal with a reason a person (or the calling code) can act on. */
export class PaymentRefused extends Error {
  override readonly name = 'PaymentRefused';
  constructor(
    readonly code:
      | 'payment_not_found'
      | 'payment_not_succeeded'
      | 'refund_exceeds_payment'
      | 'nothing_to_refund'
      | 'invalid_amount'
      | 'idempotency_key_reused'
      | 'payment_not_capturable'
      | 'payment_not_cancelable',
    message: string,
  ) {
    super(message);
  }
}

/** Why a payment cannot be cancelled, in both adapters' words: charged already, or its bank has not answered. */
export function notCancelable(paymentId: string, status: PaymentStatus): PaymentRefused {
  return new PaymentRefused(
    'payment_not_cancelable',
    status === 'processing'
      ? `Payment ${paymentId} cannot be cancelled while the payer's bank is processing it; it succeeds or fails when the bank answers.`
      : `Payment ${paymentId} cannot be cancelled: it was charged already; refund it instead.`,
  );
}

export const PAYMENT_WEBHOOK_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  // Issue #45: a manual-capture payment's card was authorized (it now `requires_capture`), or its hold released.
  'payment_intent.amount_capturable_updated',
  'payment_intent.canceled',
] as const;
export type PaymentWebhookType = (typeof PAYMENT_WEBHOOK_TYPES)[number];

/** A receiver's connected account and whether it may take charges and pay out (Stripe's `account.updated`). */
export interface ConnectedAccountStatus {
  receiverId: string;
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** One payment in the processor's books, in the order it made them; `cursor` lists the payments after it. */
export interface ListedPayment {
  payment: Payment;
  cursor: string;
  /** Seconds since the epoch, when the payment was created. */
  created: number;
}

/** A verified webhook: what happened to which payment, with the payment as it was when the event was made. */
export interface PaymentWebhookEvent {
  eventId: string;
  type: PaymentWebhookType;
  /** Seconds since the epoch, when the processor made the event. */
  created: number;
  payment: Payment;
  /** Every refund of the payment so far (charge.refunded), so a late or repeated event loses none. */
  refunds: Refund[];
  /** The connected account the money goes to (`transfer_data.destination`), when the payload names one. */
  destinationAccount: string | null;
}

/** A connected account changed (Stripe's `account.updated`). */
export interface AccountWebhookEvent {
  eventId: string;
  type: 'account.updated';
  created: number;
  account: ConnectedAccountStatus;
}

/**
 * A validly signed event the app does not act on: a type it does not handle (Stripe sends many, e.g.
 * `payment_intent.created`, `charge.succeeded`, `customer.created`) or one about something that is not
 * the app's (a payment without its metadata, a connected account's own payment). It is acknowledged
 * (Stripe retries any other answer and disables an endpoint that keeps failing) and recorded as ignored.
 */
export interface IgnoredWebhookEvent {
  eventId: string;
  type: 'ignored';
  /** The processor's name for the event, e.g. `customer.created`. */
  processorType: string;
  created: number;
  /** The id of the object the event is about, when it names one. */
  subject: string | null;
  /** Why the app does not act on it. */
  reason: string;
}

export type ProcessorWebhookEvent = PaymentWebhookEvent | AccountWebhookEvent | IgnoredWebhookEvent;

export type WebhookVerification = { ok: true; event: ProcessorWebhookEvent } | { ok: false; reason: string };

export interface PaymentProcessor {
  /** The receiver's connected account, created on first use; always the same id for the same receiver. */
  connectedAccount(receiverId: string): Promise<string>;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  retrievePayment(paymentId: string): Promise<Payment | null>;
  /** Refuses (PaymentRefused) a payment that has not succeeded, or more than is left of it. */
  refund(input: RefundInput): Promise<Refund>;
  /**
   * Charges an authorized (`requires_capture`) payment in full: it then `succeeded`, reported by
   * `payment_intent.succeeded`. Capturing one captured already answers it as it is; a cancelled or
   * never-authorized one is refused (`payment_not_capturable`).
   */
  capturePayment(paymentId: string, idempotencyKey: string): Promise<Payment>;
  /**
   * Releases a payment that has not been charged (an authorization, or one never confirmed): it is then
   * `canceled`, reported by `payment_intent.canceled`. Cancelling one cancelled already answers it as it
   * is; a succeeded (captured) one is refused (`payment_not_cancelable`): refund it instead.
   */
  cancelPayment(paymentId: string, idempotencyKey: string): Promise<Payment>;
  /** Every refund of a payment so far, oldest first (Stripe's `charge.refunded` payload no longer lists them). */
  listRefunds(paymentId: string): Promise<Refund[]>;
  /** Checks the signature of the raw body before reading anything from it, then that it is of this processor's mode (test or live). */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): WebhookVerification;
  /** The receiver's account as last reported; null when the receiver has none yet. */
  accountStatus(receiverId: string): Promise<ConnectedAccountStatus | null>;
  /** Keeps what a verified `account.updated` says; false (nothing kept) when the account is not the receiver's. */
  recordAccountStatus(status: ConnectedAccountStatus): Promise<boolean>;
  /** Where the receiver sets up payouts (Stripe's hosted onboarding), coming back to `returnUrl`. */
  onboardingLink(receiverId: string, returnUrl: string): Promise<string>;
  /** Payments made after `sinceCursor` (all when null), oldest first, at most `limit`; reconciliation walks them. */
  listPayments(sinceCursor: string | null, limit?: number): Promise<ListedPayment[]>;
}

/** The payment id inside a client secret, or null when it does not read `{paymentId}_secret_{random}`. */
export function paymentIdOfClientSecret(clientSecret: string): string | null {
  const match = /^(.+)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return match ? match[1]! : null;
}
