/**
 * The simulated card processor: the embedded default PaymentProcessor. It keeps its own books in
 * PostgreSQL, moves payments through real states (requires_confirmation → succeeded | failed |
 * requires_action → succeeded | processing → failed, when the bank answers `processingMs` later; a
 * failed payment may be confirmed again with another card, as a Stripe PaymentIntent can), and reports
 * what happened through signed webhooks like Stripe's.
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { Coalescing } from '../../coalescing';
import { migrate } from '../../db/migrations';
import { withTransaction, type Queryable } from '../../db/pool';
import {
  notCancelable,
  PaymentRefused,
  type CaptureMethod,
  type ConnectedAccountStatus,
  type CreatePaymentInput,
  type CreatedPayment,
  type ListedPayment,
  type Payment,
  type PaymentProcessor,
  type PaymentPurpose,
  type PaymentStatus,
  type PaymentWebhookType,
  type Refund,
  type RefundInput,
  type WebhookVerification,
} from '../port';
import { webhookPayload, type DatedRefund } from '../stripe-objects';
import { verifyStripeWebhook } from '../stripe-webhooks';
import { simulatedPaymentMigrations } from './schema';
import { BANK_DECLINED, readCard, type CardInput } from './test-cards';

/** Hands a signed-to-be webhook to whoever delivers it (see webhook-delivery.ts). */
export type SendWebhook = (event: { eventId: string; payload: string }) => Promise<void>;

export interface SimulatedProcessorOptions {
  /** Stripe's `whsec_…`; when absent, one is generated once and kept in the processor's tables. */
  webhookSecret?: string;
  sendWebhook: SendWebhook;
  /** The processor's fee per payment, charged to the receiver. Default: none. */
  feeCents?: (amountCents: number) => number;
  /** How long a bank takes to answer a payment it is processing (the processing test card). Default: 10 s. */
  processingMs?: number;
  now?: () => Date;
}

export const DEFAULT_PROCESSING_MS = 10_000;

/** How often a failed look for the bank's due answers is tried again before the next start's look takes over. */
const BANK_ANSWER_ATTEMPTS = 3;

export type Confirmation =
  | { ok: true; status: PaymentStatus; paymentId: string; error?: { code: string; message: string } }
  | { ok: false; httpStatus: 400 | 404 | 409; code: string; message: string };

interface PaymentRow {
  payment_id: string;
  idempotency_key: string;
  client_secret: string;
  amount_cents: number;
  currency: string;
  purpose: PaymentPurpose;
  payer_id: string;
  receiver_id: string;
  fee_cents: number;
  status: PaymentStatus;
  failure_message: string | null;
  refunded_cents: number;
  capture_method: CaptureMethod;
  created_at: Date;
  /** A `processing` payment's: when its bank answers, and with what decline. */
  bank_answers_at: Date | null;
  bank_decline: { code: string; message: string } | null;
}

/** A payment as a confirmation step sees it: with the card it was last tried with. */
type ConfirmingRow = PaymentRow & { card_last4: string | null };

const token = (bytes: number) => randomBytes(bytes).toString('hex');

function toPayment(row: PaymentRow): Payment {
  return {
    paymentId: row.payment_id,
    status: row.status,
    amountCents: row.amount_cents,
    currency: row.currency,
    purpose: row.purpose,
    payerId: row.payer_id,
    receiverId: row.receiver_id,
    feeCents: row.fee_cents,
    refundedCents: row.refunded_cents,
    failureMessage: row.failure_message,
    ...(row.capture_method === 'manual' ? { captureMethod: 'manual' as const } : {}),
  };
}

/** Where a card that goes through leaves a payment: charged, or only authorized when it is captured by hand. */
const goesThrough = (row: PaymentRow): PaymentStatus =>
  row.capture_method === 'manual' ? 'requires_capture' : 'succeeded';

/** A listing cursor: the creation time (PostgreSQL's own text, exact to the microsecond) and id of the last payment seen. */
const encodeCursor = (createdAt: string, paymentId: string) =>
  Buffer.from(JSON.stringify([createdAt, paymentId])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string'))
      return parsed as [string, string];
  } catch {
    // Falls through to the refusal below.
  }
  throw new Error(`Not a payment listing cursor: ${cursor}`);
}

/** A payment's refunds, oldest first, with when each was made (Stripe's refund objects say). */
async function refundsOf(db: Queryable, paymentId: string): Promise<DatedRefund[]> {
  const { rows } = await db.query<{ refund_id: string; amount_cents: number; created: number }>(
    `SELECT refund_id, amount_cents, extract(epoch FROM created_at)::int AS created
       FROM simulated_payments.refunds WHERE payment_id = $1 ORDER BY created_at, refund_id`,
    [paymentId],
  );
  return rows.map((refund) => ({
    refundId: refund.refund_id,
    paymentId,
    amountCents: refund.amount_cents,
    created: refund.created,
  }));
}

// jsonb keeps its own key order, so the stored purpose is compared by value, not by its text.
const samePurpose = (a: PaymentPurpose, b: PaymentPurpose) => isDeepStrictEqual(a, b);

/**
 * How many times a confirmation re-reads a payment that changed between its read and its update. Each
 * lost attempt means another confirmation went through, so this bounds only a pathological pile-up.
 */
const TRANSITION_ATTEMPTS = 50;

export class SimulatedPaymentProcessor implements PaymentProcessor {
  /** Receivers' accounts: an account is never changed once made, so each is asked for once per process. */
  private readonly accounts = new LRUCache<string, string>({ max: 10_000 });
  /**
   * Payments this process created, as created, by client secret: a confirmation usually follows at once,
   * and can then skip reading the payment. It is only a guess: its update holds only while the payment
   * is still in the state the guess says, and otherwise the payment is read after all.
   */
  private readonly justCreated = new LRUCache<string, ConfirmingRow>({ max: 10_000 });
  /** The one timer that looks for the banks' answers, and when it fires (awaitBank). */
  private nextBankLook: { at: number; timer: NodeJS.Timeout } | null = null;
  /** Events handed to delivery whose row is marked in the next statement, with who waits for it. */
  private readonly handedOver = new Coalescing<string>((eventIds) =>
    this.pool
      .query('UPDATE simulated_payments.events SET handed_over = true WHERE event_id = ANY($1::text[])', [eventIds])
      .then(() => undefined),
  );

  private constructor(
    private readonly pool: pg.Pool,
    private readonly webhookSecret: string,
    private readonly options: SimulatedProcessorOptions,
  ) {}

  static async open(pool: pg.Pool, options: SimulatedProcessorOptions): Promise<SimulatedPaymentProcessor> {
    await migrate(pool, 'simulated-payments', simulatedPaymentMigrations);
    let secret = options.webhookSecret;
    if (!secret) {
      await pool.query(
        `INSERT INTO simulated_payments.settings (name, value) VALUES ('webhook_secret', $1) ON CONFLICT (name) DO NOTHING`,
        [`whsec_${token(24)}`],
      );
      const { rows } = await pool.query<{ value: string }>(
        `SELECT value FROM simulated_payments.settings WHERE name = 'webhook_secret'`,
      );
      secret = rows[0]!.value;
    }
    return new SimulatedPaymentProcessor(pool, secret, options);
  }

  /** The secret webhooks are signed with (the app's webhook route verifies with the same). */
  get signingSecret(): string {
    return this.webhookSecret;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async connectedAccount(receiverId: string): Promise<string> {
    const known = this.accounts.get(receiverId);
    if (known) return known;
    const find = () =>
      this.pool.query<{ account_id: string }>(
        `WITH created AS (
         INSERT INTO simulated_payments.accounts (receiver_id, account_id) VALUES ($1, $2) ON CONFLICT (receiver_id) DO NOTHING RETURNING account_id
       )
       SELECT account_id FROM created UNION ALL SELECT account_id FROM simulated_payments.accounts WHERE receiver_id = $1`,
        [receiverId, `acct_sim_${token(8)}`],
      );
    // As in createPayment: a concurrent first creation is seen by the next statement.
    const accountId = ((await find()).rows[0] ?? (await find()).rows[0]!).account_id;
    this.accounts.set(receiverId, accountId);
    return accountId;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PaymentRefused(
        'invalid_amount',
        `A payment must be a positive whole number of cents, not ${input.amountCents}.`,
      );
    }
    // As with a destination charge, the receiver's account exists before money can go to it.
    await this.connectedAccount(input.receiverId);
    const paymentId = `pi_sim_${token(12)}`;
    const fee = this.options.feeCents?.(input.amountCents) ?? 0;
    // The statements every payment runs are named: each connection parses and plans them once.
    const insert = () =>
      this.pool.query<PaymentRow>({
        name: 'simulated-payments-create',
        text: `WITH created AS (
         INSERT INTO simulated_payments.payments
           (payment_id, client_secret, idempotency_key, amount_cents, currency, purpose, payer_id, receiver_id, fee_cents, status, capture_method)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'requires_confirmation', $10)
         ON CONFLICT (idempotency_key) DO NOTHING RETURNING *
       )
       SELECT * FROM created UNION ALL SELECT * FROM simulated_payments.payments WHERE idempotency_key = $3`,
        values: [
          paymentId,
          `${paymentId}_secret_${token(12)}`,
          input.idempotencyKey,
          input.amountCents,
          input.currency,
          JSON.stringify(input.purpose),
          input.payerId,
          input.receiverId,
          fee,
          input.capture ?? 'automatic',
        ],
      });
    // A concurrent create with the same key that commits first is invisible to this statement's
    // snapshot; the next statement sees it.
    const row = (await insert()).rows[0] ?? (await insert()).rows[0]!;
    const same =
      row.amount_cents === input.amountCents &&
      row.currency === input.currency &&
      row.payer_id === input.payerId &&
      row.receiver_id === input.receiverId &&
      row.capture_method === (input.capture ?? 'automatic') &&
      samePurpose(row.purpose, input.purpose);
    if (!same)
      throw new PaymentRefused(
        'idempotency_key_reused',
        'This idempotency key was already used for a different payment.',
      );
    if (row.status === 'requires_confirmation') this.justCreated.set(row.client_secret, { ...row, card_last4: null });
    return { paymentId: row.payment_id, clientSecret: row.client_secret };
  }

  async retrievePayment(paymentId: string): Promise<Payment | null> {
    const { rows } = await this.pool.query<PaymentRow>({
      name: 'simulated-payments-retrieve',
      text: 'SELECT * FROM simulated_payments.payments WHERE payment_id = $1',
      values: [paymentId],
    });
    return rows[0] ? toPayment(rows[0]) : null;
  }

  async refund(input: RefundInput): Promise<Refund> {
    const outcome = await withTransaction(this.pool, async (client) => {
      // The payment's row lock serialises its refunds, so concurrent ones can never add up to more than was paid.
      const { rows } = await client.query<PaymentRow>(
        'SELECT * FROM simulated_payments.payments WHERE payment_id = $1 FOR UPDATE',
        [input.paymentId],
      );
      const row = rows[0];
      if (!row) throw new PaymentRefused('payment_not_found', `There is no payment ${input.paymentId}.`);
      const earlier = await client.query<{ refund_id: string; payment_id: string; amount_cents: number }>(
        'SELECT refund_id, payment_id, amount_cents FROM simulated_payments.refunds WHERE idempotency_key = $1',
        [input.idempotencyKey],
      );
      const done = earlier.rows[0];
      if (done) {
        if (done.payment_id !== input.paymentId)
          throw new PaymentRefused(
            'idempotency_key_reused',
            'This idempotency key was already used for a refund of another payment.',
          );
        return {
          refund: { refundId: done.refund_id, paymentId: done.payment_id, amountCents: done.amount_cents },
          event: null,
        };
      }
      if (row.status !== 'succeeded') {
        throw new PaymentRefused(
          'payment_not_succeeded',
          `Payment ${row.payment_id} cannot be refunded: it has not succeeded (it is ${row.status.replace('_', ' ')}).`,
        );
      }
      const left = row.amount_cents - row.refunded_cents;
      const amount = input.amountCents ?? left;
      if (!Number.isSafeInteger(amount) || amount < 0)
        throw new PaymentRefused('invalid_amount', `A refund must be a positive whole number of cents, not ${amount}.`);
      if (left === 0)
        throw new PaymentRefused('nothing_to_refund', `Payment ${row.payment_id} is already refunded in full.`);
      if (amount === 0) throw new PaymentRefused('invalid_amount', 'A refund must be at least one cent.');
      if (amount > left)
        throw new PaymentRefused(
          'refund_exceeds_payment',
          `Only ${left} cents of payment ${row.payment_id} are left to refund, not ${amount}.`,
        );
      const refund: Refund = { refundId: `re_sim_${token(12)}`, paymentId: row.payment_id, amountCents: amount };
      await client.query(
        'INSERT INTO simulated_payments.refunds (refund_id, payment_id, idempotency_key, amount_cents) VALUES ($1, $2, $3, $4)',
        [refund.refundId, refund.paymentId, input.idempotencyKey, amount],
      );
      const updated = await client.query<PaymentRow>(
        'UPDATE simulated_payments.payments SET refunded_cents = refunded_cents + $2 WHERE payment_id = $1 RETURNING *',
        [row.payment_id, amount],
      );
      // Read inside the transaction, so the list holds the refund just made.
      const event = await this.eventOf('charge.refunded', updated.rows[0]!, await refundsOf(client, row.payment_id));
      await client.query(
        'INSERT INTO simulated_payments.events (event_id, payment_id, type, payload) VALUES ($1, $2, $3, $4)',
        [event.eventId, row.payment_id, 'charge.refunded', event.payload],
      );
      return { refund, event };
    });
    if (outcome.event) await this.handOver(outcome.event);
    return outcome.refund;
  }

  async capturePayment(paymentId: string, idempotencyKey: string): Promise<Payment> {
    return this.settle(paymentId, idempotencyKey, 'capture');
  }

  async cancelPayment(paymentId: string, idempotencyKey: string): Promise<Payment> {
    return this.settle(paymentId, idempotencyKey, 'cancel');
  }

  /**
   * Captures or cancels a payment under its row lock, with the webhook that reports it (issue #45). A
   * key answers once: again, the payment as it now stands. A payment already where the action leads is
   * answered as it stands, so a retried job needs no key of the first try.
   */
  private async settle(paymentId: string, idempotencyKey: string, action: 'capture' | 'cancel'): Promise<Payment> {
    const outcome = await withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<PaymentRow>(
        'SELECT * FROM simulated_payments.payments WHERE payment_id = $1 FOR UPDATE',
        [paymentId],
      );
      const row = rows[0];
      if (!row) throw new PaymentRefused('payment_not_found', `There is no payment ${paymentId}.`);
      const earlier = await client.query<{ payment_id: string; action: string }>(
        'SELECT payment_id, action FROM simulated_payments.settlements WHERE idempotency_key = $1',
        [idempotencyKey],
      );
      const done = earlier.rows[0];
      if (done && (done.payment_id !== paymentId || done.action !== action))
        throw new PaymentRefused(
          'idempotency_key_reused',
          `This idempotency key was already used to ${done.action} payment ${done.payment_id}.`,
        );
      const target: PaymentStatus = action === 'capture' ? 'succeeded' : 'canceled';
      if (done || row.status === target) return { payment: toPayment(row), event: null };
      if (action === 'capture' && row.status !== 'requires_capture')
        throw new PaymentRefused(
          'payment_not_capturable',
          `Payment ${paymentId} cannot be captured: it is ${row.status.replace('_', ' ')}, not authorized.`,
        );
      if (action === 'cancel' && (row.status === 'succeeded' || row.status === 'processing'))
        throw notCancelable(paymentId, row.status);
      const updated = await client.query<PaymentRow>(
        'UPDATE simulated_payments.payments SET status = $2 WHERE payment_id = $1 RETURNING *',
        [paymentId, target],
      );
      await client.query(
        'INSERT INTO simulated_payments.settlements (idempotency_key, payment_id, action) VALUES ($1, $2, $3)',
        [idempotencyKey, paymentId, action],
      );
      const type = action === 'capture' ? 'payment_intent.succeeded' : 'payment_intent.canceled';
      const event = await this.eventOf(type, updated.rows[0]!, []);
      await client.query(
        'INSERT INTO simulated_payments.events (event_id, payment_id, type, payload) VALUES ($1, $2, $3, $4)',
        [event.eventId, paymentId, type, event.payload],
      );
      return { payment: toPayment(updated.rows[0]!), event };
    });
    if (outcome.event) await this.handOver(outcome.event);
    return outcome.payment;
  }

  async listRefunds(paymentId: string): Promise<Refund[]> {
    return (await refundsOf(this.pool, paymentId)).map(({ refundId, amountCents }) => ({
      refundId,
      paymentId,
      amountCents,
    }));
  }

  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): WebhookVerification {
    return verifyStripeWebhook(rawBody, signatureHeader, this.webhookSecret);
  }

  /** The simulated processor asks no one for identity or a bank account: its accounts take charges and pay out at once. */
  async accountStatus(receiverId: string): Promise<ConnectedAccountStatus | null> {
    let accountId = this.accounts.get(receiverId);
    if (!accountId) {
      const { rows } = await this.pool.query<{ account_id: string }>(
        'SELECT account_id FROM simulated_payments.accounts WHERE receiver_id = $1',
        [receiverId],
      );
      if (!rows[0]) return null;
      accountId = rows[0].account_id;
      this.accounts.set(receiverId, accountId);
    }
    return { receiverId, accountId, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true };
  }

  async recordAccountStatus(status: ConnectedAccountStatus): Promise<boolean> {
    return (await this.accountStatus(status.receiverId))?.accountId === status.accountId;
  }

  /** Nothing to set up: the link leads straight back. */
  async onboardingLink(receiverId: string, returnUrl: string): Promise<string> {
    await this.connectedAccount(receiverId);
    return returnUrl;
  }

  async listPayments(sinceCursor: string | null, limit = 100): Promise<ListedPayment[]> {
    const [after, afterId] = sinceCursor ? decodeCursor(sinceCursor) : ['-infinity', ''];
    const { rows } = await this.pool.query<PaymentRow & { created_text: string; created_seconds: number }>(
      `SELECT *, created_at::text AS created_text, extract(epoch FROM created_at)::float8 AS created_seconds FROM simulated_payments.payments
        WHERE (created_at, payment_id) > ($1::timestamptz, $2) ORDER BY created_at, payment_id LIMIT $3`,
      [after, afterId, limit],
    );
    return rows.map((row) => ({
      payment: toPayment(row),
      cursor: encodeCursor(row.created_text, row.payment_id),
      created: Math.floor(row.created_seconds),
    }));
  }

  /** What the web's card form posts: the card is read, its outcome applied, only its last four digits kept. */
  async confirm(clientSecret: string, card: CardInput): Promise<Confirmation> {
    const read = readCard(card, this.now());
    if (!read.ok) return { ok: false, httpStatus: 400, code: read.code, message: read.message };
    const { outcome, last4 } = read;
    return this.transition(clientSecret, ['requires_confirmation', 'requires_action', 'failed'], (row) => {
      if (outcome.kind === 'succeeds') return { status: goesThrough(row), failure: null, last4 };
      if (outcome.kind === 'needs_action') return { status: 'requires_action', failure: null, last4 };
      const decline = { code: outcome.code, message: outcome.message };
      if (outcome.kind === 'processing_then_declined')
        return { status: 'processing', failure: null, last4, bankDecline: decline };
      return { status: 'failed', failure: decline, last4 };
    });
  }

  /** The extra step a 3-D Secure card asks for (the dialog's "Complete authentication"). */
  async completeAction(clientSecret: string): Promise<Confirmation> {
    return this.transition(clientSecret, ['requires_action'], (row) => ({
      status: goesThrough(row),
      failure: null,
      last4: row.card_last4,
    }));
  }

  /**
   * Moves a payment on from one of the `from` states. The change and the webhook event that reports it
   * are written by one statement, on the condition that the payment is still in the state it was read
   * in; when a concurrent confirmation moved it first, the payment is read again and judged anew.
   * A payment in transition has no refunds yet (only a succeeded one can be refunded).
   */
  private async transition(
    clientSecret: string,
    from: PaymentStatus[],
    next: (row: ConfirmingRow) => {
      status: PaymentStatus;
      failure: { code: string; message: string } | null;
      last4: string | null;
      /** A payment left `processing`: the decline its bank answers with later. */
      bankDecline?: { code: string; message: string };
    },
  ): Promise<Confirmation> {
    const read = async () =>
      (
        await this.pool.query<ConfirmingRow>('SELECT * FROM simulated_payments.payments WHERE client_secret = $1', [
          clientSecret,
        ])
      ).rows[0];
    let guess = this.justCreated.get(clientSecret);
    this.justCreated.delete(clientSecret);
    for (let attempt = 1; ; attempt++) {
      const row = guess && from.includes(guess.status) ? guess : await read();
      guess = undefined;
      if (!row)
        return {
          ok: false,
          httpStatus: 404,
          code: 'payment_not_found',
          message: 'There is no payment with this client secret.',
        };
      if (!from.includes(row.status)) {
        const message =
          row.status === 'succeeded' || row.status === 'requires_capture'
            ? 'This payment has already succeeded; nothing more to confirm.'
            : row.status === 'processing'
              ? 'Your bank is processing this payment: it is completed for you as soon as your bank answers.'
              : `This payment is ${row.status.replace('_', ' ')}: this step does not apply to it.`;
        return { ok: false, httpStatus: 409, code: 'payment_unexpected_state', message };
      }
      const change = next(row);
      const type: PaymentWebhookType | null =
        change.status === 'succeeded'
          ? 'payment_intent.succeeded'
          : change.status === 'failed'
            ? 'payment_intent.payment_failed'
            : change.status === 'requires_capture'
              ? 'payment_intent.amount_capturable_updated'
              : null;
      const changed: PaymentRow = { ...row, status: change.status, failure_message: change.failure?.message ?? null };
      const event = type ? await this.eventOf(type, changed, []) : null;
      const bankAnswersAt = change.bankDecline ? new Date(this.now().getTime() + this.processingMs) : null;
      const written = await this.pool.query<{ changed: number }>({
        name: 'simulated-payments-transition',
        text: `WITH changed AS (
           UPDATE simulated_payments.payments SET status = $3, failure_message = $4, card_last4 = $5,
                  bank_answers_at = $9, bank_decline = $10
            WHERE payment_id = $1 AND status = $2 RETURNING payment_id
         ), recorded AS (
           INSERT INTO simulated_payments.events (event_id, payment_id, type, payload)
           SELECT $6, payment_id, $7, $8 FROM changed WHERE $6::text IS NOT NULL
         )
         SELECT count(*)::int AS changed FROM changed`,
        values: [
          row.payment_id,
          row.status,
          change.status,
          change.failure?.message ?? null,
          change.last4,
          event?.eventId ?? null,
          type,
          event?.payload ?? null,
          bankAnswersAt,
          change.bankDecline ? JSON.stringify(change.bankDecline) : null,
        ],
      });
      if (written.rows[0]!.changed === 0) {
        if (attempt < TRANSITION_ATTEMPTS) continue;
        return {
          ok: false,
          httpStatus: 409,
          code: 'payment_busy',
          message: 'This payment is being confirmed elsewhere right now. Try again in a moment.',
        };
      }
      if (event) await this.handOver(event);
      if (bankAnswersAt) this.awaitBank(bankAnswersAt);
      return {
        ok: true,
        status: change.status,
        paymentId: row.payment_id,
        ...(change.failure ? { error: change.failure } : {}),
      };
    }
  }

  private get processingMs(): number {
    return this.options.processingMs ?? DEFAULT_PROCESSING_MS;
  }

  /**
   * The banks' answers that are due: every `processing` payment whose bank has answered by now is
   * declined, with its `payment_intent.payment_failed` webhook, once (the row lock and the status decide
   * between processes). Run at start for answers a stop interrupted, and by the timer a processing
   * payment sets; answers how many were decided.
   */
  async answerDueBanks(): Promise<number> {
    const events = await withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<PaymentRow>(
        `SELECT * FROM simulated_payments.payments WHERE status = 'processing' AND bank_answers_at <= $1
          ORDER BY bank_answers_at FOR UPDATE SKIP LOCKED`,
        [this.now()],
      );
      const sent: { eventId: string; payload: string }[] = [];
      for (const row of rows) {
        const decline = row.bank_decline ?? BANK_DECLINED;
        const updated = await client.query<PaymentRow>(
          `UPDATE simulated_payments.payments SET status = 'failed', failure_message = $2, bank_answers_at = NULL
            WHERE payment_id = $1 RETURNING *`,
          [row.payment_id, decline.message],
        );
        const event = await this.eventOf('payment_intent.payment_failed', updated.rows[0]!, []);
        await client.query(
          'INSERT INTO simulated_payments.events (event_id, payment_id, type, payload) VALUES ($1, $2, $3, $4)',
          [event.eventId, row.payment_id, 'payment_intent.payment_failed', event.payload],
        );
        sent.push(event);
      }
      return sent;
    });
    for (const event of events) await this.handOver(event);
    const { rows } = await this.pool.query<{ next: Date | null }>(
      `SELECT min(bank_answers_at) AS next FROM simulated_payments.payments WHERE status = 'processing'`,
    );
    if (rows[0]?.next) this.awaitBank(rows[0].next);
    return events.length;
  }

  /**
   * Looks for the banks' answers when the next one is due: one timer per process, for the earliest
   * answer (each look sets the next). A look that fails is tried again a few times; after that the
   * next start's look, or the next processing payment's, takes over.
   */
  private awaitBank(at: Date, attempt = 1): void {
    if (this.nextBankLook && this.nextBankLook.at <= at.getTime()) return;
    if (this.nextBankLook) clearTimeout(this.nextBankLook.timer);
    const timer = setTimeout(
      () => {
        this.nextBankLook = null;
        this.answerDueBanks().catch(() => {
          if (attempt < BANK_ANSWER_ATTEMPTS) this.awaitBank(new Date(this.now().getTime() + 1000), attempt + 1);
        });
      },
      Math.max(0, at.getTime() - this.now().getTime()),
    );
    timer.unref();
    this.nextBankLook = { at: at.getTime(), timer };
  }

  /** Events are written with the change they report and handed to delivery after it commits (an outbox). */
  private async handOver(event: { eventId: string; payload: string }): Promise<void> {
    await this.options.sendWebhook(event);
    await this.handedOver.add(event.eventId);
  }

  /** Sends the events a crash kept from being handed to delivery; delivery's job ids make a second hand-over a no-op. */
  async handOverPendingEvents(): Promise<number> {
    const { rows } = await this.pool.query<{ event_id: string; payload: string }>(
      'SELECT event_id, payload FROM simulated_payments.events WHERE NOT handed_over ORDER BY created_at',
    );
    for (const row of rows) await this.handOver({ eventId: row.event_id, payload: row.payload });
    return rows.length;
  }

  /** A webhook event about the payment as it now stands, addressed as Stripe addresses a destination charge's. */
  private async eventOf(
    type: PaymentWebhookType,
    row: PaymentRow,
    refunds: DatedRefund[],
  ): Promise<{ eventId: string; payload: string }> {
    const eventId = `evt_sim_${token(12)}`;
    const payment = toPayment(row);
    const payload = webhookPayload({
      eventId,
      type,
      eventCreated: Math.floor(this.now().getTime() / 1000),
      payment,
      created: Math.floor(new Date(row.created_at).getTime() / 1000),
      refunds,
      destinationAccount: await this.connectedAccount(payment.receiverId),
    });
    return { eventId, payload };
  }
}
