/** Posting and reading the payment processor's webhooks as tests of the money path need them. */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { SimulatedPaymentProcessor } from '@playtime/shared/infra/payments/simulated/simulated-processor';
import { paymentRequest } from '@playtime/shared/testing/payments-database';
import { SIGNATURE_HEADER, signWebhook } from '@playtime/shared/infra/payments/stripe-webhooks';
import { seededRandom } from '@playtime/shared/infra/payments/simulated/webhook-delivery';
import { waitFor } from './wait';

export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' };
/** The simulated processor's card that its bank processes first and declines SIMULATED_BANK_PROCESSING_SECONDS later. */
export const PROCESSING_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 1729' };

export interface WebhookAnswer {
  status: number;
  body: { received?: boolean; duplicate?: boolean; ignored?: string; error?: { code: string; message: string } };
}

/** Posts a body to the app's webhook route as a processor would, with the signature header given (none when undefined). */
export async function postWebhook(
  appUrl: string,
  payload: string,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  const response = await fetch(`${appUrl}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as WebhookAnswer['body'] };
}

/** Signed with the simulated processor's secret, as it signs them. */
export const signedBy = (secret: string) => (payload: string, timestampSeconds?: number) =>
  signWebhook(payload, secret, timestampSeconds);

export interface SentWebhook {
  event_id: string;
  payment_id: string;
  type: string;
  payload: string;
}

/** Every event the simulated processor sent, as it sent them. */
export async function sentWebhooks(db: pg.Pool): Promise<SentWebhook[]> {
  const { rows } = await db.query<SentWebhook>(
    'SELECT event_id, payment_id, type, payload FROM simulated_payments.events ORDER BY created_at, event_id',
  );
  return rows;
}

/** Every event the processor sent has been handled by the app (the inbox marks an event only when done). */
export const allWebhooksHandled = (db: pg.Pool) =>
  waitFor('every webhook to be handled', async () => {
    const { rows } = await db.query<{ missing: number }>(
      'SELECT count(*)::int AS missing FROM simulated_payments.events e WHERE NOT EXISTS (SELECT 1 FROM payment_webhook_events h WHERE h.event_id = e.event_id)',
    );
    return rows[0]!.missing === 0;
  });

/** Every refund the ledger's read model holds for a payment, in cents: empty until the game loop's job made one. */
export async function ledgerRefunds(db: pg.Pool, paymentId: string): Promise<number[]> {
  const { rows } = await db.query<{ amount_cents: string }>(
    `SELECT amount_cents FROM read.ledger_entries WHERE kind = 'refund' AND payment_id = $1`,
    [paymentId],
  );
  return rows.map((row) => Number(row.amount_cents));
}

/** The same items in an order fixed by the seed (Fisher–Yates). */
export function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  const random = seededRandom(seed);
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * A payment the simulated processor holds, never paid, watched as reconciliation watches one it passed
 * before it was paid. Being a real payment, a reconciliation run meanwhile keeps watching it (a made-up
 * id would leave the watch on the next run, every 10 minutes on the clock).
 */
export async function watchUnpaidPayment(db: pg.Pool): Promise<string> {
  const processor = await SimulatedPaymentProcessor.open(db, { sendWebhook: async () => {} });
  const { paymentId } = await processor.createPayment(paymentRequest({ idempotencyKey: `watched-${randomUUID()}` }));
  await db.query(
    'INSERT INTO payment_reconciliation_watch (payment_id, created_at, looked_at) VALUES ($1, now(), now())',
    [paymentId],
  );
  return paymentId;
}
