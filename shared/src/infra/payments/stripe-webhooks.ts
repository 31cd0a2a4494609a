/**
 * Webhooks in Stripe's shape and with Stripe's signature scheme (`Stripe-Signature: t=…,v1=…`, an
 * HMAC-SHA256 of `{t}.{raw body}`), done by the official `stripe` package, which needs no network for
 * this. The simulated processor writes its payloads from Stripe's objects (stripe-objects.ts); any adapter
 * reads them with `verifyStripeWebhook`.
 */
import Stripe from 'stripe';
import { z } from 'zod';
import {
  PAYMENT_WEBHOOK_TYPES,
  type Payment,
  type PaymentPurpose,
  type PaymentStatus,
  type WebhookVerification,
} from './port';

export const SIGNATURE_HEADER = 'stripe-signature';
/** Stripe's default: a signature older than this is refused, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

// Only the webhook helpers are used; they never call Stripe's servers, so the key is a placeholder.
const webhooks = new Stripe('sk_test_offline_webhooks_only').webhooks;

export function signWebhook(payload: string, secret: string, timestampSeconds?: number): string {
  return webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestampSeconds === undefined ? {} : { timestamp: timestampSeconds }),
  });
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

/** A payment intent's or charge's status in Stripe's words, read as the port's. */
const stripeStatusSchema = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'failed',
  'canceled',
  'pending',
]);

const paymentObjectSchema = z.object({
  id: z.string(),
  object: z.enum(['payment_intent', 'charge']),
  /** On a charge, the payment it belongs to. */
  payment_intent: z.string().optional(),
  amount: z.number().int(),
  /** Only on a charge; a payment intent's refunds arrive as `charge.refunded`. */
  amount_refunded: z.number().int().optional(),
  currency: z.string(),
  status: stripeStatusSchema,
  application_fee_amount: z.number().int().nullable().optional(),
  /** Only on a payment intent: `manual` for a payment held until captured (issue #45). */
  capture_method: z.string().optional(),
  last_payment_error: z.object({ message: z.string().optional() }).nullable().optional(),
  metadata: metadataSchema,
  transfer_data: z
    .object({ destination: z.union([z.string(), z.object({ id: z.string() })]) })
    .nullable()
    .optional(),
  refunds: refundsSchema.nullable().optional(),
});

const accountObjectSchema = z.object({
  id: z.string(),
  object: z.literal('account'),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  details_submitted: z.boolean(),
  metadata: z.object({ receiver_id: z.string() }),
});

const envelope = {
  id: z.string(),
  object: z.literal('event'),
  created: z.number().int(),
  /** Stripe sends it on every event; a payload without it is taken as test mode. */
  livemode: z.boolean().default(false),
  /** Set when the event comes from a connected account (Connect webhooks). */
  account: z.string().optional(),
};

const eventSchema = z.discriminatedUnion('type', [
  z.object({ ...envelope, type: z.enum(PAYMENT_WEBHOOK_TYPES), data: z.object({ object: paymentObjectSchema }) }),
  z.object({ ...envelope, type: z.literal('account.updated'), data: z.object({ object: accountObjectSchema }) }),
]);

/** Stripe's statuses in the port's: a payment waiting for a (new) card failed if its last attempt failed. */
export function paymentStatusOf(status: string, lastError: unknown): PaymentStatus {
  switch (status) {
    case 'succeeded':
    case 'failed':
    case 'requires_confirmation':
    case 'requires_action':
    case 'requires_capture':
    case 'processing':
    case 'canceled':
      return status;
    case 'requires_payment_method':
      return lastError ? 'failed' : 'requires_confirmation';
    default:
      // Any state Stripe adds later: under way, not yet decided.
      return 'requires_action';
  }
}

export function purposeOf(metadata: {
  purpose_kind?: string;
  hold_id?: string;
  sub_field_id?: string;
  game_id?: string;
}): PaymentPurpose | null {
  if (metadata.purpose_kind === 'rental' && metadata.hold_id) {
    return {
      kind: 'rental',
      holdId: metadata.hold_id,
      ...(metadata.sub_field_id ? { subFieldId: metadata.sub_field_id } : {}),
    };
  }
  if (metadata.purpose_kind === 'entry' && metadata.game_id) return { kind: 'entry', gameId: metadata.game_id };
  return null;
}

/** What a payment's metadata says about it (Stripe keeps it on the payment intent and copies it to its charge). */
export function paymentMetadata(payment: Pick<Payment, 'purpose' | 'payerId' | 'receiverId'>): Record<string, string> {
  return {
    purpose_kind: payment.purpose.kind,
    ...(payment.purpose.kind === 'rental'
      ? {
          hold_id: payment.purpose.holdId,
          ...(payment.purpose.subFieldId ? { sub_field_id: payment.purpose.subFieldId } : {}),
        }
      : { game_id: payment.purpose.gameId }),
    payer_id: payment.payerId,
    receiver_id: payment.receiverId,
  };
}

/** What every Stripe event carries, whatever its type: read before the type decides what else to read. */
const envelopeSchema = z.object({
  ...envelope,
  type: z.string(),
  data: z.object({ object: z.looseObject({ id: z.string().optional() }) }),
});

/** Stripe's first complaint about an object, in words for the admins' records. */
const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'bad shape';
};

/**
 * Verifies the signature of the raw body first (as `stripe.webhooks.constructEvent` does), then reads
 * it; an event of the other mode (a live event at a test key, or the reverse) is refused. A validly
 * signed event the app does not act on is read as `ignored`, to be acknowledged: Stripe sends many
 * types this app has no use for, and retries (and in the end disables the endpoint) on any other answer.
 */
export function verifyStripeWebhook(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string,
  livemode = false,
): WebhookVerification {
  if (!signatureHeader) return { ok: false, reason: 'The Stripe-Signature header is missing.' };
  let parsed: unknown;
  try {
    parsed = webhooks.constructEvent(rawBody, signatureHeader, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    return { ok: false, reason: `The webhook signature does not verify: ${(error as Error).message}` };
  }
  const read = envelopeSchema.safeParse(parsed);
  if (!read.success) return { ok: false, reason: `The webhook is not a Stripe event: ${firstIssue(read.error)}` };
  const { id, created, type } = read.data;
  if (read.data.livemode !== livemode) {
    return {
      ok: false,
      reason: `The webhook is a ${read.data.livemode ? 'live' : 'test'}-mode event but this app runs in ${livemode ? 'live' : 'test'} mode.`,
    };
  }
  const ignored = (reason: string): WebhookVerification => ({
    ok: true,
    event: {
      eventId: id,
      type: 'ignored',
      processorType: type,
      created,
      subject: read.data.data.object.id ?? null,
      reason,
    },
  });
  if (type !== 'account.updated' && !(PAYMENT_WEBHOOK_TYPES as readonly string[]).includes(type))
    return ignored(`The app does not act on ${type} events.`);
  const result = eventSchema.safeParse(parsed);
  if (!result.success) return ignored(`The event is not about anything this app made: ${firstIssue(result.error)}`);
  const event = result.data;
  if (event.type === 'account.updated') {
    const account = event.data.object;
    if (event.account && event.account !== account.id)
      return { ok: false, reason: 'The webhook comes from another account than the one it describes.' };
    return {
      ok: true,
      event: {
        eventId: id,
        type: event.type,
        created,
        account: {
          receiverId: account.metadata.receiver_id,
          accountId: account.id,
          chargesEnabled: account.charges_enabled,
          payoutsEnabled: account.payouts_enabled,
          detailsSubmitted: account.details_submitted,
        },
      },
    };
  }
  // Payments are the platform's own (destination charges): an event sent from a connected account is not about them.
  if (event.account) return ignored(`The event comes from connected account ${event.account}, not from this platform.`);
  const object = event.data.object;
  const purpose = purposeOf(object.metadata);
  if (!purpose) return ignored('The payment has no purpose the app knows.');
  const paymentId = object.object === 'charge' ? object.payment_intent : object.id;
  if (!paymentId) return ignored('The charge names no payment intent.');
  const payment: Payment = {
    paymentId,
    status: paymentStatusOf(object.status, object.last_payment_error),
    amountCents: object.amount,
    currency: object.currency,
    purpose,
    payerId: object.metadata.payer_id,
    receiverId: object.metadata.receiver_id,
    feeCents: object.application_fee_amount ?? 0,
    refundedCents: object.amount_refunded ?? 0,
    failureMessage: object.last_payment_error ? (object.last_payment_error.message ?? 'The payment failed.') : null,
    ...(object.capture_method === 'manual' ? { captureMethod: 'manual' as const } : {}),
  };
  const refunds = (object.refunds?.data ?? []).map((refund) => ({
    refundId: refund.id,
    paymentId,
    amountCents: refund.amount,
  }));
  const destination = object.transfer_data?.destination;
  const destinationAccount =
    destination === undefined ? null : typeof destination === 'string' ? destination : destination.id;
  return { ok: true, event: { eventId: id, type: event.type, created, payment, refunds, destinationAccount } };
}
