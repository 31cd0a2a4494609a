/**
 * The payments part of a service composition: the processor (the simulated card processor, the
 * embedded default; Stripe when STRIPE_SECRET_KEY is set), the webhook inbox, reconciliation, and
 * what the game loop's payments buy (game-payments.ts), which the inbox and reconciliation complete.
 */
import type { NoShowBan } from '../../domain/users/reliability';
import type pg from 'pg';
import { createJobQueue } from '../../infra/jobs/bullmq-job-queue';
import type { JobQueue } from '../../infra/jobs/port';
import { selectJobBackend } from '../../infra/jobs/port';
import { JOB_QUEUES } from '../../infra/jobs/queues';
import { migrate } from '../../infra/db/migrations';
import type { EventStore } from '../../infra/eventstore/port';
import type { Logger } from '../../infra/logging';
import { commandDoorOf, type CommandDoor } from '../../infra/commands/command-door';
import { gamePaymentPurposes } from './game-payments';
import type { PaymentPurposes } from './purposes';
import { PaymentRefused, type PaymentProcessor, type RefundInput } from '../../infra/payments/port';
import { SimulatedPaymentProcessor } from '../../infra/payments/simulated/simulated-processor';
import { StripePaymentProcessor } from '../../infra/payments/stripe/stripe-processor';
import { noShowBanOf, type Config } from '../../infra/config/config';
import { WebhookDelivery, type WebhookDeliveryJob } from '../../infra/payments/simulated/webhook-delivery';
import { RecentlySucceededPayments, WebhookInbox, webhookInboxMigrations } from './webhook-inbox';
import { Reconciliation, reconciliationMigrations, startReconciling } from './reconciliation';
import { refundToCredit, type ToCredit } from '../credit/refund-to-credit';
import { creditPartOf, isCreditPayment, paymentInLedger } from '../credit/credit-payments';
import {
  returnCreditOfFailedCard,
  returnUnusedCredit,
  type ReturnUnusedCreditJob,
} from '../credit/return-unused-credit';
import { DEFAULT_UNUSED_CREDIT_RETURN_MINUTES } from '../credit/unused-credit-policy';

/** Issue #45: a refund may go to the payer's Playtime credit; a payment made with credit always does. */
export type CreditableRefundInput = RefundInput & { toCredit?: ToCredit };

export const WEBHOOK_PATH = '/api/payments/webhook';

export interface Payments {
  processor: PaymentProcessor;
  /** Present when the simulated processor runs: its card confirmation endpoints are served then. */
  simulated: SimulatedPaymentProcessor | null;
  purposes: PaymentPurposes;
  inbox: WebhookInbox;
  /** The ledger compared with the processor's books; `startReconciling` runs it as a repeating job. */
  reconciliation: Reconciliation;
  /**
   * Refunds a payment (in full unless an amount is given) and records in the ledger every refund the
   * processor then holds for it, so a balance never waits for, or misses, a refund's webhook. A payment
   * refunded in full already owes nothing more: that answers false instead of failing.
   */
  refund(input: CreditableRefundInput): Promise<boolean>;
  /**
   * Issue #45: held entries. `capture` charges an authorized payment, once per key, and records it in
   * the ledger at once (its webhook may come later, or twice); `release` cancels a hold, once per key,
   * and records nothing on the card (no money moved); what Playtime credit paid of it goes back as credit. Either answers what became of the payment: a payment
   * released already cannot be captured (`released`), one captured already cannot be released
   * (`captured`); neither throws then, so a retried job never loops on it.
   */
  holds: HeldPayments;
  /** Issue #45: the credit a checkout spent comes back when nothing used it (answers how much came back). */
  returnUnusedCredit(job: ReturnUnusedCreditJob): Promise<number>;
  /** Runs reconciliation as a repeating job (the command API's process): what it applies books and joins. */
  startReconciling(everyMinutes: number): Promise<void>;
  /**
   * The simulated processor posts its webhooks to the app's own address: deliveries start once the
   * server listens there, so none (an event left pending at the last stop) finds the port closed and
   * waits out a retry. Stripe delivers its own; then this does nothing.
   */
  startDeliveringWebhooks(): void;
  close(): Promise<void>;
}

export interface HeldPayments {
  capture(paymentId: string, idempotencyKey: string): Promise<'captured' | 'released'>;
  release(paymentId: string, idempotencyKey: string): Promise<'captured' | 'released'>;
}

export interface PaymentsOptions {
  pool: pg.Pool;
  store: EventStore;
  /** The process's door for commands: the ledger's entries go through it. */
  commands?: CommandDoor;
  databaseUrl: string;
  redisUrl?: string | undefined;
  /** The app's public address: the simulated processor posts its webhooks to `{publicUrl}/api/payments/webhook`. */
  publicUrl: string;
  logger: Logger;
  /** Tests fix these to make the simulated processor's duplicates and reordering repeatable. */
  webhookDelivery?: { random?: () => number; duplicateChance?: number; maxDelayMs?: number; backoffMs?: number };
  feeCents?: (amountCents: number) => number;
  /** Stripe's keys and fee; null or absent: the simulated processor. */
  stripe?: StripeSettings | null;
  /** Payments younger than this are left to their webhooks by reconciliation (default 10 minutes). */
  reconcileGraceMs?: number;
  /** CANCELLATION_WINDOW_HOURS: the window of a game a rental's webhook books, on a field that set none. */
  cancellationWindowHours: number;
  /** Issue #44: NO_SHOW_BAN_*, so that a player the ban refuses is refused before paying (its defaults when absent). */
  noShowBan?: NoShowBan;
  /** UNUSED_CREDIT_RETURN_MINUTES (issue #45): when credit beside a card part that failed is due back. */
  unusedCreditReturnMinutes?: number;
  /** SIMULATED_BANK_PROCESSING_SECONDS, in ms: how long the simulated processor's bank processes a payment. */
  simulatedProcessingMs?: number;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  applicationFeePercent: number;
}

/** Stripe's settings when the configuration has a secret key (config.ts makes sure its webhook secret is there too). */
export function stripeSettingsOf(config: Config): StripeSettings | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    applicationFeePercent: config.STRIPE_APPLICATION_FEE_PERCENT,
  };
}

/** What the configuration says of payments, the same for every process that sets them up. */
export function paymentSettingsOf(config: Config) {
  return {
    stripe: stripeSettingsOf(config),
    cancellationWindowHours: config.CANCELLATION_WINDOW_HOURS,
    noShowBan: noShowBanOf(config),
    unusedCreditReturnMinutes: config.UNUSED_CREDIT_RETURN_MINUTES,
    simulatedProcessingMs: config.SIMULATED_BANK_PROCESSING_SECONDS * 1000,
  } satisfies Partial<PaymentsOptions>;
}

async function setUpStripe(options: PaymentsOptions, settings: StripeSettings): Promise<Payments> {
  await migrate(options.pool, 'payments', webhookInboxMigrations);
  const processor = await StripePaymentProcessor.open(options.pool, {
    secretKey: settings.secretKey,
    webhookSecret: settings.webhookSecret,
    applicationFeeCents: (amountCents) => Math.round((amountCents * settings.applicationFeePercent) / 100),
  });
  options.logger.info({ livemode: processor.livemode }, 'payments: Stripe');
  // Stripe delivers its own webhooks: no local delivery to start or stop.
  return withReconciliation(options, processor, null, { start: () => {}, close: async () => {} });
}

/** The parts every processor shares: the game loop's purposes, the webhook inbox and reconciliation. */
async function withReconciliation(
  options: PaymentsOptions,
  processor: PaymentProcessor,
  simulated: SimulatedPaymentProcessor | null,
  /** The processor's local webhook delivery (the simulated one's job worker and queue). */
  delivery: { start(): void; close(): Promise<void> },
): Promise<Payments> {
  await migrate(options.pool, 'payments-reconciliation', reconciliationMigrations);
  const commands = commandDoorOf(options);
  const recent = new RecentlySucceededPayments();
  const unusedCredit = {
    commands,
    processor,
    minutes: options.unusedCreditReturnMinutes ?? DEFAULT_UNUSED_CREDIT_RETURN_MINUTES,
    now: () => new Date(),
  };
  // What rentals and entries buy, written out in game-payments.ts; a payment that can no longer buy its purpose is refunded.
  const purposes: PaymentPurposes = gamePaymentPurposes({
    commands,
    refund: (input) => refund(input),
    cancellationWindowHours: options.cancellationWindowHours,
    noShowBan: options.noShowBan,
    returnCreditOfFailedCard: (payment) => returnCreditOfFailedCard(unusedCredit, payment),
    logger: options.logger,
  });
  const inbox = new WebhookInbox({ pool: options.pool, store: options.store, commands, processor, purposes, recent });
  const reconciliation = new Reconciliation({
    pool: options.pool,
    store: options.store,
    commands,
    processor,
    inbox,
    now: () => new Date(),
    graceMs: options.reconcileGraceMs ?? 10 * 60_000,
    logger: options.logger,
  });
  // Issue #45: the part Playtime credit paid of a card payment goes back as credit, whatever the card's part does.
  const refundCreditPart = async (input: CreditableRefundInput) => {
    const creditPart = creditPartOf(input.paymentId);
    if (input.amountCents !== undefined || !(await paymentInLedger(commands, creditPart))) return;
    const to = input.toCredit ?? { reason: 'refund' as const, gameId: null };
    const key = `${input.idempotencyKey}-credit-part`;
    await refundToCredit(commands, { paymentId: creditPart, key, ...to }, async () => {});
  };
  const holds: HeldPayments = {
    async capture(paymentId, idempotencyKey) {
      try {
        const payment = await processor.capturePayment(paymentId, idempotencyKey);
        await inbox.recordCapture(payment, `capture-${idempotencyKey}`);
        return 'captured';
      } catch (error) {
        if (!(error instanceof PaymentRefused && error.code === 'payment_not_capturable')) throw error;
        options.logger.warn({ paymentId }, 'a held payment to capture was released already');
        return 'released';
      }
    },
    async release(paymentId, idempotencyKey) {
      try {
        await processor.cancelPayment(paymentId, idempotencyKey);
        // The part Playtime credit paid of a held entry goes back as credit: the card's part was never charged.
        await refundCreditPart({ paymentId, idempotencyKey });
        return 'released';
      } catch (error) {
        if (!(error instanceof PaymentRefused && error.code === 'payment_not_cancelable')) throw error;
        options.logger.warn({ paymentId }, 'a held payment to release was captured already');
        return 'captured';
      }
    },
  };
  const refund = async (input: CreditableRefundInput): Promise<boolean> => {
    if (input.toCredit || isCreditPayment(input.paymentId)) {
      const to = input.toCredit ?? { reason: 'refund' as const, gameId: null };
      const credited = await refundToCredit(
        commands,
        { paymentId: input.paymentId, key: input.idempotencyKey, ...to },
        async (paymentId) => {
          const payment = isCreditPayment(paymentId) ? null : await processor.retrievePayment(paymentId);
          if (payment?.status === 'succeeded') await inbox.recordRefunds(payment, [], `refund-${input.idempotencyKey}`);
        },
      );
      await refundCreditPart(input);
      return credited > 0;
    }
    let refunded = true;
    try {
      await processor.refund(input);
    } catch (error) {
      // Issue #45: an entry only authorized (a removal's, a deleted account's) is released instead.
      if (error instanceof PaymentRefused && error.code === 'payment_not_succeeded') {
        const held = await processor.retrievePayment(input.paymentId);
        if (held?.status === 'requires_capture') await holds.release(input.paymentId, input.idempotencyKey);
        // Released (now or before): nothing was charged on the card, so nothing more is owed.
        if (held?.status === 'requires_capture' || held?.status === 'canceled') {
          await refundCreditPart(input);
          return false;
        }
      }
      if (!(error instanceof PaymentRefused && error.code === 'nothing_to_refund')) throw error;
      refunded = false;
    }
    const payment = await processor.retrievePayment(input.paymentId);
    if (payment)
      await inbox.recordRefunds(
        payment,
        await processor.listRefunds(input.paymentId),
        `refund-${input.idempotencyKey}`,
      );
    await refundCreditPart(input);
    return refunded;
  };
  let reconciling: { close(): Promise<void> } | null = null;
  return {
    // The command API verifies paid bookings and joins with it: their webhooks then need no second look.
    processor: recent.noting(processor),
    simulated,
    purposes,
    inbox,
    reconciliation,
    refund,
    holds,
    returnUnusedCredit: (job) => returnUnusedCredit(unusedCredit, job),
    async startReconciling(everyMinutes) {
      const backend = selectJobBackend({ databaseUrl: options.databaseUrl, redisUrl: options.redisUrl });
      reconciling ??= await startReconciling(reconciliation, { backend, everyMinutes, logger: options.logger });
    },
    startDeliveringWebhooks() {
      delivery.start();
    },
    async close() {
      await reconciling?.close();
      await delivery.close();
    },
  };
}

export async function setUpPayments(options: PaymentsOptions): Promise<Payments> {
  if (options.stripe) return setUpStripe(options, options.stripe);
  await migrate(options.pool, 'payments', webhookInboxMigrations);
  const queue: JobQueue<WebhookDeliveryJob> = await createJobQueue<WebhookDeliveryJob>({
    name: JOB_QUEUES.simulatedPaymentWebhooks,
    backend: selectJobBackend({ databaseUrl: options.databaseUrl, redisUrl: options.redisUrl }),
    attempts: 10,
    backoffMs: options.webhookDelivery?.backoffMs ?? 500,
    logger: options.logger,
  });
  let secret = '';
  const delivery = new WebhookDelivery({
    queue,
    url: `${options.publicUrl}${WEBHOOK_PATH}`,
    secret: () => secret,
    random: options.webhookDelivery?.random,
    duplicateChance: options.webhookDelivery?.duplicateChance,
    maxDelayMs: options.webhookDelivery?.maxDelayMs,
  });
  const simulated = await SimulatedPaymentProcessor.open(options.pool, {
    sendWebhook: delivery.send,
    feeCents: options.feeCents,
    processingMs: options.simulatedProcessingMs,
  });
  secret = simulated.signingSecret;
  await simulated.handOverPendingEvents();
  // The banks' answers a stop kept from being given, and a timer for those still to come.
  await simulated.answerDueBanks();
  return withReconciliation(options, simulated, simulated, {
    start: () => delivery.start(),
    close: async () => {
      await delivery.close();
      await queue.close();
    },
  });
}
