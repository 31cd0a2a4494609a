/**
 * The payments core over real HTTP on the standalone app: checkout, the simulated card form with each
 * test card, webhooks delivered by the processor (seeded to come twice and out of order), signature
 * refusals, replays, and refunds, all ending in the ledger and the receivers' balances.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '@playtime/shared/infra/payments/stripe-webhooks';
import { seededRandom } from '@playtime/shared/infra/payments/simulated/webhook-delivery';
import { paymentIdOfClientSecret } from '@playtime/shared/infra/payments/port';
import { readBalanceCents } from '@playtime/read-api/payments/read-balance';
import { demoClients, signedIn } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { addAvailableField, addNewYorkField } from '../support/fields';
import {
  allWebhooksHandled as handled,
  GOOD_CARD,
  postWebhook as post,
  sentWebhooks,
  shuffled,
} from '../support/payments';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { DAY_AFTER_TOMORROW, HOUR } from '../support/time';
import { waitFor } from '../support/wait';

const RENTAL_CENTS = 5000;

let app: TestApp;
let db: pg.Pool;
let captain: ApiClient;
let owner: ApiClient;
let anonymous: ApiClient;
let ownerId: string;
let ownerUsername: string;
let captainId: string;
let subFieldId: string;
const paidHolds = new Set<string>();

/** Midnight UTC two days from now: the test field is available from then for 14 days. */
const firstDay = DAY_AFTER_TOMORROW;
let nextSlot = 0;

/** A new one-hour hold of the captain on the test sub-field (each at its own time): $50 at the field's $50 an hour. */
async function newHold(): Promise<string> {
  const start = firstDay + nextSlot++ * HOUR;
  const answer = await captain.post('/api/hold-slot', {
    subFieldId,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + HOUR).toISOString(),
  });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json).toMatchObject({ rentalCents: RENTAL_CENTS });
  return (answer.json as { holdId: string }).holdId;
}

const checkout = (client: ApiClient, holdId: string, price = RENTAL_CENTS) =>
  client.post('/api/checkout', {
    price,
    email: 'test@example.com',
    name: 'Test',
    receiver: ownerUsername,
    purpose: { kind: 'rental', holdId },
  });

async function newPayment(): Promise<string> {
  const holdId = await newHold();
  const answer = await checkout(captain, holdId);
  expect(answer.status).toBe(200);
  return answer.text;
}

const confirm = (clientSecret: string, card: Partial<typeof GOOD_CARD> = {}) =>
  anonymous.post('/api/payments/simulated/confirm', { clientSecret, ...GOOD_CARD, ...card });

/** A payment made and paid with 4242…; its id. */
async function paidPayment(): Promise<string> {
  const secret = await newPayment();
  expect((await confirm(secret)).status).toBe(200);
  paidHolds.add(secret);
  return paymentIdOfClientSecret(secret)!;
}

const signingSecret = () => (app.payments.simulated as { signingSecret: string }).signingSecret;

/** Posts a body to the webhook route as a processor would, signed with the processor's secret unless told otherwise. */
const postWebhook = (payload: string, signature: string | undefined = signWebhook(payload, signingSecret())) =>
  post(app.url, payload, signature);
const sentEvents = () => sentWebhooks(db);

async function ledgerStreams(): Promise<Array<{ stream_id: string; type: string; data: unknown }>> {
  const { rows } = await db.query(
    `SELECT stream_id, type, data FROM es_events WHERE stream_id LIKE 'ledger-payment-%' ORDER BY stream_id, revision`,
  );
  return rows;
}

const allWebhooksHandled = () => handled(db);

/** What the ledger says the owner has, once the balances projection caught up with the ledger's entries. */
async function settledBalance(): Promise<number> {
  await allWebhooksHandled();
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM es_events WHERE stream_id LIKE 'ledger-payment-%'`,
  );
  await waitFor(
    'the balances projection',
    async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM read.ledger_entries')).rows[0]!.n === rows[0]!.n,
  );
  return readBalanceCents(db, ownerId);
}

beforeAll(async () => {
  app = await startTestApp(
    {},
    // Half the webhooks come twice, each after up to 400 ms: duplicates and reordering on every run, the same ones each time.
    { webhookDelivery: { random: seededRandom(20261123), duplicateChance: 0.5, maxDelayMs: 400, backoffMs: 100 } },
  );
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
  [captain, owner] = await demoClients(app.url, 'captain', 'owner');
  anonymous = new ApiClient(app.url, null);
  const me = (await owner.get('/api/get-user')).json as { userId: string; username: string };
  ownerId = me.userId;
  ownerUsername = me.username;
  captainId = ((await captain.get('/api/get-user')).json as { userId: string }).userId;
  // What the captains pay for: a field at $50 an hour, one sub-field, available for two weeks.
  ({ subFieldId } = await addAvailableField(owner, {
    name: 'Ledger Park',
    address: '1 Main St',
    price: 50,
    startDate: new Date(firstDay).toISOString(),
    endDate: new Date(firstDay + 14 * 24 * HOUR).toISOString(),
  }));
  captain.seesWritesOf(owner);
}, 120_000);

afterAll(async () => {
  await db?.end();
  await app?.dispose();
});

describe('checkout', () => {
  it('refuses a purpose that does not exist, with a clear 4xx', async () => {
    const answer = await captain.post('/api/checkout', { price: 100, purpose: { kind: 'entry', gameId: 'game-1' } });
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({
      error: { code: 'purpose_not_found', message: expect.stringMatching(/entry/) },
    });
  });

  it('prices the purpose on the server, refuses a stale price with the current one, and answers the client secret as text', async () => {
    const holdId = await newHold();
    const stale = await checkout(captain, holdId, 100);
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      error: { code: 'price_changed', currentPrice: RENTAL_CENTS, message: expect.stringMatching(/\$50\.00/) },
    });

    const answer = await checkout(captain, holdId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/text\/plain/);
    const paymentId = paymentIdOfClientSecret(answer.text)!;
    expect(await app.payments.processor.retrievePayment(paymentId)).toMatchObject({
      amountCents: RENTAL_CENTS,
      payerId: captainId,
      receiverId: ownerId,
      purpose: { kind: 'rental', holdId },
      status: 'requires_confirmation',
    });
    expect((await checkout(captain, holdId)).text).toBe(answer.text);
  });

  it('refuses what cannot be bought, a malformed purpose, and anonymous callers', async () => {
    expect((await checkout(captain, 'no-such-hold')).status).toBe(404);
    const malformed = await captain.post('/api/checkout', { price: RENTAL_CENTS, purpose: { kind: 'shirt' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ error: { code: 'invalid_request' } });
    expect(
      (await captain.post('/api/checkout', { price: 10.5, purpose: { kind: 'rental', holdId: 'hold-x' } })).status,
    ).toBe(400);
    expect(
      (await anonymous.post('/api/checkout', { price: RENTAL_CENTS, purpose: { kind: 'rental', holdId: 'hold-x' } }))
        .status,
    ).toBe(401);
  });
});

describe('the simulated card form', () => {
  it('4242 4242 4242 4242 succeeds, and only the last four digits are kept', async () => {
    const secret = await newPayment();
    const answer = await confirm(secret);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: 'succeeded', paymentId: paymentIdOfClientSecret(secret) });
    const { rows } = await db.query<{ row: string; card_last4: string }>(
      'SELECT row_to_json(p)::text AS row, card_last4 FROM simulated_payments.payments p WHERE client_secret = $1',
      [secret],
    );
    expect(rows[0]!.card_last4).toBe('4242');
    expect(rows[0]!.row).not.toContain('4242424242424242');
    expect(rows[0]!.row).not.toContain('4242 4242 4242 4242');
    paidHolds.add(secret);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
  ])('%s fails with "%s", and the payment can then be paid with another card', async (cardNumber, code, message) => {
    const secret = await newPayment();
    const declined = await confirm(secret, { cardNumber });
    expect(declined.status).toBe(402);
    expect(declined.json).toEqual({
      status: 'failed',
      paymentId: paymentIdOfClientSecret(secret),
      error: { code, message },
    });
    expect(await app.payments.processor.retrievePayment(paymentIdOfClientSecret(secret)!)).toMatchObject({
      status: 'failed',
      failureMessage: message,
    });
    expect((await confirm(secret)).json).toMatchObject({ status: 'succeeded' });
    paidHolds.add(secret);
  });

  it('4000 0027 6000 3184 needs a confirmation step, which completes the payment', async () => {
    const secret = await newPayment();
    expect((await confirm(secret, { cardNumber: '4000 0027 6000 3184' })).json).toMatchObject({
      status: 'requires_action',
    });
    const completed = await anonymous.post('/api/payments/simulated/complete-action', { clientSecret: secret });
    expect(completed.status).toBe(200);
    expect(completed.json).toMatchObject({ status: 'succeeded' });
    const again = await anonymous.post('/api/payments/simulated/complete-action', { clientSecret: secret });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      error: { code: 'payment_unexpected_state', message: expect.stringMatching(/already succeeded/) },
    });
    expect((await confirm(secret)).status).toBe(409);
    paidHolds.add(secret);
  });

  it('refuses bad card input and unknown payments with a clear 4xx, charging nothing', async () => {
    const secret = await newPayment();
    const cases: Array<[Partial<typeof GOOD_CARD>, number, string]> = [
      [{ cardNumber: '4242 4242 4242 4241' }, 400, 'Your card number is incorrect.'],
      [{ expMonth: 1, expYear: 2020 }, 400, "Your card's expiration date is in the past."],
      [{ expMonth: 13 }, 400, "Your card's expiration month is invalid."],
      [{ cvc: '1' }, 400, "Your card's security code is incorrect."],
      [{ cardNumber: '5555 5555 5555 4444' }, 400, 'use a test card such as 4242 4242 4242 4242'],
    ];
    for (const [card, status, message] of cases) {
      const answer = await confirm(secret, card);
      expect(answer.status).toBe(status);
      expect((answer.json as { error: { message: string } }).error.message).toContain(message);
    }
    expect((await anonymous.post('/api/payments/simulated/confirm', { clientSecret: secret })).json).toMatchObject({
      error: { code: 'invalid_request', message: /cardNumber/ },
    });
    expect((await confirm('pi_nothing_secret_abc')).status).toBe(404);
    expect(await app.payments.processor.retrievePayment(paymentIdOfClientSecret(secret)!)).toMatchObject({
      status: 'requires_confirmation',
    });
  });
});

describe('webhooks and the ledger', () => {
  it('delivers every payment to the ledger once, though webhooks came twice and out of order', async () => {
    expect(await settledBalance()).toBe(paidHolds.size * RENTAL_CENTS);
    const entries = await ledgerStreams();
    expect(entries.filter((entry) => entry.type === 'PaymentReceived')).toHaveLength(paidHolds.size);
  });

  it('refuses a webhook with a bad, missing or old signature before reading it, and changes nothing', async () => {
    const before = await ledgerStreams();
    const body = JSON.stringify({
      id: `evt_forged_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1,
      data: { object: {} },
    });
    const secret = signingSecret();
    for (const [signature, reason] of [
      [undefined, /missing/],
      [signWebhook(body, 'whsec_wrong'), /signature/],
      [signWebhook(body, secret, Math.floor(Date.now() / 1000) - 3600), /tolerance|timestamp/i],
      [signWebhook(body.replace('"created":1', '"created":2'), secret), /signature/],
    ] as const) {
      const answer = await postWebhook(body, signature ?? '');
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'webhook_refused', message: expect.stringMatching(reason) });
    }
    expect(await ledgerStreams()).toEqual(before);
  });

  it('concurrent refunds never exceed the payment, and reach the ledger', async () => {
    const paymentId = await paidPayment();
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        app.payments.processor.refund({ paymentId, amountCents: 1200, idempotencyKey: randomUUID() }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(4);
    expect(await app.payments.processor.retrievePayment(paymentId)).toMatchObject({ refundedCents: 4800 });
    expect(await settledBalance()).toBe(paidHolds.size * RENTAL_CENTS - 4800);
    const refunds = (await ledgerStreams()).filter((entry) => entry.type === 'RefundIssued');
    expect(refunds).toHaveLength(4);
  });

  it('every event replayed three times in a shuffled order leaves the ledger and the balance as they were', async () => {
    const before = await ledgerStreams();
    const balance = await settledBalance();
    const events = await sentEvents();
    const copies = shuffled([...events, ...events, ...events], 7);
    const answers = await Promise.all(copies.map((event) => postWebhook(event.payload)));
    expect(answers.every((answer) => answer.status === 200 && answer.body.duplicate === true)).toBe(true);
    expect(await ledgerStreams()).toEqual(before);
    expect(await settledBalance()).toBe(balance);
  });

  it('a payment and its refund handled again in reverse order (the refund first) change nothing', async () => {
    const paymentId = await paidPayment();
    await app.payments.processor.refund({ paymentId, amountCents: 1000, idempotencyKey: randomUUID() });
    await allWebhooksHandled();
    const streamId = `ledger-payment-${paymentId}`;
    const mine = (await ledgerStreams()).filter((entry) => entry.stream_id === streamId);
    expect(mine.map((entry) => entry.type)).toEqual(['PaymentReceived', 'RefundIssued']);

    // Forget that they were handled, so the inbox does the work again rather than answering "duplicate".
    await db.query('DELETE FROM payment_webhook_events WHERE payment_id = $1', [paymentId]);
    for (const event of (await sentEvents()).filter((sent) => sent.payment_id === paymentId).reverse()) {
      expect((await postWebhook(event.payload)).body).toEqual({ received: true, duplicate: false });
    }
    expect((await ledgerStreams()).filter((entry) => entry.stream_id === streamId)).toEqual(mine);
  });
});

describe('accounts and receivers (spec §7)', () => {
  it('find-or-create-account-number answers the same connected account for a username, as text', async () => {
    const first = await captain.post('/api/find-or-create-account-number', { name: ownerUsername });
    expect(first.status).toBe(200);
    expect(first.text).toMatch(/^acct_sim_/);
    expect((await owner.post('/api/find-or-create-account-number', { name: ownerUsername })).text).toBe(first.text);
    expect((await owner.post('/api/find-or-create-account-number', { name: ownerUsername.toUpperCase() })).text).toBe(
      first.text,
    );
    expect((await captain.post('/api/find-or-create-account-number', { name: 'nobody-at-all' })).json).toMatchObject({
      error: { code: 'user_not_found' },
    });
    expect((await captain.post('/api/find-or-create-account-number', {})).status).toBe(400);
  });

  it('shows a receiver their payout account and sends them to set it up, coming back to their profile', async () => {
    const player = await signedIn(app.url, 'player');
    expect((await anonymous.post('/api/get-payout-account', {})).status).toBe(401);
    expect((await anonymous.post('/api/create-payout-onboarding-link', {})).status).toBe(401);
    expect((await player.post('/api/get-payout-account', {})).json).toEqual({
      processor: 'simulated',
      accountId: null,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
    });
    const link = await player.post('/api/create-payout-onboarding-link', {});
    expect(link.status).toBe(200);
    // The simulated processor has nothing to fill in: its onboarding leads straight back.
    expect(link.json).toEqual({ url: `${app.url}/profile?payouts=done` });
    const account = (await player.post('/api/get-payout-account', {})).json as { accountId: string };
    expect(account).toEqual({
      processor: 'simulated',
      accountId: expect.stringMatching(/^acct_sim_/),
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    // The same account find-or-create-account-number answers for that user.
    const { username } = (await player.get('/api/get-user')).json as { username: string };
    expect((await captain.post('/api/find-or-create-account-number', { name: username })).text).toBe(account.accountId);
  });

  it("find-username-of-field-owner answers the field owner's username, as text", async () => {
    const fieldName = `Pay Field ${randomUUID().slice(0, 8)}`;
    await addNewYorkField(owner, { name: fieldName, address: '1 Main St', price: 50 });
    captain.seesWritesOf(owner);
    const answer = await waitFor('the new field to be projected', async () => {
      const found = await captain.post('/api/find-username-of-field-owner', { fieldName: fieldName.toUpperCase() });
      return found.status === 200 ? found : undefined;
    });
    expect(answer.text).toBe(ownerUsername);
    expect((await captain.post('/api/find-username-of-field-owner', { fieldName: 'No Such Field' })).status).toBe(404);
  });
});
