/**
 * Where verified processor webhooks land (Stripe's or the simulated processor's, same path): the
 * signature of the raw body is checked before anything else, an event already handled is answered
 * at once, and otherwise the ledger records the money and the purpose's handlers run.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { ledgerDecider } from '../../domain/ledger/decider';
import { ledgerStream } from '../../domain/ledger/events';
import { handleCommand } from '../commands/command-handler';
import type { Migration } from '../db/migrations';
import type { EventStore } from '../eventstore/port';
import type { PaymentPurposes } from './payment-events';
import type { AccountWebhookEvent, Payment, PaymentProcessor, PaymentWebhookEvent, ProcessorWebhookEvent, Refund } from './port';

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
];

export type WebhookReceipt = { ok: true; duplicate: boolean; event: ProcessorWebhookEvent } | { ok: false; reason: string };

export class WebhookInbox {
  constructor(
    private readonly deps: { pool: pg.Pool; store: EventStore; processor: PaymentProcessor; purposes: PaymentPurposes },
  ) {}

  async receive(rawBody: Buffer | string, signatureHeader: string | undefined): Promise<WebhookReceipt> {
    const verified = this.deps.processor.verifyWebhook(rawBody, signatureHeader);
    if (!verified.ok) return verified;
    const { event } = verified;
    const subject = event.type === 'account.updated' ? event.account.accountId : event.payment.paymentId;
    // Named, as every webhook runs it: each connection parses and plans it once.
    const seen = await this.deps.pool.query({ name: 'webhook-inbox-seen', text: 'SELECT 1 FROM payment_webhook_events WHERE event_id = $1', values: [event.eventId] });
    if (seen.rowCount) return { ok: true, duplicate: true, event };
    // Marked handled only after every step succeeded: a failure makes the processor retry, and each
    // step is idempotent, so two copies of an event racing past the check above do no harm either.
    const refused = event.type === 'account.updated' ? await this.accountUpdated(event) : await this.paymentChanged(event);
    if (refused) return { ok: false, reason: refused };
    await this.deps.pool.query({
      name: 'webhook-inbox-handled',
      text: 'INSERT INTO payment_webhook_events (event_id, type, payment_id) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING',
      values: [event.eventId, event.type, subject],
    });
    return { ok: true, duplicate: false, event };
  }

  /** Records a succeeded payment and runs its purpose's handlers, as its webhook would (reconciliation's way in). */
  async applySucceededPayment(payment: Payment, causeId: string): Promise<void> {
    const event: PaymentWebhookEvent = { eventId: causeId, type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), payment, refunds: [], destinationAccount: null };
    await this.recordPayment(payment, causeId);
    await this.deps.purposes.paymentSucceeded(event);
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
      await this.ledger(payment.paymentId, causeId, { type: 'RecordRefund', paymentId: refund.paymentId, refundId: refund.refundId, amountCents: refund.amountCents });
    }
  }

  /** Refuses (with the reason) an update about an account that is not the receiver's. */
  private async accountUpdated(event: AccountWebhookEvent): Promise<string | null> {
    const kept = await this.deps.processor.recordAccountStatus(event.account);
    return kept ? null : `Account ${event.account.accountId} is not the connected account of receiver ${event.account.receiverId}.`;
  }

  /** Refuses (with the reason) a payment whose money goes to another account than its receiver's. */
  private async paymentChanged(event: PaymentWebhookEvent): Promise<string | null> {
    if (event.destinationAccount) {
      const own = await this.deps.processor.accountStatus(event.payment.receiverId);
      if (own?.accountId !== event.destinationAccount) {
        return `The payment goes to account ${event.destinationAccount}, which is not the connected account of receiver ${event.payment.receiverId}.`;
      }
    }
    await this.handle(event);
    return null;
  }

  private async handle(event: PaymentWebhookEvent): Promise<void> {
    switch (event.type) {
      case 'payment_intent.succeeded':
        await this.recordPayment(event.payment, event.eventId);
        await this.deps.purposes.paymentSucceeded(event);
        return;
      case 'payment_intent.payment_failed':
        await this.deps.purposes.paymentFailed(event);
        return;
      case 'charge.refunded': {
        // The charge carries the whole payment, so a refund arriving before the success it follows is recorded whole.
        const listed = event.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
        // Stripe's charge no longer lists its refunds; the processor does.
        const refunds = listed < event.payment.refundedCents ? await this.deps.processor.listRefunds(event.payment.paymentId) : event.refunds;
        await this.recordRefunds(event.payment, refunds, event.eventId);
        return;
      }
    }
  }

  private recordPayment(payment: Payment, causeId: string) {
    const { paymentId, receiverId, payerId, amountCents, feeCents, currency, purpose } = payment;
    // A payment's first entry opens its ledger stream.
    return this.ledger(paymentId, causeId, { type: 'RecordPayment', payment: { paymentId, receiverId, payerId, amountCents, feeCents, currency, purpose } }, true);
  }

  private ledger(paymentId: string, causeId: string, command: Parameters<typeof ledgerDecider.decide>[0], likelyNew = false) {
    return handleCommand({
      store: this.deps.store,
      likelyNew,
      decider: ledgerDecider,
      streamId: ledgerStream(paymentId),
      command,
      context: { now: new Date(), newId: randomUUID, actorId: null },
      metadata: { userId: null, correlationId: causeId, causationId: causeId },
      // Many copies of one payment's events may race; each loser decides again and finds nothing to do.
      maxAttempts: 20,
    });
  }
}
