/** The contract every PaymentProcessor adapter passes (the simulated processor always; Stripe when configured). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentRefused, paymentIdOfClientSecret, type CreatePaymentInput, type PaymentProcessor } from './port';
import { stripeEventProblems } from './stripe-object-fields';

export interface PaymentProcessorHarness {
  processor: PaymentProcessor;
  /** Pays as a payer would, with a card that succeeds. */
  pay(clientSecret: string): Promise<void>;
  /** Tries to pay with a card that is declined. */
  decline(clientSecret: string): Promise<void>;
  /**
   * Pays with a card whose bank processes the payment first, and then has the bank decline it. Absent
   * where the adapter's processor offers no way to (Stripe's test cards are answered at once).
   */
  bankProcessing?: { process(clientSecret: string): Promise<void>; decline(clientSecret: string): Promise<void> };
  /** The webhook bodies the processor sent so far, in the order it sent them. */
  sentWebhooks(): Promise<string[]>;
  /** Signs a body as the processor signs its webhooks, optionally as of another time (seconds). */
  sign(payload: string, timestampSeconds?: number): string;
  teardown(): Promise<void>;
}

/** The PaymentRefused a promise rejects with (the test fails when it resolves or rejects otherwise). */
export async function refusal(promise: Promise<unknown>): Promise<PaymentRefused> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentRefused);
  return error as PaymentRefused;
}

export function describePaymentProcessorContract(name: string, setUp: () => Promise<PaymentProcessorHarness>): void {
  describe(`PaymentProcessor contract: ${name}`, () => {
    let harness: PaymentProcessorHarness;
    let processor: PaymentProcessor;
    beforeAll(async () => {
      harness = await setUp();
      processor = harness.processor;
    });
    afterAll(() => harness?.teardown());

    const newPayment = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
      amountCents: 5000,
      currency: 'usd',
      purpose: { kind: 'rental', holdId: `hold-${randomUUID()}` },
      payerId: 'captain-1',
      receiverId: 'owner-1',
      idempotencyKey: `key-${randomUUID()}`,
      ...overrides,
    });

    const paidPayment = async (amountCents = 5000) => {
      const created = await processor.createPayment(newPayment({ amountCents }));
      await harness.pay(created.clientSecret);
      return created;
    };

    it('gives a receiver one connected account, always the same', async () => {
      const receiver = `owner-${randomUUID()}`;
      const [first, again] = await Promise.all([
        processor.connectedAccount(receiver),
        processor.connectedAccount(receiver),
      ]);
      expect(first).toBe(again);
      expect(await processor.connectedAccount(receiver)).toBe(first);
      expect(await processor.connectedAccount(`owner-${randomUUID()}`)).not.toBe(first);
    });

    it("tells a receiver's account status, and keeps an update only for the receiver's own account", async () => {
      const receiver = `owner-${randomUUID()}`;
      expect(await processor.accountStatus(receiver)).toBeNull();
      const accountId = await processor.connectedAccount(receiver);
      const status = await processor.accountStatus(receiver);
      expect(status).toMatchObject({
        receiverId: receiver,
        accountId,
        chargesEnabled: expect.any(Boolean),
        payoutsEnabled: expect.any(Boolean),
      });
      expect(await processor.recordAccountStatus({ ...status!, accountId: 'acct_someone_else' })).toBe(false);
      expect(await processor.recordAccountStatus(status!)).toBe(true);
      expect(await processor.onboardingLink(receiver, 'http://localhost:3000/profile')).toMatch(/^https?:\/\//);
    });

    it('lists the payments made after a cursor, oldest first', async () => {
      const first = await processor.createPayment(newPayment());
      let cursor: string | null = null;
      for (
        let page = await processor.listPayments(null, 100);
        page.length > 0;
        page = await processor.listPayments(page.at(-1)!.cursor, 100)
      ) {
        cursor = page.find((listed) => listed.payment.paymentId === first.paymentId)?.cursor ?? cursor;
      }
      expect(cursor).not.toBeNull();
      const second = await processor.createPayment(newPayment({ amountCents: 1200 }));
      const third = await processor.createPayment(newPayment({ amountCents: 1300 }));
      const after = await processor.listPayments(cursor, 10);
      expect(after.map((listed) => listed.payment.paymentId)).toEqual([second.paymentId, third.paymentId]);
      expect(after[0]).toMatchObject({
        payment: { amountCents: 1200, status: 'requires_confirmation' },
        created: expect.any(Number),
      });
      expect((await processor.listPayments(after[0]!.cursor, 10)).map((listed) => listed.payment.paymentId)).toEqual([
        third.paymentId,
      ]);
    });

    it('creates a payment waiting for confirmation, whose client secret names it', async () => {
      const input = newPayment({ purpose: { kind: 'entry', gameId: 'game-7' } });
      const created = await processor.createPayment(input);
      expect(created.clientSecret).toMatch(/^.+_secret_[A-Za-z0-9]+$/);
      expect(paymentIdOfClientSecret(created.clientSecret)).toBe(created.paymentId);
      expect(await processor.retrievePayment(created.paymentId)).toMatchObject({
        paymentId: created.paymentId,
        status: 'requires_confirmation',
        amountCents: 5000,
        currency: 'usd',
        purpose: { kind: 'entry', gameId: 'game-7' },
        payerId: 'captain-1',
        receiverId: 'owner-1',
        refundedCents: 0,
      });
    });

    it('returns the same payment for the same idempotency key, and refuses the key for another payment', async () => {
      const input = newPayment();
      const [first, again] = await Promise.all([processor.createPayment(input), processor.createPayment(input)]);
      expect(again).toEqual(first);
      expect((await refusal(processor.createPayment({ ...input, amountCents: 4999 }))).code).toBe(
        'idempotency_key_reused',
      );
    });

    it('refuses an amount that is not a positive whole number of cents', async () => {
      expect((await refusal(processor.createPayment(newPayment({ amountCents: 0 })))).code).toBe('invalid_amount');
      expect((await refusal(processor.createPayment(newPayment({ amountCents: 12.5 })))).code).toBe('invalid_amount');
    });

    it('knows no payment it did not make', async () => {
      expect(await processor.retrievePayment('pi_unknown')).toBeNull();
      expect((await refusal(processor.refund({ paymentId: 'pi_unknown', idempotencyKey: randomUUID() }))).code).toBe(
        'payment_not_found',
      );
    });

    it('a paid payment succeeds; a declined one fails with a reason', async () => {
      const paid = await paidPayment();
      expect(await processor.retrievePayment(paid.paymentId)).toMatchObject({
        status: 'succeeded',
        failureMessage: null,
      });
      const declined = await processor.createPayment(newPayment());
      await harness.decline(declined.clientSecret);
      const failed = await processor.retrievePayment(declined.paymentId);
      expect(failed?.status).toBe('failed');
      expect(failed?.failureMessage).toMatch(/declined/);
    });

    it('refuses to refund a payment that has not succeeded, saying why', async () => {
      const created = await processor.createPayment(newPayment());
      const refused = await refusal(processor.refund({ paymentId: created.paymentId, idempotencyKey: randomUUID() }));
      expect(refused.code).toBe('payment_not_succeeded');
      expect(refused.message).toMatch(/has not succeeded/);
    });

    it('refunds in part, then the rest, never more than was paid', async () => {
      const paid = await paidPayment(5000);
      expect(
        await processor.refund({ paymentId: paid.paymentId, amountCents: 2000, idempotencyKey: randomUUID() }),
      ).toMatchObject({ amountCents: 2000 });
      expect(
        (
          await refusal(
            processor.refund({ paymentId: paid.paymentId, amountCents: 3001, idempotencyKey: randomUUID() }),
          )
        ).code,
      ).toBe('refund_exceeds_payment');
      expect(await processor.refund({ paymentId: paid.paymentId, idempotencyKey: randomUUID() })).toMatchObject({
        amountCents: 3000,
      });
      expect((await refusal(processor.refund({ paymentId: paid.paymentId, idempotencyKey: randomUUID() }))).code).toBe(
        'nothing_to_refund',
      );
      expect(await processor.retrievePayment(paid.paymentId)).toMatchObject({ refundedCents: 5000 });
      expect(
        (await processor.listRefunds(paid.paymentId)).map((refund) => [refund.paymentId, refund.amountCents]),
      ).toEqual([
        [paid.paymentId, 2000],
        [paid.paymentId, 3000],
      ]);
    });

    it('refunds once per idempotency key', async () => {
      const paid = await paidPayment(5000);
      const key = randomUUID();
      const [first, again] = await Promise.all([
        processor.refund({ paymentId: paid.paymentId, amountCents: 1000, idempotencyKey: key }),
        processor.refund({ paymentId: paid.paymentId, amountCents: 1000, idempotencyKey: key }),
      ]);
      expect(again).toEqual(first);
      expect(await processor.retrievePayment(paid.paymentId)).toMatchObject({ refundedCents: 1000 });
    });

    it('concurrent refunds never add up to more than the payment', async () => {
      const paid = await paidPayment(1000);
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, () =>
          processor.refund({ paymentId: paid.paymentId, amountCents: 70, idempotencyKey: randomUUID() }),
        ),
      );
      const refunded = results.filter((result) => result.status === 'fulfilled');
      expect(refunded).toHaveLength(14);
      for (const result of results)
        if (result.status === 'rejected') expect((result.reason as PaymentRefused).code).toBe('refund_exceeds_payment');
      expect(await processor.retrievePayment(paid.paymentId)).toMatchObject({ refundedCents: 980 });
    });

    it('sends signed webhooks the same processor verifies into typed events', async () => {
      const paid = await paidPayment(2500);
      await processor.refund({ paymentId: paid.paymentId, amountCents: 500, idempotencyKey: randomUUID() });
      const bodies = (await harness.sentWebhooks()).filter((body) => body.includes(paid.paymentId));
      const events = bodies.map((body) => {
        const verified = processor.verifyWebhook(body, harness.sign(body));
        if (!verified.ok) throw new Error(verified.reason);
        if (verified.event.type === 'account.updated' || verified.event.type === 'ignored')
          throw new Error(`a payment webhook read as ${verified.event.type}`);
        return verified.event;
      });
      expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded', 'charge.refunded']);
      expect(events[0]!.payment).toMatchObject({
        paymentId: paid.paymentId,
        status: 'succeeded',
        amountCents: 2500,
        payerId: 'captain-1',
        receiverId: 'owner-1',
      });
      expect(events[0]!.destinationAccount).toBe(await processor.connectedAccount('owner-1'));
      expect(events[1]!.payment.refundedCents).toBe(500);
      expect(events[1]!.refunds).toEqual([expect.objectContaining({ paymentId: paid.paymentId, amountCents: 500 })]);
      expect(new Set(events.map((event) => event.eventId)).size).toBe(2);
    });

    it("sends Stripe's own objects: every field the stripe package types, none it does not", async () => {
      const paid = await paidPayment(2500);
      await processor.refund({ paymentId: paid.paymentId, amountCents: 500, idempotencyKey: randomUUID() });
      const declined = await processor.createPayment(newPayment());
      await harness.decline(declined.clientSecret);
      const bodies = (await harness.sentWebhooks()).filter(
        (body) => body.includes(paid.paymentId) || body.includes(declined.paymentId),
      );
      const events = bodies.map(
        (body) => JSON.parse(body) as { type: string; data: { object: Record<string, unknown> } },
      );
      expect(events.map((event) => event.type).sort()).toEqual([
        'charge.refunded',
        'payment_intent.payment_failed',
        'payment_intent.succeeded',
      ]);
      for (const body of bodies) expect(stripeEventProblems(body)).toEqual([]);
      const object = (type: string) => events.find((event) => event.type === type)!.data.object;
      // A failed attempt leaves a payment intent waiting for another payment method, with the reason.
      expect(object('payment_intent.payment_failed')).toMatchObject({
        status: 'requires_payment_method',
        amount_received: 0,
        last_payment_error: { type: 'card_error', message: expect.stringMatching(/declined/) },
      });
      expect(object('payment_intent.succeeded')).toMatchObject({
        status: 'succeeded',
        amount_received: 2500,
        latest_charge: expect.any(String),
      });
      const charge = object('charge.refunded');
      expect(charge).toMatchObject({ object: 'charge', payment_intent: paid.paymentId, amount_refunded: 500 });
      // Stripe's API no longer expands a charge's refunds in webhooks; when it is there, it is a list object.
      if (charge.refunds) expect(charge.refunds).toMatchObject({ object: 'list', data: [{ amount: 500 }] });
    });

    it('refuses a webhook whose body or signature is not what the processor signed, or that is too old', async () => {
      const body = (await harness.sentWebhooks()).at(-1)!;
      expect(processor.verifyWebhook(body, undefined)).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/missing/),
      });
      expect(processor.verifyWebhook(body.replace('"amount":', '"amount":1'), harness.sign(body)).ok).toBe(false);
      // One hex digit of the signature changed (to another digit: a fixed replacement would match it one time in 16).
      const tampered = harness
        .sign(body)
        .replace(/v1=(.)/, (_match, digit: string) => `v1=${digit === '0' ? '1' : '0'}`);
      expect(processor.verifyWebhook(body, tampered).ok).toBe(false);
      const hourAgo = Math.floor(Date.now() / 1000) - 3600;
      expect(processor.verifyWebhook(body, harness.sign(body, hourAgo))).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/tolerance|timestamp/i),
      });
      expect(processor.verifyWebhook(body, harness.sign(body)).ok).toBe(true);
    });

    /** The payment webhooks sent about one payment, verified and read, oldest first. */
    const eventsOf = async (paymentId: string) =>
      (await harness.sentWebhooks())
        .filter((body) => body.includes(paymentId))
        .map((body) => {
          const verified = processor.verifyWebhook(body, harness.sign(body));
          if (!verified.ok) throw new Error(verified.reason);
          if (verified.event.type === 'account.updated' || verified.event.type === 'ignored')
            throw new Error(`a payment webhook read as ${verified.event.type}`);
          return verified.event;
        });

    it('reads a payment its bank is processing as processing, which neither cancels nor captures until the bank declines it', async (context) => {
      const bank = harness.bankProcessing;
      if (!bank) return context.skip();
      const created = await processor.createPayment(newPayment({ amountCents: 2500 }));
      await bank.process(created.clientSecret);
      expect(await processor.retrievePayment(created.paymentId)).toMatchObject({ status: 'processing' });
      const refused = await refusal(processor.cancelPayment(created.paymentId, randomUUID()));
      expect(refused.code).toBe('payment_not_cancelable');
      expect(refused.message).toMatch(/while the payer's bank is processing it/);
      expect((await refusal(processor.capturePayment(created.paymentId, randomUUID()))).code).toBe(
        'payment_not_capturable',
      );
      await bank.decline(created.clientSecret);
      expect(await processor.retrievePayment(created.paymentId)).toMatchObject({
        status: 'failed',
        failureMessage: expect.any(String),
      });
      expect((await eventsOf(created.paymentId)).map((event) => event.type)).toEqual(['payment_intent.payment_failed']);
      // Declined, it can be cancelled, so that nothing charges it after.
      expect(await processor.cancelPayment(created.paymentId, randomUUID())).toMatchObject({ status: 'canceled' });
    });

    describe('held payments (manual capture, issue #45)', () => {
      const heldPayment = async (amountCents = 3000) => {
        const created = await processor.createPayment(newPayment({ amountCents, capture: 'manual' }));
        await harness.pay(created.clientSecret);
        return created;
      };

      it('authorizes without charging: requires_capture, reported by amount_capturable_updated, nothing to refund', async () => {
        const held = await heldPayment();
        expect(await processor.retrievePayment(held.paymentId)).toMatchObject({
          status: 'requires_capture',
          amountCents: 3000,
          refundedCents: 0,
          captureMethod: 'manual',
        });
        const events = await eventsOf(held.paymentId);
        expect(events.map((event) => event.type)).toEqual(['payment_intent.amount_capturable_updated']);
        expect(events[0]!.payment).toMatchObject({ status: 'requires_capture', amountCents: 3000 });
        expect(
          (await refusal(processor.refund({ paymentId: held.paymentId, idempotencyKey: randomUUID() }))).code,
        ).toBe('payment_not_succeeded');
      });

      it('captures in full, once however often and concurrently asked, then refuses to cancel', async () => {
        const held = await heldPayment(3000);
        const key = `capture-${held.paymentId}`;
        const captured = await Promise.all([
          processor.capturePayment(held.paymentId, key),
          processor.capturePayment(held.paymentId, key),
          processor.capturePayment(held.paymentId, `${key}-retry`),
        ]);
        for (const payment of captured) expect(payment).toMatchObject({ status: 'succeeded', amountCents: 3000 });
        expect(await processor.capturePayment(held.paymentId, key)).toMatchObject({ status: 'succeeded' });
        const events = await eventsOf(held.paymentId);
        expect(events.map((event) => event.type)).toEqual([
          'payment_intent.amount_capturable_updated',
          'payment_intent.succeeded',
        ]);
        expect(events[1]!.payment).toMatchObject({ status: 'succeeded', amountCents: 3000 });
        const refused = await refusal(processor.cancelPayment(held.paymentId, randomUUID()));
        expect(refused.code).toBe('payment_not_cancelable');
        expect(refused.message).toMatch(/refund/);
        // A captured payment is money like any other: it refunds in part.
        expect(
          await processor.refund({ paymentId: held.paymentId, amountCents: 1000, idempotencyKey: randomUUID() }),
        ).toMatchObject({ amountCents: 1000 });
      });

      it('cancels a hold once, reported by payment_intent.canceled; it can then never be captured', async () => {
        const held = await heldPayment();
        const key = `cancel-${held.paymentId}`;
        const [first, again] = await Promise.all([
          processor.cancelPayment(held.paymentId, key),
          processor.cancelPayment(held.paymentId, key),
        ]);
        expect([first.status, again.status]).toEqual(['canceled', 'canceled']);
        expect(await processor.cancelPayment(held.paymentId, `${key}-retry`)).toMatchObject({ status: 'canceled' });
        expect((await refusal(processor.capturePayment(held.paymentId, randomUUID()))).code).toBe(
          'payment_not_capturable',
        );
        expect((await eventsOf(held.paymentId)).map((event) => event.type)).toEqual([
          'payment_intent.amount_capturable_updated',
          'payment_intent.canceled',
        ]);
        expect(await processor.retrievePayment(held.paymentId)).toMatchObject({ status: 'canceled', refundedCents: 0 });
      });

      it('refuses to capture a payment that was never authorized, or one charged at once', async () => {
        const unconfirmed = await processor.createPayment(newPayment({ capture: 'manual' }));
        expect((await refusal(processor.capturePayment(unconfirmed.paymentId, randomUUID()))).code).toBe(
          'payment_not_capturable',
        );
        const paid = await paidPayment();
        expect(await processor.capturePayment(paid.paymentId, randomUUID())).toMatchObject({ status: 'succeeded' });
        expect((await refusal(processor.capturePayment('pi_unknown', randomUUID()))).code).toBe('payment_not_found');
      });

      it('a key captures or cancels one payment: reused for another, it is refused', async () => {
        const held = await heldPayment();
        const other = await heldPayment();
        const key = `capture-${randomUUID()}`;
        await processor.capturePayment(held.paymentId, key);
        expect((await refusal(processor.capturePayment(other.paymentId, key))).code).toBe('idempotency_key_reused');
      });

      it('keeps the capture method in its idempotency: the same key for a payment charged at once is refused', async () => {
        const input = newPayment({ capture: 'manual' });
        await processor.createPayment(input);
        const { capture: _manual, ...automatic } = input;
        expect((await refusal(processor.createPayment(automatic))).code).toBe('idempotency_key_reused');
      });

      it("sends Stripe's own objects for holds", async () => {
        const captured = await heldPayment();
        await processor.capturePayment(captured.paymentId, randomUUID());
        const released = await heldPayment();
        await processor.cancelPayment(released.paymentId, randomUUID());
        const bodies = (await harness.sentWebhooks()).filter(
          (body) => body.includes(captured.paymentId) || body.includes(released.paymentId),
        );
        for (const body of bodies) expect(stripeEventProblems(body)).toEqual([]);
        const objects = bodies.map(
          (body) => JSON.parse(body) as { type: string; data: { object: Record<string, unknown> } },
        );
        expect(
          objects.find((event) => event.type === 'payment_intent.amount_capturable_updated')!.data.object,
        ).toMatchObject({
          status: 'requires_capture',
          capture_method: 'manual',
          amount_capturable: 3000,
          amount_received: 0,
        });
        expect(objects.find((event) => event.type === 'payment_intent.canceled')!.data.object).toMatchObject({
          id: released.paymentId,
          status: 'canceled',
          amount_received: 0,
        });
      });
    });
  });
}
