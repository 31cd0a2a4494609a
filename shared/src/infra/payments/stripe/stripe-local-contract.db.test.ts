/**
 * The payment processor contract against the Stripe adapter, with the real `stripe` client talking to
 * the local server that answers as Stripe's API does (stripe-api-server.ts): what runs on every
 * machine, without a key. The payer's part (Stripe.js confirming a card) is the server's `settle`, and
 * the webhooks are the events the server makes of each change, signed here as Stripe signs them.
 */
import { createTestDatabase } from '../../../../../tests/support/postgres';
import { createPool } from '../../db/pool';
import { describePaymentProcessorContract } from '../payment-processor.contract';
import { paymentIdOfClientSecret } from '../port';
import { signWebhook } from '../stripe-webhooks';
import { StripeApiServer } from './stripe-api-server';
import { createStripeClient, StripePaymentProcessor } from './stripe-processor';

const SECRET_KEY = 'sk_test_local_contract';
const WEBHOOK_SECRET = 'whsec_local_contract';

describePaymentProcessorContract('Stripe adapter against the local Stripe API server', async () => {
  const database = await createTestDatabase('stripe_local_contract');
  const pool = createPool(database.url, { max: 10 });
  const api = new StripeApiServer();
  const { host, port } = await api.start();
  const client = createStripeClient(SECRET_KEY, { host, port, protocol: 'http', maxNetworkRetries: 0 });
  const processor = await StripePaymentProcessor.open(pool, {
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    client,
  });
  const settle = (outcome: 'succeeded' | 'declined' | 'processing') => async (clientSecret: string) =>
    api.settle(paymentIdOfClientSecret(clientSecret)!, outcome);
  return {
    processor,
    pay: settle('succeeded'),
    decline: settle('declined'),
    bankProcessing: { process: settle('processing'), decline: settle('declined') },
    sentWebhooks: async () => [...api.events],
    sign: (payload, timestamp) => signWebhook(payload, WEBHOOK_SECRET, timestamp),
    teardown: async () => {
      await api.stop();
      await pool.end();
      await database.drop();
    },
  };
});
