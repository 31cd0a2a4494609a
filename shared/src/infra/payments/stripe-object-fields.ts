/**
 * The fields of Stripe's objects as the `stripe` package types them, for checking at run time that a
 * webhook body is one of Stripe's objects. Each table is typed `FieldRules<Stripe.X>`: a field the
 * package adds, drops, makes optional or nullable fails to compile until the table says the same, so
 * the run-time check below always follows the package's types.
 */
import type Stripe from 'stripe';

type Presence<T, K extends keyof T> = object extends Pick<T, K> ? 'optional' : 'required';
type Nullability<T, K extends keyof T> = null extends T[K] ? ' or null' : '';
/** For each field of `T`: whether it must be present, and whether it may be null. */
export type FieldRules<T> = { readonly [K in keyof T]-?: `${Presence<T, K>}${Nullability<T, K>}` };

export const EVENT_FIELDS: FieldRules<Stripe.PaymentIntentSucceededEvent> = {
  id: 'required',
  object: 'required',
  account: 'optional',
  api_version: 'required or null',
  context: 'optional',
  created: 'required',
  data: 'required',
  livemode: 'required',
  pending_webhooks: 'required',
  request: 'required or null',
  type: 'required',
};

export const PAYMENT_INTENT_FIELDS: FieldRules<Stripe.PaymentIntent> = {
  id: 'required',
  object: 'required',
  allowed_payment_method_types: 'required or null',
  amount: 'required',
  amount_capturable: 'required',
  amount_details: 'optional',
  amount_received: 'required',
  application: 'required or null',
  application_fee_amount: 'required or null',
  automatic_payment_methods: 'required or null',
  canceled_at: 'required or null',
  cancellation_reason: 'required or null',
  capture_method: 'required',
  client_secret: 'required or null',
  confirmation_method: 'required',
  created: 'required',
  currency: 'required',
  customer: 'required or null',
  customer_account: 'required or null',
  description: 'required or null',
  excluded_payment_method_types: 'required or null',
  hooks: 'optional',
  last_payment_error: 'required or null',
  latest_charge: 'required or null',
  livemode: 'required',
  managed_payments: 'required or null',
  metadata: 'required',
  next_action: 'required or null',
  on_behalf_of: 'required or null',
  payment_details: 'optional',
  payment_method: 'required or null',
  payment_method_configuration_details: 'required or null',
  payment_method_options: 'required or null',
  payment_method_types: 'required',
  payment_record: 'required or null',
  presentment_details: 'optional',
  processing: 'required or null',
  receipt_email: 'required or null',
  review: 'required or null',
  setup_future_usage: 'required or null',
  shipping: 'required or null',
  source: 'required or null',
  statement_descriptor: 'required or null',
  statement_descriptor_suffix: 'required or null',
  status: 'required',
  transfer_data: 'optional or null',
  transfer_group: 'required or null',
};

export const CHARGE_FIELDS: FieldRules<Stripe.Charge> = {
  id: 'required',
  object: 'required',
  amount: 'required',
  amount_captured: 'required',
  amount_refunded: 'required',
  application: 'required or null',
  application_fee: 'required or null',
  application_fee_amount: 'required or null',
  authorization_code: 'optional',
  balance_transaction: 'required or null',
  billing_details: 'required',
  calculated_statement_descriptor: 'required or null',
  captured: 'required',
  created: 'required',
  currency: 'required',
  customer: 'required or null',
  description: 'required or null',
  disputed: 'required',
  failure_balance_transaction: 'required or null',
  failure_code: 'required or null',
  failure_message: 'required or null',
  fraud_details: 'required or null',
  level3: 'optional',
  livemode: 'required',
  metadata: 'required',
  on_behalf_of: 'required or null',
  outcome: 'required or null',
  paid: 'required',
  payment_intent: 'required or null',
  payment_method: 'required or null',
  payment_method_details: 'required or null',
  presentment_details: 'optional',
  radar_options: 'optional',
  receipt_email: 'required or null',
  receipt_number: 'required or null',
  receipt_url: 'required or null',
  refunded: 'required',
  refunds: 'optional or null',
  review: 'required or null',
  shipping: 'required or null',
  source: 'required or null',
  source_transfer: 'required or null',
  statement_descriptor: 'required or null',
  statement_descriptor_suffix: 'required or null',
  status: 'required',
  transfer: 'optional',
  transfer_data: 'required or null',
  transfer_group: 'required or null',
};

export const REFUND_FIELDS: FieldRules<Stripe.Refund> = {
  id: 'required',
  object: 'required',
  amount: 'required',
  balance_transaction: 'required or null',
  charge: 'required or null',
  created: 'required',
  currency: 'required',
  customer: 'required or null',
  customer_account: 'required or null',
  description: 'optional',
  destination_details: 'optional',
  failure_balance_transaction: 'optional',
  failure_reason: 'optional',
  instructions_email: 'optional',
  metadata: 'required or null',
  next_action: 'optional',
  payment_intent: 'required or null',
  payment_method: 'required or null',
  pending_reason: 'optional',
  presentment_details: 'optional',
  reason: 'required or null',
  receipt_number: 'required or null',
  source_transfer_reversal: 'required or null',
  status: 'required or null',
  transfer_reversal: 'required or null',
};

export const LIST_FIELDS: FieldRules<Stripe.ApiList<Stripe.Refund>> = {
  object: 'required',
  data: 'required',
  has_more: 'required',
  url: 'required',
};

/** What is wrong with `value` as an object with these fields, each problem naming the field's path. */
export function fieldProblems(value: unknown, rules: Record<string, string>, path: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path} is not an object`];
  const object = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    if (!(field in object)) {
      if (rule.startsWith('required')) problems.push(`${path}.${field} is missing`);
    } else if (object[field] === null && !rule.endsWith('or null')) problems.push(`${path}.${field} is null`);
  }
  for (const field of Object.keys(object))
    if (!(field in rules)) problems.push(`${path}.${field} is not a field of Stripe's object`);
  return problems;
}

/** What is wrong with a payment webhook's body as Stripe's event, down to its payment intent or charge and refunds. */
export function stripeEventProblems(body: string): string[] {
  const event = JSON.parse(body) as { type?: string; data?: { object?: Record<string, unknown> } };
  const problems = fieldProblems(event, EVENT_FIELDS, 'event');
  const object = event.data?.object;
  if (event.type === 'charge.refunded') {
    problems.push(...fieldProblems(object, CHARGE_FIELDS, 'charge'));
    const refunds = object?.refunds as { data?: unknown[] } | null | undefined;
    if (refunds) {
      problems.push(...fieldProblems(refunds, LIST_FIELDS, 'charge.refunds'));
      (refunds.data ?? []).forEach((refund, index) =>
        problems.push(...fieldProblems(refund, REFUND_FIELDS, `charge.refunds.data[${index}]`)),
      );
    }
  } else {
    problems.push(...fieldProblems(object, PAYMENT_INTENT_FIELDS, 'payment_intent'));
  }
  return problems;
}
