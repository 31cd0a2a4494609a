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
import type { PaymentProcessor, PaymentWebhookEvent } from './port';

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

export type WebhookReceipt = { ok: true; duplicate: boolean; event: PaymentWebhookEvent } | { ok: false; reason: string };

export class WebhookInbox {
  constructor(
    private readonly deps: { pool: pg.Pool; store: EventStore; processor: PaymentProcessor; purposes: PaymentPurposes },
  ) {}

  async receive(rawBody: Buffer | string, signatureHeader: string | undefined): Promise<WebhookReceipt> {
    const verified = this.deps.processor.verifyWebhook(rawBody, signatureHeader);
    if (!verified.ok) return verified;
    const { event } = verified;
    const seen = await this.deps.pool.query('SELECT 1 FROM payment_webhook_events WHERE event_id = $1', [event.eventId]);
    if (seen.rowCount) return { ok: true, duplicate: true, event };
    // Marked handled only after every step succeeded: a failure makes the processor retry, and each
    // step is idempotent, so two copies of an event racing past the check above do no harm either.
    await this.handle(event);
    await this.deps.pool.query(
      'INSERT INTO payment_webhook_events (event_id, type, payment_id) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING',
      [event.eventId, event.type, event.payment.paymentId],
    );
    return { ok: true, duplicate: false, event };
  }

  private async handle(event: PaymentWebhookEvent): Promise<void> {
    switch (event.type) {
      case 'payment_intent.succeeded':
        await this.recordPayment(event);
        await this.deps.purposes.paymentSucceeded(event);
        return;
      case 'payment_intent.payment_failed':
        await this.deps.purposes.paymentFailed(event);
        return;
      case 'charge.refunded':
        // A refund may arrive before the success it follows: the charge carries the whole payment, so record it first.
        await this.recordPayment(event);
        for (const refund of event.refunds) {
          await this.ledger(event, { type: 'RecordRefund', paymentId: refund.paymentId, refundId: refund.refundId, amountCents: refund.amountCents });
        }
        return;
    }
  }

  private recordPayment(event: PaymentWebhookEvent) {
    const { paymentId, receiverId, payerId, amountCents, feeCents, currency, purpose } = event.payment;
    return this.ledger(event, { type: 'RecordPayment', payment: { paymentId, receiverId, payerId, amountCents, feeCents, currency, purpose } });
  }

  private ledger(event: PaymentWebhookEvent, command: Parameters<typeof ledgerDecider.decide>[0]) {
    return handleCommand({
      store: this.deps.store,
      decider: ledgerDecider,
      streamId: ledgerStream(event.payment.paymentId),
      command,
      context: { now: new Date(), newId: randomUUID, actorId: null },
      metadata: { userId: null, correlationId: event.eventId, causationId: event.eventId },
      // Many copies of one payment's events may race; each loser decides again and finds nothing to do.
      maxAttempts: 20,
    });
  }
}
