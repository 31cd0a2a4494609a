/**
 * Stripe's own webhook payloads (as its API version sends them) read by the adapter's verification,
 * with signatures made offline by `stripe.webhooks.generateTestHeaderString`.
 */
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyStripeWebhook } from '../stripe-webhooks';
import { isLiveKey } from './stripe-processor';

const SECRET = 'whsec_unit';
const metadata = { purpose_kind: 'rental', hold_id: 'hold-1', payer_id: 'captain-1', receiver_id: 'owner-1' };

/** A payment intent as Stripe sends it: no amount_refunded, a nullable fee, the destination as an id. */
const intent = (overrides: Record<string, unknown> = {}) => ({
  id: 'pi_123',
  object: 'payment_intent',
  amount: 5000,
  amount_received: 5000,
  currency: 'usd',
  status: 'succeeded',
  application_fee_amount: 250,
  client_secret: 'pi_123_secret_abc',
  last_payment_error: null,
  latest_charge: 'ch_123',
  transfer_data: { destination: 'acct_owner' },
  metadata,
  ...overrides,
});

const event = (type: string, object: unknown, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: `evt_${type}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    type,
    created: 1_790_000_000,
    livemode: false,
    pending_webhooks: 1,
    data: { object },
    ...overrides,
  });

const verify = (body: string, options: { livemode?: boolean; timestamp?: number; secret?: string } = {}) =>
  verifyStripeWebhook(
    body,
    signWebhook(body, options.secret ?? SECRET, options.timestamp),
    SECRET,
    options.livemode ?? false,
  );

describe("Stripe's webhooks", () => {
  it('reads a succeeded payment intent with its fee and destination account', () => {
    expect(verify(event('payment_intent.succeeded', intent()))).toEqual({
      ok: true,
      event: {
        eventId: 'evt_payment_intent.succeeded',
        type: 'payment_intent.succeeded',
        created: 1_790_000_000,
        payment: {
          paymentId: 'pi_123',
          status: 'succeeded',
          amountCents: 5000,
          currency: 'usd',
          purpose: { kind: 'rental', holdId: 'hold-1' },
          payerId: 'captain-1',
          receiverId: 'owner-1',
          feeCents: 250,
          refundedCents: 0,
          failureMessage: null,
        },
        refunds: [],
        destinationAccount: 'acct_owner',
      },
    });
  });

  it('reads a failed attempt (a payment intent waiting for another card) as failed, with the reason', () => {
    const failed = intent({
      status: 'requires_payment_method',
      application_fee_amount: null,
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(verify(event('payment_intent.payment_failed', failed))).toMatchObject({
      ok: true,
      event: { payment: { status: 'failed', feeCents: 0, failureMessage: 'Your card was declined.' } },
    });
  });

  it('reads a refunded charge, whose refunds Stripe no longer lists, naming its payment intent', () => {
    const charge = {
      ...intent({ id: 'ch_123', object: 'charge', payment_intent: 'pi_123', amount_refunded: 2000 }),
      refunds: null,
    };
    expect(verify(event('charge.refunded', charge))).toMatchObject({
      ok: true,
      event: { type: 'charge.refunded', payment: { paymentId: 'pi_123', refundedCents: 2000 }, refunds: [] },
    });
  });

  it("reads an account update from the connected account's own webhook", () => {
    const account = {
      id: 'acct_owner',
      object: 'account',
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
      metadata: { receiver_id: 'owner-1' },
    };
    expect(verify(event('account.updated', account, { account: 'acct_owner' }))).toEqual({
      ok: true,
      event: {
        eventId: 'evt_account.updated',
        type: 'account.updated',
        created: 1_790_000_000,
        account: {
          receiverId: 'owner-1',
          accountId: 'acct_owner',
          chargesEnabled: true,
          payoutsEnabled: false,
          detailsSubmitted: true,
        },
      },
    });
    expect(verify(event('account.updated', account, { account: 'acct_other' }))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/another account/),
    });
  });

  it('refuses an event of the other mode, a bad signature and an old one', () => {
    const body = event('payment_intent.succeeded', intent());
    expect(verify(body, { livemode: true })).toMatchObject({
      ok: false,
      reason: 'The webhook is a test-mode event but this app runs in live mode.',
    });
    expect(verify(event('payment_intent.succeeded', intent(), { livemode: true }))).toMatchObject({
      ok: false,
      reason: 'The webhook is a live-mode event but this app runs in test mode.',
    });
    expect(verify(body, { secret: 'whsec_someone_else' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/signature/),
    });
    expect(verify(body, { timestamp: Math.floor(Date.now() / 1000) - 301 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/tolerance/i),
    });
    expect(verify(body, { timestamp: Math.floor(Date.now() / 1000) - 60 }).ok).toBe(true);
  });

  it("reads as ignored an event type this app does not handle, a payment not the app's, and a connected account's payment", () => {
    for (const type of ['payment_intent.created', 'charge.succeeded', 'customer.created'])
      expect(verify(event(type, { id: 'obj_1', object: type.split('.')[0] }))).toEqual({
        ok: true,
        event: {
          eventId: `evt_${type}`,
          type: 'ignored',
          processorType: type,
          created: 1_790_000_000,
          subject: 'obj_1',
          reason: `The app does not act on ${type} events.`,
        },
      });
    expect(verify(event('payment_intent.succeeded', intent({ metadata: { order: '7' } })))).toMatchObject({
      ok: true,
      event: { type: 'ignored', subject: 'pi_123', reason: expect.stringMatching(/metadata/) },
    });
    expect(verify(event('payment_intent.succeeded', intent(), { account: 'acct_foreign' }))).toMatchObject({
      ok: true,
      event: { type: 'ignored', reason: expect.stringMatching(/acct_foreign/) },
    });
  });

  it('tells a live key from a test key by its prefix', () => {
    expect([
      isLiveKey('sk_live_abc'),
      isLiveKey('rk_live_abc'),
      isLiveKey('sk_test_abc'),
      isLiveKey('rk_test_abc'),
    ]).toEqual([true, true, false, false]);
  });
});
