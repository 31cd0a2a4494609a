/**
 * Integration (HTTP, real PostgreSQL): every event type Stripe may send to a webhook endpoint, signed
 * by the `stripe` package's own `webhooks.generateTestHeaderString`, is answered 2xx. Stripe retries
 * any other answer and disables an endpoint that keeps failing, so an event the app does not act on
 * is acknowledged and recorded as ignored, never refused.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { postWebhook } from '../support/payments';
import { appWithAdmin } from '../support/standalone-app';

/**
 * Every event type of the installed `stripe` package, read from its typings (each event interface
 * declares `type: '…'`), so an upgrade that adds types tests them too.
 */
function stripeEventTypes(): string[] {
  const entry = createRequire(import.meta.url).resolve('stripe');
  const typings = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}stripe${path.sep}`)), 'stripe', 'esm');
  const source = readFileSync(path.join(typings, 'resources', 'Events.d.ts'), 'utf8');
  return [...new Set([...source.matchAll(/^ {4}type: '([a-z0-9_.]+)';$/gm)].map((match) => match[1]!))].sort();
}

const webhooks = new Stripe('sk_test_offline_webhooks_only').webhooks;

describe('every webhook event type Stripe may send, over HTTP', () => {
  const suite = appWithAdmin();

  it('is answered 2xx, and each the app does not act on is recorded as ignored', async () => {
    const types = stripeEventTypes();
    // The package's typings name a couple of hundred; far fewer would mean the typings were misread.
    expect(types.length).toBeGreaterThan(150);
    expect(types).toEqual(expect.arrayContaining(['payment_intent.created', 'charge.succeeded', 'customer.created']));
    const secret = suite.app.payments.simulated!.signingSecret;
    const refused: string[] = [];
    for (const [index, type] of types.entries()) {
      const payload = JSON.stringify({
        id: `evt_types_${index}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { id: `obj_${index}`, object: type.split('.')[0] } },
      });
      const answer = await postWebhook(suite.app.url, payload, webhooks.generateTestHeaderString({ payload, secret }));
      if (answer.status < 200 || answer.status > 299) refused.push(`${type}: ${answer.status}`);
    }
    expect(refused).toEqual([]);

    const db = new pg.Pool({ connectionString: suite.app.databaseUrl, max: 1 });
    try {
      const { rows } = await db.query<{ type: string; payment_id: string; ignored_because: string | null }>(
        `SELECT type, payment_id, ignored_because FROM payment_webhook_events WHERE event_id LIKE 'evt_types_%'`,
      );
      expect(rows).toHaveLength(types.length);
      const customer = rows.find((row) => row.type === 'customer.created');
      expect(customer).toEqual({
        type: 'customer.created',
        payment_id: expect.stringMatching(/^obj_/),
        ignored_because: 'The app does not act on customer.created events.',
      });
      // A type the app handles, about an object that is not one of its payments, is ignored too.
      expect(rows.find((row) => row.type === 'payment_intent.succeeded')?.ignored_because).toMatch(/not about/);
    } finally {
      await db.end();
    }

    // A body the app's secret did not sign is still refused.
    const forged = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'customer.created' });
    const wrongSecret = webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_someone_else' });
    expect((await postWebhook(suite.app.url, forged, wrongSecret)).status).toBe(400);
  });
});
