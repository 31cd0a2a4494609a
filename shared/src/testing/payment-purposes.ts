import type { PaymentPurposes, PricedPurpose, PurposeKind, PurposeOf } from '../game-loop/payments/purposes';
import type { Payment, PaymentPurpose, PaymentWebhookEvent } from '../infra/payments/port';

type Handler<Kind extends PurposeKind = PurposeKind> = (
  payment: Payment & { purpose: PurposeOf<Kind> },
  event: PaymentWebhookEvent,
) => Promise<void>;

/**
 * Purposes a payments test sets up as it goes: what a succeeded or failed payment of a kind does is
 * whatever the test says (the game loop's own are in game-loop/payments/game-payments.ts). Nothing is for sale.
 */
export class TestPaymentPurposes implements PaymentPurposes {
  private readonly succeeded = new Map<PurposeKind, Handler[]>();
  private readonly failed = new Map<PurposeKind, Handler[]>();

  onPaymentSucceeded<Kind extends PurposeKind>(kind: Kind, handler: Handler<Kind>): void {
    this.succeeded.set(kind, [...(this.succeeded.get(kind) ?? []), handler as unknown as Handler]);
  }

  onPaymentFailed<Kind extends PurposeKind>(kind: Kind, handler: Handler<Kind>): void {
    this.failed.set(kind, [...(this.failed.get(kind) ?? []), handler as unknown as Handler]);
  }

  async price(_purpose: PaymentPurpose, _payerId: string): Promise<PricedPurpose | null> {
    return null;
  }

  async paymentSucceeded(payment: Payment, event: PaymentWebhookEvent): Promise<void> {
    for (const handler of this.succeeded.get(payment.purpose.kind) ?? []) await handler(payment, event);
  }

  async paymentFailed(payment: Payment, event: PaymentWebhookEvent): Promise<void> {
    for (const handler of this.failed.get(payment.purpose.kind) ?? []) await handler(payment, event);
  }

  /** Issue #45: an authorized payment does whatever a succeeded one of its kind does in these tests. */
  async paymentAuthorized(payment: Payment, event: PaymentWebhookEvent): Promise<void> {
    await this.paymentSucceeded(payment, event);
  }
}
