/**
 * The simulated processor posts its webhooks to the app's own address, so they go out once the app
 * listens there: an event pending when the app starts (left from its last stop) is not tried against
 * a closed port first.
 */
import { createServer } from 'node:http';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/postgres';
import { findFreePort } from '../db/embedded-postgres';
import { createPool } from '../db/pool';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { setUpPayments } from './setup';

const card = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };

describe('payments set-up: webhook delivery', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: ReturnType<typeof createPool>;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('paysetup');
    pool = createPool(database.url, { max: 10 });
    store = await PostgresEventStore.connect(database.url);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
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
    const payments = await setUpPayments({
      pool,
      store,
      databaseUrl: database.url,
      redisUrl: process.env.REDIS_URL,
      publicUrl: `http://127.0.0.1:${port}`,
      logger,
      webhookDelivery: { maxDelayMs: 0, duplicateChance: 0, backoffMs: 100 },
    });
    try {
      const created = await payments.processor.createPayment({
        amountCents: 1500,
        currency: 'usd',
        purpose: { kind: 'rental', holdId: 'hold-before-listening' },
        payerId: 'captain-1',
        receiverId: 'owner-1',
        idempotencyKey: 'before-listening',
      });
      expect(await payments.simulated!.confirm(created.clientSecret, card)).toMatchObject({ ok: true, status: 'succeeded' });
      // A delivery worker already running would have tried the closed port by now.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(received).toEqual([]);

      await new Promise<void>((resolve) => app.listen(port, '127.0.0.1', resolve));
      payments.startDeliveringWebhooks();
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      expect(JSON.parse(received[0]!)).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { id: created.paymentId } } });
      expect(warnings).toEqual([]);
    } finally {
      await payments.close();
      await new Promise((resolve) => app.close(resolve));
    }
  });
});
