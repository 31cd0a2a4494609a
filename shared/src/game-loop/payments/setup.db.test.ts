/**
 * The simulated processor posts its webhooks to the app's own address, so they go out once the app
 * listens there: an event pending when the app starts (left from its last stop) is not tried against
 * a closed port first. A refund the app makes is in the ledger without waiting for its webhook.
 */
import { createServer } from 'node:http';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '../../infra/db/embedded-postgres';
import { ledgerStream } from '../../domain/ledger/events';
import { paymentRequest, TEST_CARD as card } from '../../testing/payments-database';
import { storeDatabase } from '../../testing/store-database';
import { setUpPayments } from './setup';

describe('payments set-up: webhook delivery', () => {
  const db = storeDatabase('paysetup');
  /** The payments part on the test database, its simulated processor's webhooks posted to `publicUrl`. */
  const setUp = (options: Pick<Parameters<typeof setUpPayments>[0], 'publicUrl' | 'logger' | 'webhookDelivery'>) =>
    setUpPayments({
      pool: db.pool,
      store: db.store,
      databaseUrl: db.url,
      redisUrl: process.env.REDIS_URL,
      cancellationWindowHours: 24,
      ...options,
    });

  it('delivers nothing before startDeliveringWebhooks, then each event at its first attempt', async () => {
    const port = await findFreePort();
    const received: string[] = [];
    const app = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(body);
        res.end('ok');
      });
    });
    // A failed delivery attempt is logged as a warning: none may happen.
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const payments = await setUp({
      publicUrl: `http://127.0.0.1:${port}`,
      logger,
      webhookDelivery: { maxDelayMs: 0, duplicateChance: 0, backoffMs: 100 },
    });
    try {
      const created = await payments.processor.createPayment(
        paymentRequest({
          amountCents: 1500,
          purpose: { kind: 'rental', holdId: 'hold-before-listening' },
          payerId: 'captain-1',
          receiverId: 'owner-1',
          idempotencyKey: 'before-listening',
        }),
      );
      expect(await payments.simulated!.confirm(created.clientSecret, card)).toMatchObject({
        ok: true,
        status: 'succeeded',
      });
      // A delivery worker already running would have tried the closed port by now.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(received).toEqual([]);

      await new Promise<void>((resolve) => app.listen(port, '127.0.0.1', resolve));
      payments.startDeliveringWebhooks();
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      expect(JSON.parse(received[0]!)).toMatchObject({
        type: 'payment_intent.succeeded',
        data: { object: { id: created.paymentId } },
      });
      expect(warnings).toEqual([]);
    } finally {
      await payments.close();
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it('records a refund it makes in the ledger, the payment first, though no webhook is ever delivered', async () => {
    // Deliveries never start here: every webhook of this test is lost.
    const payments = await setUp({ publicUrl: 'http://127.0.0.1:9', logger: pino({ level: 'silent' }) });
    const ledger = async (paymentId: string) =>
      (await db.store.readStream(ledgerStream(paymentId))).map((event) => ({
        type: event.type,
        amountCents: (event.data as { amountCents: number }).amountCents,
      }));
    const pay = async (key: string) => {
      const created = await payments.processor.createPayment(
        paymentRequest({
          amountCents: 4000,
          purpose: { kind: 'entry', gameId: 'game-refunded' },
          payerId: 'player-1',
          idempotencyKey: key,
        }),
      );
      expect(await payments.simulated!.confirm(created.clientSecret, card)).toMatchObject({
        ok: true,
        status: 'succeeded',
      });
      return created.paymentId;
    };
    try {
      const paymentId = await pay('refund-recorded');
      expect(await ledger(paymentId)).toEqual([]);

      // Part, then the rest: each refund is in the ledger when the call returns.
      expect(await payments.refund({ paymentId, amountCents: 1000, idempotencyKey: 'part' })).toBe(true);
      expect(await ledger(paymentId)).toEqual([
        { type: 'PaymentReceived', amountCents: 4000 },
        { type: 'RefundIssued', amountCents: 1000 },
      ]);
      expect(await payments.refund({ paymentId, idempotencyKey: 'rest' })).toBe(true);
      // Asked again once nothing is left: nothing more is owed, and nothing is recorded twice.
      expect(await payments.refund({ paymentId, idempotencyKey: 'again' })).toBe(false);
      expect(await payments.refund({ paymentId, amountCents: 1000, idempotencyKey: 'part' })).toBe(true);
      expect(await ledger(paymentId)).toEqual([
        { type: 'PaymentReceived', amountCents: 4000 },
        { type: 'RefundIssued', amountCents: 1000 },
        { type: 'RefundIssued', amountCents: 3000 },
      ]);

      // Many refunds of one payment at once: the processor and the ledger agree on the total.
      const busy = await pay('refund-recorded-busy');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) =>
          payments.refund({ paymentId: busy, amountCents: 300, idempotencyKey: `busy-${index}` }),
        ),
      );
      const refunded = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      expect(refunded).toBe(13);
      const entries = await ledger(busy);
      expect(
        entries.filter((entry) => entry.type === 'RefundIssued').reduce((sum, entry) => sum + entry.amountCents, 0),
      ).toBe(3900);
      expect((await payments.processor.retrievePayment(busy))!.refundedCents).toBe(3900);
    } finally {
      await payments.close();
    }
  });
});
