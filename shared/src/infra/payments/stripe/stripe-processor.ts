/**
 * The Stripe adapter: Connect Express accounts (one per receiver, kept in `stripe_payments.accounts`),
 * PaymentIntents as destination charges to the receiver's account with the platform's application
 * fee, refunds that reverse the transfer and the fee, and Stripe's own signed webhooks. Every call
 * that creates something carries an idempotency key, so a retried command or job never charges twice.
 */
import type pg from 'pg';
import Stripe from 'stripe';
import { migrate } from '../../db/migrations';
import {
  notCancelable,
  PaymentRefused,
  type ConnectedAccountStatus,
  type CreatePaymentInput,
  type CreatedPayment,
  type ListedPayment,
  type Payment,
  type PaymentProcessor,
  type PaymentStatus,
  type Refund,
  type RefundInput,
  type WebhookVerification,
} from '../port';
import { paymentMetadata, paymentStatusOf, purposeOf, verifyStripeWebhook } from '../stripe-webhooks';
import { stripeAccountMigrations } from './schema';

export interface StripeProcessorOptions {
  secretKey: string;
  webhookSecret: string;
  /** The platform's fee per payment, in cents (the setting STRIPE_APPLICATION_FEE_*). Default: none. */
  applicationFeeCents?: (amountCents: number) => number;
  /** Tests point the client at a local server that answers as Stripe's API does. */
  client?: Stripe;
  /** How far back a listing without a cursor starts. */
  listWindowSeconds?: number;
}

/** The keys' mode: `sk_live_…`/`rk_live_…` are live, anything else test. */
export const isLiveKey = (secretKey: string) => /^(sk|rk)_live_/.test(secretKey);

/** A Stripe client with the adapter's settings (retries make Stripe's 409s on a key in use wait their turn). */
export function createStripeClient(secretKey: string, overrides: Partial<Stripe.StripeConfig> = {}): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 3, typescript: true, appInfo: { name: 'Playtime' }, ...overrides });
}

interface StripeErrorLike {
  type?: string;
  code?: string;
  statusCode?: number;
  param?: string;
  message: string;
}
const stripeError = (error: unknown): StripeErrorLike | null =>
  error instanceof Error &&
  typeof (error as StripeErrorLike).type === 'string' &&
  (error as StripeErrorLike).type!.startsWith('Stripe')
    ? (error as StripeErrorLike)
    : null;
const isMissing = (error: unknown) => stripeError(error)?.code === 'resource_missing';

interface AccountRow {
  receiver_id: string;
  account_id: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
}
const toStatus = (row: AccountRow): ConnectedAccountStatus => ({
  receiverId: row.receiver_id,
  accountId: row.account_id,
  chargesEnabled: row.charges_enabled,
  payoutsEnabled: row.payouts_enabled,
  detailsSubmitted: row.details_submitted,
});

/** A PaymentIntent (its latest charge expanded, for what was refunded) as the port's Payment; null when its metadata is not ours. */
export function paymentOfIntent(intent: Stripe.PaymentIntent): Payment | null {
  const purpose = purposeOf(intent.metadata);
  const { payer_id: payerId, receiver_id: receiverId } = intent.metadata;
  if (!purpose || !payerId || !receiverId) return null;
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    paymentId: intent.id,
    status: paymentStatusOf(intent.status, intent.last_payment_error),
    amountCents: intent.amount,
    currency: intent.currency,
    purpose,
    payerId,
    receiverId,
    feeCents: intent.application_fee_amount ?? 0,
    refundedCents: charge?.amount_refunded ?? 0,
    failureMessage: intent.last_payment_error ? (intent.last_payment_error.message ?? 'The payment failed.') : null,
    ...(intent.capture_method === 'manual' ? { captureMethod: 'manual' as const } : {}),
  };
}

export class StripePaymentProcessor implements PaymentProcessor {
  readonly livemode: boolean;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly stripe: Stripe,
    private readonly options: StripeProcessorOptions,
  ) {
    this.livemode = isLiveKey(options.secretKey);
  }

  static async open(pool: pg.Pool, options: StripeProcessorOptions): Promise<StripePaymentProcessor> {
    await migrate(pool, 'stripe-payments', stripeAccountMigrations);
    return new StripePaymentProcessor(pool, options.client ?? createStripeClient(options.secretKey), options);
  }

  async connectedAccount(receiverId: string): Promise<string> {
    const known = await this.accountStatus(receiverId);
    if (known) return known.accountId;
    // Concurrent first calls send the same key, so Stripe makes one account and answers both with it.
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        metadata: { receiver_id: receiverId },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      },
      { idempotencyKey: `account-${receiverId}` },
    );
    // Concurrent first calls insert the same row. With receiver_id alone as the conflict target, the
    // second insert meets the first on account_id's unique index too and fails there; without a
    // target every unique index is an arbiter, and the row already there is kept.
    await this.pool.query(
      `INSERT INTO stripe_payments.accounts (receiver_id, account_id, charges_enabled, payouts_enabled, details_submitted)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [
        receiverId,
        account.id,
        account.charges_enabled ?? false,
        account.payouts_enabled ?? false,
        account.details_submitted ?? false,
      ],
    );
    return (await this.accountStatus(receiverId))!.accountId;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PaymentRefused(
        'invalid_amount',
        `A payment must be a positive whole number of cents, not ${input.amountCents}.`,
      );
    }
    const destination = await this.connectedAccount(input.receiverId);
    const fee = this.options.applicationFeeCents?.(input.amountCents) ?? 0;
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          automatic_payment_methods: { enabled: true },
          // Issue #45: an entry held until its game is on is only authorized when the payer confirms.
          ...(input.capture === 'manual' ? { capture_method: 'manual' as const } : {}),
          transfer_data: { destination },
          ...(fee > 0 ? { application_fee_amount: fee } : {}),
          metadata: paymentMetadata(input),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { paymentId: intent.id, clientSecret: intent.client_secret! };
    } catch (error) {
      if (stripeError(error)?.type === 'StripeIdempotencyError') {
        throw new PaymentRefused(
          'idempotency_key_reused',
          'This idempotency key was already used for a different payment.',
        );
      }
      throw error;
    }
  }

  async retrievePayment(paymentId: string): Promise<Payment | null> {
    try {
      return paymentOfIntent(await this.stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async refund(input: RefundInput): Promise<Refund> {
    const payment = await this.retrievePayment(input.paymentId);
    if (!payment) throw new PaymentRefused('payment_not_found', `There is no payment ${input.paymentId}.`);
    if (payment.status !== 'succeeded') {
      throw new PaymentRefused(
        'payment_not_succeeded',
        `Payment ${payment.paymentId} cannot be refunded: it has not succeeded (it is ${payment.status.replace('_', ' ')}).`,
      );
    }
    if (input.amountCents !== undefined && (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)) {
      throw new PaymentRefused(
        'invalid_amount',
        `A refund must be a positive whole number of cents, not ${input.amountCents}.`,
      );
    }
    // What is left is checked by Stripe, under its own lock: a check here would race with concurrent refunds.
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: payment.paymentId,
          ...(input.amountCents === undefined ? {} : { amount: input.amountCents }),
          // The receiver gives back what they were sent, and the platform its fee.
          reverse_transfer: true,
          refund_application_fee: true,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundId: refund.id, paymentId: payment.paymentId, amountCents: refund.amount };
    } catch (error) {
      const refused = stripeError(error);
      if (refused?.type === 'StripeIdempotencyError')
        throw new PaymentRefused('idempotency_key_reused', 'This idempotency key was already used for another refund.');
      if (refused?.code === 'charge_already_refunded')
        throw new PaymentRefused('nothing_to_refund', `Payment ${payment.paymentId} is already refunded in full.`);
      if (refused?.type === 'StripeInvalidRequestError' && refused.param === 'amount') {
        const left = (await this.retrievePayment(payment.paymentId))!;
        throw new PaymentRefused(
          'refund_exceeds_payment',
          `Only ${left.amountCents - left.refundedCents} cents of payment ${payment.paymentId} are left to refund, not ${input.amountCents}.`,
        );
      }
      throw error;
    }
  }

  async capturePayment(paymentId: string, idempotencyKey: string): Promise<Payment> {
    return this.settle(paymentId, idempotencyKey, 'capture');
  }

  async cancelPayment(paymentId: string, idempotencyKey: string): Promise<Payment> {
    return this.settle(paymentId, idempotencyKey, 'cancel');
  }

  /**
   * Captures or cancels a payment intent (issue #45). One already where the action leads is answered
   * as it stands; Stripe itself refuses the rest (its lock decides between concurrent calls), and its
   * refusal is read again here as the port's.
   */
  private async settle(paymentId: string, idempotencyKey: string, action: 'capture' | 'cancel'): Promise<Payment> {
    const payment = await this.retrievePayment(paymentId);
    if (!payment) throw new PaymentRefused('payment_not_found', `There is no payment ${paymentId}.`);
    const target = action === 'capture' ? 'succeeded' : 'canceled';
    if (payment.status === target) return payment;
    const refuse = (status: PaymentStatus) =>
      action === 'capture'
        ? new PaymentRefused(
            'payment_not_capturable',
            `Payment ${paymentId} cannot be captured: it is ${status.replace('_', ' ')}, not authorized.`,
          )
        : notCancelable(paymentId, status);
    if (action === 'capture' && payment.status !== 'requires_capture') throw refuse(payment.status);
    if (action === 'cancel' && (payment.status === 'succeeded' || payment.status === 'processing'))
      throw refuse(payment.status);
    try {
      if (action === 'capture') await this.stripe.paymentIntents.capture(paymentId, {}, { idempotencyKey });
      else await this.stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey });
    } catch (error) {
      const refused = stripeError(error);
      if (refused?.type === 'StripeIdempotencyError')
        throw new PaymentRefused(
          'idempotency_key_reused',
          `This idempotency key was already used for another ${action}.`,
        );
      if (refused?.code !== 'payment_intent_unexpected_state') throw error;
      // Another call settled it first: the same outcome is this one's too; another is refused.
      const now = (await this.retrievePayment(paymentId))!;
      if (now.status !== target) throw refuse(now.status);
    }
    return (await this.retrievePayment(paymentId))!;
  }

  async listRefunds(paymentId: string): Promise<Refund[]> {
    const refunds = await this.stripe.refunds
      .list({ payment_intent: paymentId, limit: 100 })
      .autoPagingToArray({ limit: 10_000 });
    return refunds
      .filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
      .reverse()
      .map((refund) => ({ refundId: refund.id, paymentId, amountCents: refund.amount }));
  }

  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): WebhookVerification {
    return verifyStripeWebhook(rawBody, signatureHeader, this.options.webhookSecret, this.livemode);
  }

  async accountStatus(receiverId: string): Promise<ConnectedAccountStatus | null> {
    const { rows } = await this.pool.query<AccountRow>(
      'SELECT * FROM stripe_payments.accounts WHERE receiver_id = $1',
      [receiverId],
    );
    return rows[0] ? toStatus(rows[0]) : null;
  }

  /**
   * `account.updated` events may come late and out of order, so the account is read afresh from
   * Stripe rather than taken from the event.
   */
  async recordAccountStatus(status: ConnectedAccountStatus): Promise<boolean> {
    const own = await this.accountStatus(status.receiverId);
    if (own?.accountId !== status.accountId) return false;
    const account = await this.stripe.accounts.retrieve(status.accountId);
    await this.pool.query(
      `UPDATE stripe_payments.accounts SET charges_enabled = $2, payouts_enabled = $3, details_submitted = $4, updated_at = now() WHERE account_id = $1`,
      [
        account.id,
        account.charges_enabled ?? false,
        account.payouts_enabled ?? false,
        account.details_submitted ?? false,
      ],
    );
    return true;
  }

  async onboardingLink(receiverId: string, returnUrl: string): Promise<string> {
    const account = await this.connectedAccount(receiverId);
    // Stripe sends the receiver to refresh_url when a link expired; the profile then asks for a new one.
    const link = await this.stripe.accountLinks.create({
      account,
      type: 'account_onboarding',
      return_url: returnUrl,
      refresh_url: returnUrl,
    });
    return link.url;
  }

  /**
   * Stripe lists newest first; `ending_before` gives the page just newer than the cursor. Without a
   * cursor, the window's payments are read back to front.
   */
  async listPayments(sinceCursor: string | null, limit = 100): Promise<ListedPayment[]> {
    const pageSize = Math.min(Math.max(limit, 1), 100);
    let intents: Stripe.PaymentIntent[];
    if (sinceCursor) {
      intents = (
        await this.stripe.paymentIntents.list({
          ending_before: sinceCursor,
          limit: pageSize,
          expand: ['data.latest_charge'],
        })
      ).data.reverse();
    } else {
      const since = Math.floor(Date.now() / 1000) - (this.options.listWindowSeconds ?? 30 * 86_400);
      const all = await this.stripe.paymentIntents
        .list({ created: { gte: since }, limit: 100, expand: ['data.latest_charge'] })
        .autoPagingToArray({ limit: 10_000 });
      intents = all.reverse().slice(0, pageSize);
    }
    // Payments another app made on the same Stripe account are passed over, but their cursor still moves the listing on.
    return intents.flatMap((intent) => {
      const payment = paymentOfIntent(intent);
      return payment ? [{ payment, cursor: intent.id, created: intent.created }] : [];
    });
  }
}
