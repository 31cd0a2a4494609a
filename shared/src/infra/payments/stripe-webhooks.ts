/**
 * Webhooks in Stripe's shape and with Stripe's signature scheme (`Stripe-Signature: t=…,v1=…`, an
 * HMAC-SHA256 of `{t}.{raw body}`), done by the official `stripe` package, which needs no network for
 * this. The simulated processor writes these payloads; any adapter reads them with `verifyStripeWebhook`.
 */
import Stripe from 'stripe';
import { z } from 'zod';
import { PAYMENT_WEBHOOK_TYPES, type Payment, type PaymentPurpose, type PaymentWebhookType, type Refund, type WebhookVerification } from './port';

export const SIGNATURE_HEADER = 'stripe-signature';
/** Stripe's default: a signature older than this is refused, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

// Only the webhook helpers are used; they never call Stripe's servers, so the key is a placeholder.
const webhooks = new Stripe('sk_test_offline_webhooks_only').webhooks;

export function signWebhook(payload: string, secret: string, timestampSeconds?: number): string {
  return webhooks.generateTestHeaderString({ payload, secret, ...(timestampSeconds === undefined ? {} : { timestamp: timestampSeconds }) });
}

const metadataSchema = z.object({
  purpose_kind: z.enum(['rental', 'entry']),
  hold_id: z.string().optional(),
  sub_field_id: z.string().optional(),
  game_id: z.string().optional(),
  payer_id: z.string(),
  receiver_id: z.string(),
});

const refundsSchema = z.object({ data: z.array(z.object({ id: z.string(), amount: z.number().int() })) });

const paymentObjectSchema = z.object({
  id: z.string(),
  object: z.enum(['payment_intent', 'charge']),
  /** On a charge, the payment it belongs to. */
  payment_intent: z.string().optional(),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  currency: z.string(),
  status: z.enum(['requires_confirmation', 'requires_action', 'succeeded', 'failed']),
  application_fee_amount: z.number().int(),
  last_payment_error: z.object({ message: z.string() }).nullable(),
  metadata: metadataSchema,
  refunds: refundsSchema.optional(),
});

const eventSchema = z.object({
  id: z.string(),
  object: z.literal('event'),
  type: z.enum(PAYMENT_WEBHOOK_TYPES),
  created: z.number().int(),
  data: z.object({ object: paymentObjectSchema }),
});

function purposeOf(metadata: z.infer<typeof metadataSchema>): PaymentPurpose | null {
  if (metadata.purpose_kind === 'rental' && metadata.hold_id) {
    return { kind: 'rental', holdId: metadata.hold_id, ...(metadata.sub_field_id ? { subFieldId: metadata.sub_field_id } : {}) };
  }
  if (metadata.purpose_kind === 'entry' && metadata.game_id) return { kind: 'entry', gameId: metadata.game_id };
  return null;
}

/** The event body for a payment, shaped as Stripe sends it (a charge for refunds, a payment intent otherwise). */
export function webhookPayload(eventId: string, type: PaymentWebhookType, createdSeconds: number, payment: Payment, refunds: Refund[]): string {
  const common = {
    amount: payment.amountCents,
    amount_refunded: payment.refundedCents,
    currency: payment.currency,
    status: payment.status,
    application_fee_amount: payment.feeCents,
    last_payment_error: payment.failureMessage ? { message: payment.failureMessage } : null,
    metadata: {
      purpose_kind: payment.purpose.kind,
      ...(payment.purpose.kind === 'rental'
        ? { hold_id: payment.purpose.holdId, ...(payment.purpose.subFieldId ? { sub_field_id: payment.purpose.subFieldId } : {}) }
        : { game_id: payment.purpose.gameId }),
      payer_id: payment.payerId,
      receiver_id: payment.receiverId,
    },
  };
  const object =
    type === 'charge.refunded'
      ? { id: `ch_${payment.paymentId}`, object: 'charge', payment_intent: payment.paymentId, ...common, refunds: { data: refunds.map((refund) => ({ id: refund.refundId, amount: refund.amountCents })) } }
      : { id: payment.paymentId, object: 'payment_intent', ...common };
  return JSON.stringify({ id: eventId, object: 'event', type, created: createdSeconds, data: { object } });
}

/** Verifies the signature of the raw body first (as `stripe.webhooks.constructEvent` does), then reads it. */
export function verifyStripeWebhook(rawBody: Buffer | string, signatureHeader: string | undefined, secret: string): WebhookVerification {
  if (!signatureHeader) return { ok: false, reason: 'The Stripe-Signature header is missing.' };
  let parsed: unknown;
  try {
    parsed = webhooks.constructEvent(rawBody, signatureHeader, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    return { ok: false, reason: `The webhook signature does not verify: ${(error as Error).message}` };
  }
  const result = eventSchema.safeParse(parsed);
  if (!result.success) return { ok: false, reason: `The webhook is not a payment event this app understands: ${result.error.issues[0]?.message ?? 'bad shape'}` };
  const { id, type, created, data } = result.data;
  const object = data.object;
  const purpose = purposeOf(object.metadata);
  if (!purpose) return { ok: false, reason: 'The webhook payment has no purpose the app knows.' };
  const paymentId = object.object === 'charge' ? object.payment_intent : object.id;
  if (!paymentId) return { ok: false, reason: 'The webhook charge names no payment.' };
  const payment: Payment = {
    paymentId,
    status: object.status,
    amountCents: object.amount,
    currency: object.currency,
    purpose,
    payerId: object.metadata.payer_id,
    receiverId: object.metadata.receiver_id,
    feeCents: object.application_fee_amount,
    refundedCents: object.amount_refunded,
    failureMessage: object.last_payment_error?.message ?? null,
  };
  const refunds = (object.refunds?.data ?? []).map((refund) => ({ refundId: refund.id, paymentId, amountCents: refund.amount }));
  return { ok: true, event: { eventId: id, type, created, payment, refunds } };
}
