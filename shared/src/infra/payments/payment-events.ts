/**
 * What the app does when the processor reports a payment's fate. The ledger records every succeeded
 * payment and refund itself; features register what a payment buys (`onPaymentSucceeded('rental', …)`
 * completes a booking, `onPaymentSucceeded('entry', …)` a paid join) and how a purpose is priced at
 * checkout. Handlers run at least once per event and must be idempotent: webhooks come twice.
 */
import type { Payment, PaymentPurpose, PaymentWebhookEvent } from './port';

export type PurposeKind = PaymentPurpose['kind'];
export type PurposeOf<Kind extends PurposeKind> = Extract<PaymentPurpose, { kind: Kind }>;

export type PaymentHandler<Kind extends PurposeKind = PurposeKind> = (
  payment: Payment & { purpose: PurposeOf<Kind> },
  event: PaymentWebhookEvent,
) => Promise<void>;

/**
 * The server's price of a purpose, who receives the money, and the purpose as the payment records it
 * (completed by the server: a rental always names its sub-field); null when the purpose cannot be
 * bought (no such hold…).
 */
export type PricePurpose<Kind extends PurposeKind = PurposeKind> = (
  purpose: PurposeOf<Kind>,
  payerId: string,
) => Promise<{
  amountCents: number;
  receiverId: string;
  purpose: PurposeOf<Kind>;
  /** How many payments this payer has made for this purpose before: a new round is a new payment. */
  round?: number;
} | null>;

/** Handlers are kept by purpose kind and only ever called with a payment of that kind, hence the widening casts. */
export class PaymentPurposes {
  private readonly succeeded = new Map<PurposeKind, PaymentHandler[]>();
  private readonly failed = new Map<PurposeKind, PaymentHandler[]>();
  private readonly pricing = new Map<PurposeKind, PricePurpose>();

  onPaymentSucceeded<Kind extends PurposeKind>(kind: Kind, handler: PaymentHandler<Kind>): void {
    this.succeeded.set(kind, [...(this.succeeded.get(kind) ?? []), handler as unknown as PaymentHandler]);
  }

  onPaymentFailed<Kind extends PurposeKind>(kind: Kind, handler: PaymentHandler<Kind>): void {
    this.failed.set(kind, [...(this.failed.get(kind) ?? []), handler as unknown as PaymentHandler]);
  }

  /** One pricing per purpose kind: a second registration is a wiring mistake. */
  priceWith<Kind extends PurposeKind>(kind: Kind, price: PricePurpose<Kind>): void {
    if (this.pricing.has(kind)) throw new Error(`Payments for ${kind} are already priced`);
    this.pricing.set(kind, price as unknown as PricePurpose);
  }

  /** Undefined when nothing prices this kind of purpose (yet). */
  pricingOf(kind: PurposeKind): PricePurpose | undefined {
    return this.pricing.get(kind);
  }

  async paymentSucceeded(event: PaymentWebhookEvent): Promise<void> {
    for (const handler of this.succeeded.get(event.payment.purpose.kind) ?? []) await handler(event.payment, event);
  }

  async paymentFailed(event: PaymentWebhookEvent): Promise<void> {
    for (const handler of this.failed.get(event.payment.purpose.kind) ?? []) await handler(event.payment, event);
  }
}
