/**
 * The Stripe adapter's requests, as the real `stripe` client sends them, against a local server that
 * answers as Stripe's API does (stripe-api-server.ts): params, idempotency keys, destination, fees
 * and metadata, and how Stripe's answers and errors are read.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../tests/support/postgres';
import { createPool } from '../../db/pool';
import { refusal } from '../payment-processor.contract';
import { paymentIdOfClientSecret, type CreatePaymentInput } from '../port';
import { StripeApiServer } from './stripe-api-server';
import { createStripeClient, StripePaymentProcessor } from './stripe-processor';

const SECRET_KEY = 'sk_test_recorded';

describe('Stripe adapter: requests to Stripe', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: ReturnType<typeof createPool>;
  let api: StripeApiServer;
  let processor: StripePaymentProcessor;
  let client: ReturnType<typeof createStripeClient>;

  beforeAll(async () => {
    database = await createTestDatabase('stripe');
    pool = createPool(database.url, { max: 10 });
    api = new StripeApiServer();
    const { host, port } = await api.start();
    client = createStripeClient(SECRET_KEY, { host, port, protocol: 'http', maxNetworkRetries: 0 });
    processor = await StripePaymentProcessor.open(pool, {
      secretKey: SECRET_KEY,
      webhookSecret: 'whsec_recorded',
      client,
      applicationFeeCents: (amount) => Math.round(amount * 0.05),
    });
  });
  afterAll(async () => {
    await api?.stop();
    await pool?.end();
    await database?.drop();
  });
  beforeEach(() => void api.requests.splice(0));

  const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
    amountCents: 5000,
    currency: 'usd',
    purpose: { kind: 'rental', holdId: 'hold-42' },
    payerId: 'captain-1',
    receiverId: `owner-${randomUUID()}`,
    idempotencyKey: `checkout-${randomUUID()}`,
    ...overrides,
  });

  it('creates one Express account per receiver, with a key of its own, and asks Stripe only once', async () => {
    const receiver = `owner-${randomUUID()}`;
    // Many first calls at once: Stripe answers every one with the same account (one idempotency key).
    const [first, ...again] = await Promise.all(Array.from({ length: 20 }, () => processor.connectedAccount(receiver)));
    expect(new Set(again)).toEqual(new Set([first]));
    expect(await processor.connectedAccount(receiver)).toBe(first);
    const creations = api.requestsTo('POST', '/v1/accounts');
    expect(creations.length).toBeGreaterThanOrEqual(1);
    for (const creation of creations) {
      expect(creation.body).toMatchObject({
        type: 'express',
        'metadata[receiver_id]': receiver,
        'capabilities[transfers][requested]': 'true',
      });
      expect(creation.headers['idempotency-key']).toBe(`account-${receiver}`);
      expect(creation.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    }
    expect(await processor.accountStatus(receiver)).toEqual({
      receiverId: receiver,
      accountId: first,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
    });
  });

  it("creates a destination charge to the receiver's account, with the fee, the purpose in metadata and the caller's idempotency key", async () => {
    const payment = input({ purpose: { kind: 'entry', gameId: 'game-7' }, amountCents: 1234 });
    const created = await processor.createPayment(payment);
    const account = await processor.connectedAccount(payment.receiverId);
    const [request] = api.requestsTo('POST', '/v1/payment_intents');
    expect(request!.headers['idempotency-key']).toBe(payment.idempotencyKey);
    expect(request!.body).toEqual({
      amount: '1234',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      'transfer_data[destination]': account,
      application_fee_amount: '62',
      'metadata[purpose_kind]': 'entry',
      'metadata[game_id]': 'game-7',
      'metadata[payer_id]': 'captain-1',
      'metadata[receiver_id]': payment.receiverId,
    });
    expect(paymentIdOfClientSecret(created.clientSecret)).toBe(created.paymentId);
    expect(await processor.retrievePayment(created.paymentId)).toEqual({
      paymentId: created.paymentId,
      status: 'requires_confirmation',
      amountCents: 1234,
      currency: 'usd',
      purpose: { kind: 'entry', gameId: 'game-7' },
      payerId: 'captain-1',
      receiverId: payment.receiverId,
      feeCents: 62,
      refundedCents: 0,
      failureMessage: null,
    });
    expect(api.requestsTo('GET', `/v1/payment_intents/${created.paymentId}`)[0]!.query).toMatchObject({
      'expand[0]': 'latest_charge',
    });
  });

  it('sends no application fee when the setting is 0 cents, and refuses a bad amount without asking Stripe', async () => {
    const free = await StripePaymentProcessor.open(pool, {
      secretKey: SECRET_KEY,
      webhookSecret: 'whsec_recorded',
      client,
    });
    await free.createPayment(input());
    expect(api.requestsTo('POST', '/v1/payment_intents')[0]!.body).not.toHaveProperty('application_fee_amount');
    api.requests.splice(0);
    expect((await refusal(free.createPayment(input({ amountCents: 0 })))).code).toBe('invalid_amount');
    expect((await refusal(free.createPayment(input({ amountCents: 9.5 })))).code).toBe('invalid_amount');
    expect(api.requestsTo('POST', '/v1/payment_intents')).toEqual([]);
  });

  it("returns the same payment for a retried key, and reads Stripe's idempotency error as a reused key", async () => {
    const payment = input();
    const first = await processor.createPayment(payment);
    expect(await processor.createPayment(payment)).toEqual(first);
    expect((await refusal(processor.createPayment({ ...payment, amountCents: 4999 }))).code).toBe(
      'idempotency_key_reused',
    );
    expect(api.intents.size).toBeGreaterThan(0);
    expect([...api.intents.values()].filter((intent) => intent.id === first.paymentId)).toHaveLength(1);
  });

  it("reads a declined, a processing and a missing payment in the port's words", async () => {
    const declined = await processor.createPayment(input());
    api.settle(declined.paymentId, 'declined');
    expect(await processor.retrievePayment(declined.paymentId)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    const processing = await processor.createPayment(input());
    api.settle(processing.paymentId, 'processing');
    expect(await processor.retrievePayment(processing.paymentId)).toMatchObject({ status: 'processing' });
    expect(await processor.retrievePayment('pi_missing')).toBeNull();
  });

  it("refunds with the transfer and the fee reversed, under the caller key, and reads Stripe's refusals", async () => {
    const created = await processor.createPayment(input({ amountCents: 5000 }));
    expect(
      (await refusal(processor.refund({ paymentId: created.paymentId, idempotencyKey: 'refund-pending' }))).message,
    ).toMatch(/has not succeeded/);
    expect(api.requestsTo('POST', '/v1/refunds')).toEqual([]);
    api.settle(created.paymentId, 'succeeded');

    expect(
      await processor.refund({ paymentId: created.paymentId, amountCents: 2000, idempotencyKey: 'refund-1' }),
    ).toMatchObject({ paymentId: created.paymentId, amountCents: 2000 });
    const [request] = api.requestsTo('POST', '/v1/refunds');
    expect(request!.headers['idempotency-key']).toBe('refund-1');
    expect(request!.body).toEqual({
      payment_intent: created.paymentId,
      amount: '2000',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
    });

    const refused = await refusal(
      processor.refund({ paymentId: created.paymentId, amountCents: 3001, idempotencyKey: 'refund-2' }),
    );
    expect([refused.code, refused.message]).toEqual([
      'refund_exceeds_payment',
      `Only 3000 cents of payment ${created.paymentId} are left to refund, not 3001.`,
    ]);
    const rest = await processor.refund({ paymentId: created.paymentId, idempotencyKey: 'refund-3' });
    expect(rest.amountCents).toBe(3000);
    expect(api.requestsTo('POST', '/v1/refunds').at(-1)!.body).not.toHaveProperty('amount');
    expect((await refusal(processor.refund({ paymentId: created.paymentId, idempotencyKey: 'refund-4' }))).code).toBe(
      'nothing_to_refund',
    );
    expect(
      await processor.refund({ paymentId: created.paymentId, amountCents: 2000, idempotencyKey: 'refund-1' }),
    ).toMatchObject({ amountCents: 2000 });
    expect(await processor.retrievePayment(created.paymentId)).toMatchObject({ refundedCents: 5000 });
    expect((await processor.listRefunds(created.paymentId)).map((refund) => refund.amountCents)).toEqual([2000, 3000]);
  });

  it('lists the payments after a cursor oldest first, with ending_before', async () => {
    const first = await processor.createPayment(input());
    const second = await processor.createPayment(input());
    const third = await processor.createPayment(input());
    const listed = await processor.listPayments(first.paymentId, 10);
    expect(listed.map((item) => [item.payment.paymentId, item.cursor])).toEqual([
      [second.paymentId, second.paymentId],
      [third.paymentId, third.paymentId],
    ]);
    expect(api.requestsTo('GET', '/v1/payment_intents').at(-1)!.query).toMatchObject({
      ending_before: first.paymentId,
      limit: '10',
      'expand[0]': 'data.latest_charge',
    });
    expect(await processor.listPayments(third.paymentId)).toEqual([]);
  });

  it("links the receiver to Stripe's onboarding and keeps the account's status read afresh from Stripe", async () => {
    const receiver = `owner-${randomUUID()}`;
    const url = await processor.onboardingLink(receiver, 'http://localhost:3000/profile');
    const account = await processor.connectedAccount(receiver);
    expect(url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    expect(api.requestsTo('POST', '/v1/account_links')[0]!.body).toEqual({
      account,
      type: 'account_onboarding',
      return_url: 'http://localhost:3000/profile',
      refresh_url: 'http://localhost:3000/profile',
    });
    Object.assign(api.accounts.get(account)!, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    // The event says nothing is enabled (an older event arriving late): what Stripe says now is kept.
    const late = {
      receiverId: receiver,
      accountId: account,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
    };
    expect(await processor.recordAccountStatus(late)).toBe(true);
    expect(await processor.accountStatus(receiver)).toEqual({
      ...late,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    expect(await processor.recordAccountStatus({ ...late, accountId: 'acct_foreign' })).toBe(false);
    expect(api.requestsTo('GET', '/v1/accounts/acct_foreign')).toEqual([]);
  });

  it('holds a manual-capture payment until captured, captures it once, and refuses to cancel it then (issue #45)', async () => {
    const created = await processor.createPayment(input({ capture: 'manual' }));
    expect(api.requestsTo('POST', '/v1/payment_intents')[0]!.body).toMatchObject({ capture_method: 'manual' });
    api.settle(created.paymentId, 'succeeded');
    expect(await processor.retrievePayment(created.paymentId)).toMatchObject({
      status: 'requires_capture',
      captureMethod: 'manual',
    });
    const [first, again] = await Promise.all([
      processor.capturePayment(created.paymentId, `capture-${created.paymentId}`),
      processor.capturePayment(created.paymentId, `capture-${created.paymentId}-again`),
    ]);
    expect([first.status, again.status]).toEqual(['succeeded', 'succeeded']);
    const captures = api.requestsTo('POST', `/v1/payment_intents/${created.paymentId}/capture`);
    expect(captures[0]!.headers['idempotency-key']).toMatch(/^capture-/);
    expect((await refusal(processor.cancelPayment(created.paymentId, randomUUID()))).code).toBe(
      'payment_not_cancelable',
    );
  });

  it('cancels a held payment, which then cannot be captured (issue #45)', async () => {
    const created = await processor.createPayment(input({ capture: 'manual' }));
    api.settle(created.paymentId, 'succeeded');
    expect(await processor.cancelPayment(created.paymentId, `cancel-${created.paymentId}`)).toMatchObject({
      status: 'canceled',
    });
    expect(await processor.cancelPayment(created.paymentId, `cancel-${created.paymentId}`)).toMatchObject({
      status: 'canceled',
    });
    expect(api.requestsTo('POST', `/v1/payment_intents/${created.paymentId}/cancel`)).toHaveLength(1);
    expect((await refusal(processor.capturePayment(created.paymentId, randomUUID()))).code).toBe(
      'payment_not_capturable',
    );
  });
});
