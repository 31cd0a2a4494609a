/**
 * Stripe's own objects (Event, PaymentIntent, Charge, Refund) for a payment of the port, typed by the
 * `stripe` package: each builder `satisfies` its Stripe type, so a field Stripe sends and these lack,
 * or a value of the wrong kind, fails to compile. The simulated processor's webhooks are made of
 * them, so whatever reads Stripe's webhooks reads the simulated ones the same way.
 */
import Stripe from 'stripe';
import { paymentMetadata } from './stripe-webhooks';
import type { Payment, PaymentStatus, PaymentWebhookType, Refund } from './port';

/** A refund with the time it was made (seconds since the epoch), as Stripe lists it. */
export type DatedRefund = Refund & { created: number };

export interface StripePaymentFacts {
  payment: Payment;
  /** When the payment was created, in seconds since the epoch. */
  created: number;
  /** The connected account the money goes to (a destination charge), when there is one. */
  destinationAccount: string | null;
}

/** The charge Stripe makes when a payment intent is confirmed; one per payment here (no retries kept). */
export const chargeIdOf = (paymentId: string) => `ch_${paymentId.replace(/^pi_/, '')}`;

/** The port's status in Stripe's words: a failed attempt leaves the intent waiting for another payment method. */
function intentStatus(status: PaymentStatus): Stripe.PaymentIntent.Status {
  return status === 'failed' ? 'requires_payment_method' : status;
}

/** Whether the payment was attempted (it then has a charge), i.e. confirmed with a card. */
const attempted = (status: PaymentStatus) =>
  status === 'succeeded' || status === 'failed' || status === 'requires_capture';

export function stripePaymentIntent({ payment, created, destinationAccount }: StripePaymentFacts) {
  return {
    id: payment.paymentId,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: payment.amountCents,
    // An authorized payment (issue #45) may be captured in full; nothing else may.
    amount_capturable: payment.status === 'requires_capture' ? payment.amountCents : 0,
    amount_received: payment.status === 'succeeded' ? payment.amountCents : 0,
    application: null,
    application_fee_amount: payment.feeCents,
    automatic_payment_methods: null,
    canceled_at: null,
    // The port cancels only what the app asked to release (a hold of a leaver or of a cancelled game).
    cancellation_reason: payment.status === 'canceled' ? 'requested_by_customer' : null,
    capture_method: payment.captureMethod ?? 'automatic',
    // The client secret is left out of webhooks, as Stripe leaves it out of every server-side read.
    client_secret: null,
    confirmation_method: 'automatic',
    created,
    currency: payment.currency,
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    // The port keeps why an attempt failed, not Stripe's code for it, so the (optional) code is left out.
    last_payment_error: payment.failureMessage ? { type: 'card_error', message: payment.failureMessage } : null,
    latest_charge: attempted(payment.status) ? chargeIdOf(payment.paymentId) : null,
    livemode: false,
    managed_payments: null,
    metadata: paymentMetadata(payment),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: intentStatus(payment.status),
    transfer_data: destinationAccount ? { destination: destinationAccount } : null,
    transfer_group: null,
  } satisfies Stripe.PaymentIntent;
}

export function stripeRefund(refund: DatedRefund, currency: string) {
  return {
    id: refund.refundId,
    object: 'refund',
    amount: refund.amountCents,
    balance_transaction: null,
    charge: chargeIdOf(refund.paymentId),
    created: refund.created,
    currency,
    customer: null,
    customer_account: null,
    metadata: {},
    payment_intent: refund.paymentId,
    payment_method: null,
    reason: null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  } satisfies Stripe.Refund;
}

export function stripeCharge(facts: StripePaymentFacts, refunds: DatedRefund[]) {
  const { payment, created, destinationAccount } = facts;
  const chargeId = chargeIdOf(payment.paymentId);
  const succeeded = payment.status === 'succeeded';
  return {
    id: chargeId,
    object: 'charge',
    amount: payment.amountCents,
    amount_captured: succeeded ? payment.amountCents : 0,
    // An authorized charge is paid (the card holds the money) but not captured.
    amount_refunded: payment.refundedCents,
    application: null,
    application_fee: null,
    application_fee_amount: payment.feeCents,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: null,
    captured: succeeded,
    created,
    currency: payment.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: payment.failureMessage,
    fraud_details: null,
    livemode: false,
    metadata: paymentMetadata(payment),
    on_behalf_of: null,
    outcome: null,
    paid: succeeded || payment.status === 'requires_capture',
    payment_intent: payment.paymentId,
    payment_method: null,
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: payment.refundedCents === payment.amountCents,
    refunds: {
      object: 'list',
      data: refunds.map((refund) => stripeRefund(refund, payment.currency)),
      has_more: false,
      url: `/v1/charges/${chargeId}/refunds`,
    },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: succeeded ? 'succeeded' : payment.status === 'failed' ? 'failed' : 'pending',
    transfer_data: destinationAccount ? { amount: null, destination: destinationAccount } : null,
    transfer_group: null,
  } satisfies Stripe.Charge;
}

export interface StripeEventFacts extends StripePaymentFacts {
  eventId: string;
  type: PaymentWebhookType;
  /** When the event was made, in seconds since the epoch. */
  eventCreated: number;
  /** Every refund of the payment so far (only a `charge.refunded` lists them). */
  refunds: DatedRefund[];
}

const envelope = (facts: StripeEventFacts) =>
  ({
    id: facts.eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: facts.eventCreated,
    livemode: false,
    // Each event goes to one endpoint: the app's.
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  }) as const;

/** The event Stripe sends for a change of a payment: about its charge for a refund, about the intent otherwise. */
export function stripeEvent(facts: StripeEventFacts): Stripe.Event {
  switch (facts.type) {
    case 'charge.refunded':
      return {
        ...envelope(facts),
        type: facts.type,
        data: { object: stripeCharge(facts, facts.refunds) },
      } satisfies Stripe.ChargeRefundedEvent;
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.canceled':
      return {
        ...envelope(facts),
        type: facts.type,
        data: { object: stripePaymentIntent(facts) },
      } satisfies
        | Stripe.PaymentIntentSucceededEvent
        | Stripe.PaymentIntentPaymentFailedEvent
        | Stripe.PaymentIntentAmountCapturableUpdatedEvent
        | Stripe.PaymentIntentCanceledEvent;
  }
}

/** An event's body as the processor sends it. */
export const webhookPayload = (facts: StripeEventFacts): string => JSON.stringify(stripeEvent(facts));
