/**
 * Where verified processor webhooks land (Stripe's or the simulated processor's, same path): the
 * signature of the raw body is checked before anything else, an event already handled is answered
 * at once, the payment is checked against the processor's own books, and only then the ledger records
 * the money and the purpose's handlers run. A payment the processor does not know is never booked:
 * it is acknowledged (a retry would change nothing) and recorded for the admins' System tab.
 */
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { ledgerDecider } from '../../domain/ledger/decider';
import { ledgerStream } from '../../domain/ledger/events';
import { commandDoorOf, type CommandDoor } from '../../infra/commands/command-door';
import { currentState } from '../../infra/commands/current-state';
import type { Migration } from '../../infra/db/migrations';
import type { EventStore } from '../../infra/eventstore/port';
import type { PaymentPurposes } from './purposes';
import type {
  AccountWebhookEvent,
  Payment,
  PaymentProcessor,
  PaymentWebhookEvent,
  ProcessorWebhookEvent,
  Refund,
} from '../../infra/payments/port';
import { recordDifference, unknownPaymentDifference } from './reconciliation';

export const webhookInboxMigrations: Migration[] = [
  {
    version: 1,
    name: 'handled payment webhooks',
    sql: `
      CREATE TABLE payment_webhook_events (
        event_id   text        PRIMARY KEY,
        type       text        NOT NULL,
        payment_id text        NOT NULL,
        handled_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 2,
    name: 'ignored payment webhooks',
    sql: `
      -- Why an acknowledged event was not acted on (a type the app does not handle, or not the app's); null when it was handled.
      ALTER TABLE payment_webhook_events ADD COLUMN ignored_because text;
    `,
  },
];

export type WebhookReceipt =
  { ok: true; duplicate: boolean; event: ProcessorWebhookEvent } | { ok: false; reason: string };

/** A payment as its webhook would have reported it, for reconciliation's way in. */
const asWebhook = (
  payment: Payment,
  type: 'payment_intent.succeeded' | 'payment_intent.amount_capturable_updated' | 'payment_intent.payment_failed',
  causeId: string,
): PaymentWebhookEvent => ({
  eventId: causeId,
  type,
  created: Math.floor(Date.now() / 1000),
  payment,
  refunds: [],
  destinationAccount: null,
});

/**
 * Payments this process heard the processor call succeeded a moment ago (the command API verifies
 * each paid booking and join with it just before the payment's webhook arrives), so the webhook's
 * check against the processor's books costs no second round trip. A succeeded payment stays
 * succeeded and its amount, parties and purpose never change; its refunds are never read from here.
 */
export class RecentlySucceededPayments {
  private readonly payments = new LRUCache<string, Payment>({ max: 10_000, ttl: 5 * 60_000 });

  note(payment: Payment | null): void {
    if (payment?.status === 'succeeded') this.payments.set(payment.paymentId, payment);
  }

  get(paymentId: string): Payment | undefined {
    return this.payments.get(paymentId);
  }

  /** `processor` as is, except that what it retrieves is noted here. */
  noting(processor: PaymentProcessor): PaymentProcessor {
    const retrievePayment = async (paymentId: string) => {
      const payment = await processor.retrievePayment(paymentId);
      this.note(payment);
      return payment;
    };
    return new Proxy(processor, {
      get: (target, name) => {
        if (name === 'retrievePayment') return retrievePayment;
        const value: unknown = Reflect.get(target, name, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
}

export class WebhookInbox {
  private readonly commands: CommandDoor;

  constructor(
    private readonly deps: {
      pool: pg.Pool;
      store: EventStore;
      /** The process's door for commands (a door of the inbox's own on `store` when none is given). */
      commands?: CommandDoor;
      processor: PaymentProcessor;
      purposes: PaymentPurposes;
      recent?: RecentlySucceededPayments;
    },
  ) {
    this.commands = commandDoorOf(deps);
  }

  async receive(rawBody: Buffer | string, signatureHeader: string | undefined): Promise<WebhookReceipt> {
    const verified = this.deps.processor.verifyWebhook(rawBody, signatureHeader);
    if (!verified.ok) return verified;
    const { event } = verified;
    const subject =
      event.type === 'ignored'
        ? (event.subject ?? '')
        : event.type === 'account.updated'
          ? event.account.accountId
          : event.payment.paymentId;
    // Named, as every webhook runs it: each connection parses and plans it once.
    const seen = await this.deps.pool.query({
      name: 'webhook-inbox-seen',
      text: 'SELECT 1 FROM payment_webhook_events WHERE event_id = $1',
      values: [event.eventId],
    });
    if (seen.rowCount) return { ok: true, duplicate: true, event };
    // Marked handled only after every step succeeded: a failure makes the processor retry, and each
    // step is idempotent, so two copies of an event racing past the check above do no harm either.
    const refused =
      event.type === 'ignored'
        ? null
        : event.type === 'account.updated'
          ? await this.accountUpdated(event)
          : await this.paymentChanged(event);
    if (refused) return { ok: false, reason: refused };
    await this.deps.pool.query({
      name: 'webhook-inbox-handled',
      text: 'INSERT INTO payment_webhook_events (event_id, type, payment_id, ignored_because) VALUES ($1, $2, $3, $4) ON CONFLICT (event_id) DO NOTHING',
      values: [
        event.eventId,
        event.type === 'ignored' ? event.processorType : event.type,
        subject,
        event.type === 'ignored' ? event.reason : null,
      ],
    });
    return { ok: true, duplicate: false, event };
  }

  /** Records a succeeded payment and runs its purpose's handlers, as its webhook would (reconciliation's way in). */
  async applySucceededPayment(payment: Payment, causeId: string): Promise<void> {
    await this.recordPayment(payment, causeId);
    await this.deps.purposes.paymentSucceeded(payment, asWebhook(payment, 'payment_intent.succeeded', causeId));
  }

  /** Issue #45: completes what an authorized payment holds, as its webhook would (reconciliation's way in); no money, so no ledger entry. */
  async applyAuthorizedPayment(payment: Payment, causeId: string): Promise<void> {
    await this.deps.purposes.paymentAuthorized(
      payment,
      asWebhook(payment, 'payment_intent.amount_capturable_updated', causeId),
    );
  }

  /** Issue #45: what a failed payment gives back, as its webhook would (reconciliation's way in, when it was lost); no money moved. */
  async applyFailedPayment(payment: Payment, causeId: string): Promise<void> {
    await this.deps.purposes.paymentFailed(payment, asWebhook(payment, 'payment_intent.payment_failed', causeId));
  }

  /**
   * Records refunds of a payment, the payment first: a refund may be known before the payment's own
   * success reached the ledger (its webhook late or lost). Idempotent per refund id.
   */
  async recordRefunds(payment: Payment, refunds: Refund[], causeId: string): Promise<void> {
    await this.recordPayment(payment, causeId);
    await this.applyRefunds(payment, refunds, causeId);
  }

  /** Records refunds the processor made (idempotent per refund id). */
  async applyRefunds(payment: Payment, refunds: Refund[], causeId: string): Promise<void> {
    for (const refund of refunds) {
      await this.ledger(payment.paymentId, causeId, {
        type: 'RecordRefund',
        paymentId: refund.paymentId,
        refundId: refund.refundId,
        amountCents: refund.amountCents,
      });
    }
  }

  /** Refuses (with the reason) an update about an account that is not the receiver's. */
  private async accountUpdated(event: AccountWebhookEvent): Promise<string | null> {
    const kept = await this.deps.processor.recordAccountStatus(event.account);
    return kept
      ? null
      : `Account ${event.account.accountId} is not the connected account of receiver ${event.account.receiverId}.`;
  }

  /**
   * Refuses (with the reason) a payment whose money goes to another account than its receiver's;
   * otherwise handles the event with the payment as the processor's books hold it.
   */
  private async paymentChanged(event: PaymentWebhookEvent): Promise<string | null> {
    if (event.destinationAccount) {
      const own = await this.deps.processor.accountStatus(event.payment.receiverId);
      if (own?.accountId !== event.destinationAccount) {
        return `The payment goes to account ${event.destinationAccount}, which is not the connected account of receiver ${event.payment.receiverId}.`;
      }
    }
    const known = await this.processorsPayment(event);
    if (!known) {
      await this.recordUnknown(event);
      return null;
    }
    // A success the processor does not hold (yet) is no money: reconciliation compares it again later.
    if (event.type === 'payment_intent.succeeded' && known.status !== 'succeeded') return null;
    // Issue #45: an authorization no longer standing (captured or released since) holds nothing now.
    if (event.type === 'payment_intent.amount_capturable_updated' && known.status !== 'requires_capture') return null;
    await this.handle({ ...event, payment: known });
    return null;
  }

  /** The event's payment as the processor holds it; null when it does not know it. */
  private async processorsPayment(event: PaymentWebhookEvent): Promise<Payment | null> {
    // Only a success may be answered from memory: a refund's figures must be the processor's latest.
    const recent =
      event.type === 'payment_intent.succeeded' ? this.deps.recent?.get(event.payment.paymentId) : undefined;
    return recent ?? (await this.deps.processor.retrievePayment(event.payment.paymentId));
  }

  /** A signed webhook about a payment the processor does not know: a finding for the admins, nothing booked. */
  private async recordUnknown(event: PaymentWebhookEvent): Promise<void> {
    const ledger = await currentState(this.deps.store, ledgerDecider, ledgerStream(event.payment.paymentId));
    await recordDifference(this.commands, unknownPaymentDifference(event.payment, ledger), event.eventId, new Date());
  }

  private async handle(event: PaymentWebhookEvent): Promise<void> {
    switch (event.type) {
      case 'payment_intent.succeeded':
        await this.recordPayment(event.payment, event.eventId);
        await this.deps.purposes.paymentSucceeded(event.payment, event);
        return;
      case 'payment_intent.payment_failed':
        await this.deps.purposes.paymentFailed(event.payment, event);
        return;
      // Issue #45: an authorization moves no money, so the ledger records nothing until its capture
      // (`payment_intent.succeeded`); what it holds (a held entry) is completed as a success would be.
      case 'payment_intent.amount_capturable_updated':
        await this.deps.purposes.paymentAuthorized(event.payment, event);
        return;
      // A released hold moved no money either: the game's stream says why it was released.
      case 'payment_intent.canceled':
        return;
      case 'charge.refunded': {
        // The charge carries the whole payment, so a refund arriving before the success it follows is recorded whole.
        const listed = event.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
        // Stripe's charge no longer lists its refunds; the processor does.
        const refunds =
          listed < event.payment.refundedCents
            ? await this.deps.processor.listRefunds(event.payment.paymentId)
            : event.refunds;
        await this.recordRefunds(event.payment, refunds, event.eventId);
        return;
      }
    }
  }

  /** Issue #45: records a captured payment at once, as its `payment_intent.succeeded` will (idempotent per payment). */
  recordCapture(payment: Payment, causeId: string) {
    return this.recordPayment(payment, causeId);
  }

  private recordPayment(payment: Payment, causeId: string) {
    const { paymentId, receiverId, payerId, amountCents, feeCents, currency, purpose } = payment;
    // A payment's first entry opens its ledger stream.
    return this.ledger(
      paymentId,
      causeId,
      { type: 'RecordPayment', payment: { paymentId, receiverId, payerId, amountCents, feeCents, currency, purpose } },
      true,
    );
  }

  private ledger(
    paymentId: string,
    causeId: string,
    command: Parameters<typeof ledgerDecider.decide>[0],
    likelyNew = false,
  ) {
    return this.commands.run({
      likelyNew,
      decider: ledgerDecider,
      streamId: ledgerStream(paymentId),
      command,
      now: new Date(),
      newId: randomUUID,
      actorId: null,
      metadata: { userId: null, correlationId: causeId, causationId: causeId },
      // Many copies of one payment's events may race; each loser decides again and finds nothing to do.
      maxAttempts: 20,
    });
  }
}
