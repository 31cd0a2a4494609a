/** The inbox on a fresh ledger: events in any order, any number of times, end in the same entries. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/postgres';
import { paymentRequest, TEST_CARD as card } from '../../testing/payments-database';
import { storeDatabase } from '../../testing/store-database';
import { migrate } from '../../infra/db/migrations';
import { createPool } from '../../infra/db/pool';
import { ledgerStream } from '../../domain/ledger/events';
import { TestPaymentPurposes } from '../../testing/payment-purposes';
import { SimulatedPaymentProcessor } from '../../infra/payments/simulated/simulated-processor';
import { signWebhook } from '../../infra/payments/stripe-webhooks';
import type { PaymentProcessor } from '../../infra/payments/port';
import { RecentlySucceededPayments, WebhookInbox, webhookInboxMigrations } from './webhook-inbox';

describe('webhook inbox', () => {
  const db = storeDatabase('inbox');
  let processor: SimulatedPaymentProcessor;
  let purposes: TestPaymentPurposes;
  let inbox: WebhookInbox;
  const sent: string[] = [];

  beforeAll(async () => {
    const { pool, store } = db;
    await migrate(pool, 'payments', webhookInboxMigrations);
    processor = await SimulatedPaymentProcessor.open(pool, {
      sendWebhook: async ({ payload }) => void sent.push(payload),
      feeCents: (amount) => Math.round(amount * 0.029) + 30,
    });
    purposes = new TestPaymentPurposes();
    inbox = new WebhookInbox({ pool, store, processor, purposes });
  });

  const deliver = (payload: string) =>
    inbox.receive(Buffer.from(payload), signWebhook(payload, processor.signingSecret));
  /** A payment made and paid with the test card: its webhooks are the last in `sent`. */
  const payWithCard = async (request: Parameters<typeof paymentRequest>[0]) => {
    const created = await processor.createPayment(paymentRequest(request));
    await processor.confirm(created.clientSecret, card);
    return created;
  };

  it('records a refund that arrives before its payment, with the fee, once; then tells the purpose its payment succeeded', async () => {
    const succeeded: string[] = [];
    purposes.onPaymentSucceeded('rental', async (payment) => void succeeded.push(payment.purpose.holdId));
    const rental = { kind: 'rental', holdId: 'hold-9' } as const;
    const created = await payWithCard({
      amountCents: 10_000,
      purpose: rental,
      payerId: 'captain-1',
      receiverId: 'owner-1',
      idempotencyKey: 'k-1',
    });
    await processor.refund({ paymentId: created.paymentId, amountCents: 2500, idempotencyKey: 'r-1' });
    const [paid, refunded] = sent;

    expect(await deliver(refunded!)).toMatchObject({ ok: true, duplicate: false });
    expect(await deliver(paid!)).toMatchObject({ ok: true, duplicate: false });
    const results = await Promise.all([paid!, refunded!, paid!, refunded!].map(deliver));
    expect(results.every((result) => result.ok && result.duplicate)).toBe(true);

    const stream = await db.store.readStream(ledgerStream(created.paymentId));
    expect(stream.map((event) => [event.type, (event.data as { amountCents: number }).amountCents])).toEqual([
      ['PaymentReceived', 10_000],
      ['FeeCharged', 320],
      ['RefundIssued', 2500],
    ]);
    expect(succeeded).toEqual(['hold-9']);
  });

  it('runs a failed handler again on redelivery, and records the money only once', async () => {
    let calls = 0;
    purposes.onPaymentSucceeded('entry', async () => {
      calls += 1;
      if (calls === 1) throw new Error('the game store is away');
    });
    const created = await payWithCard({
      amountCents: 700,
      payerId: 'player-1',
      receiverId: 'captain-1',
      idempotencyKey: 'k-2',
    });
    const payload = sent.at(-1)!;
    await expect(deliver(payload)).rejects.toThrow('the game store is away');
    expect(await deliver(payload)).toMatchObject({ ok: true, duplicate: false });
    expect(await deliver(payload)).toMatchObject({ ok: true, duplicate: true });
    expect(calls).toBe(2);
    expect((await db.store.readStream(ledgerStream(created.paymentId))).map((event) => event.type)).toEqual([
      'PaymentReceived',
      'FeeCharged',
    ]);
  });

  it('checks a payment with the processor before recording it, once when the command side has just verified it', async () => {
    let asked = 0;
    const counting: PaymentProcessor = Object.assign(Object.create(processor) as SimulatedPaymentProcessor, {
      retrievePayment: (paymentId: string) => {
        asked += 1;
        return processor.retrievePayment(paymentId);
      },
    });
    const recent = new RecentlySucceededPayments();
    const checking = new WebhookInbox({
      pool: db.pool,
      store: db.store,
      processor: counting,
      purposes: new TestPaymentPurposes(),
      recent,
    });
    sent.length = 0;
    const entry = { kind: 'entry', gameId: 'game-7' } as const;
    const created = await payWithCard({
      amountCents: 4_000,
      purpose: entry,
      payerId: 'player-7',
      receiverId: 'captain-7',
      idempotencyKey: 'k-7',
    });
    const [paid] = sent;

    // What add-game and join-game do with the processor the payments part hands out: it notes the success.
    expect(await recent.noting(counting).retrievePayment(created.paymentId)).toMatchObject({ status: 'succeeded' });
    expect(asked).toBe(1);
    expect(await checking.receive(Buffer.from(paid!), signWebhook(paid!, processor.signingSecret))).toMatchObject({
      ok: true,
      duplicate: false,
    });
    expect(asked).toBe(1);
    expect((await db.store.readStream(ledgerStream(created.paymentId))).map((event) => event.type)).toEqual([
      'PaymentReceived',
      'FeeCharged',
    ]);

    // Without that, the inbox asks the processor itself.
    await db.pool.query('DELETE FROM payment_webhook_events WHERE event_id = $1', [
      (JSON.parse(paid!) as { id: string }).id,
    ]);
    await new WebhookInbox({
      pool: db.pool,
      store: db.store,
      processor: counting,
      purposes: new TestPaymentPurposes(),
    }).receive(Buffer.from(paid!), signWebhook(paid!, processor.signingSecret));
    expect(asked).toBe(2);
  });
});

describe('simulated processor outbox', () => {
  it('hands over, at the next start, an event whose hand-over was interrupted', async () => {
    const database = await createTestDatabase('outbox');
    const pool = createPool(database.url, { max: 4 });
    try {
      const crashing = await SimulatedPaymentProcessor.open(pool, {
        sendWebhook: async () => {
          throw new Error('the process died before the job was enqueued');
        },
      });
      const created = await crashing.createPayment(
        paymentRequest({ purpose: { kind: 'entry', gameId: 'g' }, receiverId: 'r', idempotencyKey: 'k' }),
      );
      await expect(crashing.confirm(created.clientSecret, card)).rejects.toThrow('the process died');
      const sent: string[] = [];
      const restarted = await SimulatedPaymentProcessor.open(pool, {
        sendWebhook: async ({ payload }) => void sent.push(payload),
      });
      expect(await restarted.handOverPendingEvents()).toBe(1);
      expect(JSON.parse(sent[0]!)).toMatchObject({
        type: 'payment_intent.succeeded',
        data: { object: { id: created.paymentId } },
      });
      expect(await restarted.handOverPendingEvents()).toBe(0);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
