import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../tests/support/postgres';
import { createPool } from '../../db/pool';
import { describePaymentProcessorContract } from '../payment-processor.contract';
import { signWebhook } from '../stripe-webhooks';
import { SimulatedPaymentProcessor } from './simulated-processor';
import { readCard } from './test-cards';

const card = (cardNumber: string) => ({ cardNumber, expMonth: 12, expYear: 2035, cvc: '123' });
/** The simulated bank's card that it processes first and declines `processingMs` later. */
const PROCESSING_CARD = '4000 0000 0000 1729';
const HOUR = 3_600_000;

describePaymentProcessorContract('simulated card processor', async () => {
  const database = await createTestDatabase('payments');
  const pool = createPool(database.url, { max: 20 });
  const sent: string[] = [];
  // The bank answers in an hour: the contract moves the processor's clock to its answer.
  let bankAnswered = 0;
  const processor = await SimulatedPaymentProcessor.open(pool, {
    sendWebhook: async ({ payload }) => void sent.push(payload),
    processingMs: HOUR,
    now: () => new Date(Date.now() + bankAnswered),
  });
  return {
    processor,
    pay: async (clientSecret) => void (await processor.confirm(clientSecret, card('4242 4242 4242 4242'))),
    decline: async (clientSecret) => void (await processor.confirm(clientSecret, card('4000 0000 0000 0002'))),
    bankProcessing: {
      process: async (clientSecret) => void (await processor.confirm(clientSecret, card(PROCESSING_CARD))),
      decline: async () => {
        bankAnswered += HOUR;
        await processor.answerDueBanks();
      },
    },
    sentWebhooks: async () => [...sent],
    sign: (payload, timestamp) => signWebhook(payload, processor.signingSecret, timestamp),
    teardown: async () => {
      await pool.end();
      await database.drop();
    },
  };
});

/** Runs `test` on a database of its own, dropped afterwards. */
async function onOwnDatabase(name: string, test: (pool: pg.Pool) => Promise<void>): Promise<void> {
  const database = await createTestDatabase(name);
  const pool = createPool(database.url, { max: 20 });
  try {
    await test(pool);
  } finally {
    await pool.end();
    await database.drop();
  }
}

describe('simulated card processor: confirming', () => {
  it('lets exactly one of many concurrent confirmations of a payment succeed, reported by one webhook', async () => {
    await onOwnDatabase('payments_confirm', async (pool) => {
      const sent: string[] = [];
      const processor = await SimulatedPaymentProcessor.open(pool, {
        sendWebhook: async ({ payload }) => void sent.push(payload),
      });
      const { clientSecret, paymentId } = await processor.createPayment({
        amountCents: 4000,
        currency: 'usd',
        purpose: { kind: 'rental', holdId: 'hold-1' },
        payerId: 'captain',
        receiverId: 'owner',
        idempotencyKey: 'confirm-race',
      });
      // Declined cards first, then good ones, all at once: a decline may land before the success, never after.
      const cards = [
        ...Array.from({ length: 10 }, () => card('4000 0000 0000 0002')),
        ...Array.from({ length: 30 }, () => card('4242 4242 4242 4242')),
      ];
      const outcomes = await Promise.all(cards.map((each) => processor.confirm(clientSecret, each)));
      const succeeded = outcomes.filter((outcome) => outcome.ok && outcome.status === 'succeeded');
      expect(succeeded).toHaveLength(1);
      for (const outcome of outcomes.filter((each) => !(each.ok && each.status === 'succeeded'))) {
        expect(outcome.ok ? outcome.status : outcome.code).toMatch(/^(failed|payment_unexpected_state)$/);
      }
      expect((await processor.retrievePayment(paymentId))?.status).toBe('succeeded');
      const types = sent.map((payload) => (JSON.parse(payload) as { type: string }).type);
      expect(types.filter((type) => type === 'payment_intent.succeeded')).toHaveLength(1);
      expect(types.filter((type) => type === 'payment_intent.payment_failed')).toHaveLength(
        outcomes.filter((outcome) => outcome.ok && outcome.status === 'failed').length,
      );
      const { rows } = await pool.query<{ events: number; pending: number }>(
        'SELECT count(*)::int AS events, count(*) FILTER (WHERE NOT handed_over)::int AS pending FROM simulated_payments.events WHERE payment_id = $1',
        [paymentId],
      );
      expect(rows[0]).toEqual({ events: sent.length, pending: 0 });
    });
  });
});

describe('simulated card processor: two processes', () => {
  it('judges a payment as it stands when another process confirmed it since this one created it', async () => {
    await onOwnDatabase('payments_two_processes', async (pool) => {
      const sent: string[] = [];
      const open = () =>
        SimulatedPaymentProcessor.open(pool, { sendWebhook: async ({ payload }) => void sent.push(payload) });
      const [creator, other] = [await open(), await open()];
      const create = (idempotencyKey: string) =>
        creator.createPayment({
          amountCents: 4000,
          currency: 'usd',
          purpose: { kind: 'rental', holdId: idempotencyKey },
          payerId: 'captain',
          receiverId: 'owner',
          idempotencyKey,
        });

      const paid = await create('paid-elsewhere');
      expect(await other.confirm(paid.clientSecret, card('4242 4242 4242 4242'))).toMatchObject({
        ok: true,
        status: 'succeeded',
      });
      expect(await creator.confirm(paid.clientSecret, card('4242 4242 4242 4242'))).toEqual({
        ok: false,
        httpStatus: 409,
        code: 'payment_unexpected_state',
        message: 'This payment has already succeeded; nothing more to confirm.',
      });

      const declined = await create('declined-elsewhere');
      expect(await other.confirm(declined.clientSecret, card('4000 0000 0000 0002'))).toMatchObject({
        ok: true,
        status: 'failed',
      });
      expect(await creator.confirm(declined.clientSecret, card('4242 4242 4242 4242'))).toMatchObject({
        ok: true,
        status: 'succeeded',
      });
      expect((await creator.retrievePayment(declined.paymentId))?.status).toBe('succeeded');

      const types = sent.map((payload) => (JSON.parse(payload) as { type: string }).type);
      expect(types).toEqual(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.succeeded']);
    });
  });
});

describe("simulated card processor: the bank's later answer", () => {
  it('declines a processing payment by itself once its bank answers, once across processes, and after a stop', async () => {
    await onOwnDatabase('payments_bank_answers', async (pool) => {
      const sent: string[] = [];
      const open = (processingMs: number) =>
        SimulatedPaymentProcessor.open(pool, {
          sendWebhook: async ({ payload }) => void sent.push(payload),
          processingMs,
        });
      const create = (processor: SimulatedPaymentProcessor, idempotencyKey: string) =>
        processor.createPayment({
          amountCents: 1800,
          currency: 'usd',
          purpose: { kind: 'entry', gameId: idempotencyKey },
          payerId: 'player',
          receiverId: 'organizer',
          idempotencyKey,
        });
      const failedEvents = (paymentId: string) =>
        sent.filter((payload) => payload.includes(paymentId) && payload.includes('"payment_intent.payment_failed"'));

      // Answered by the processor's own timer, a moment later.
      const quick = await open(300);
      const soon = await create(quick, 'answered-soon');
      expect(await quick.confirm(soon.clientSecret, card(PROCESSING_CARD))).toMatchObject({
        ok: true,
        status: 'processing',
      });
      expect((await quick.retrievePayment(soon.paymentId))?.status).toBe('processing');
      await expect
        .poll(async () => (await quick.retrievePayment(soon.paymentId))?.status, { timeout: 15_000 })
        .toBe('failed');
      expect(await quick.retrievePayment(soon.paymentId)).toMatchObject({
        failureMessage: 'Your bank declined the payment.',
      });
      expect(failedEvents(soon.paymentId)).toHaveLength(1);

      // Due while no timer of the confirming process ran (it stopped): the next processes' looks answer it, once.
      const slow = await open(3_600_000);
      const later = await create(slow, 'answered-after-a-stop');
      await slow.confirm(later.clientSecret, card(PROCESSING_CARD));
      await pool.query(
        `UPDATE simulated_payments.payments SET bank_answers_at = now() - interval '1 second' WHERE payment_id = $1`,
        [later.paymentId],
      );
      const restarted = await Promise.all(Array.from({ length: 4 }, () => open(3_600_000)));
      const answered = await Promise.all(restarted.map((processor) => processor.answerDueBanks()));
      expect(answered.reduce((sum, count) => sum + count, 0)).toBe(1);
      expect((await slow.retrievePayment(later.paymentId))?.status).toBe('failed');
      expect(failedEvents(later.paymentId)).toHaveLength(1);
    });
  });
});

describe('simulated card processor: reading a card', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('says what each test card does', () => {
    expect(readCard(card('4242424242424242'), now)).toEqual({ ok: true, last4: '4242', outcome: { kind: 'succeeds' } });
    expect(readCard(card('4000 0027 6000 3184'), now)).toMatchObject({ ok: true, outcome: { kind: 'needs_action' } });
    expect(readCard(card(PROCESSING_CARD), now)).toMatchObject({
      ok: true,
      outcome: { kind: 'processing_then_declined', code: 'card_declined' },
    });
    expect(readCard(card('4000000000009995'), now)).toMatchObject({
      ok: true,
      outcome: { kind: 'declined', code: 'insufficient_funds' },
    });
  });

  it('refuses a number that is not a card, a past expiry and a bad security code', () => {
    expect(readCard(card('4242424242424241'), now)).toMatchObject({ ok: false, code: 'incorrect_number' });
    expect(readCard({ ...card('4242424242424242'), expMonth: 10, expYear: 26 }, now)).toMatchObject({
      ok: false,
      message: /in the past/,
    });
    expect(readCard({ ...card('4242424242424242'), expMonth: 11, expYear: 2026 }, now)).toMatchObject({ ok: true });
    expect(readCard({ ...card('4242424242424242'), expMonth: 13 }, now)).toMatchObject({
      ok: false,
      code: 'invalid_expiry_month',
    });
    expect(readCard({ ...card('4242424242424242'), cvc: '12' }, now)).toMatchObject({
      ok: false,
      code: 'incorrect_cvc',
    });
  });
});
