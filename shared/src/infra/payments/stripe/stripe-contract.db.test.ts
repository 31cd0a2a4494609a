/**
 * The payment processor contract against Stripe itself, in test mode. It needs the network and a
 * test-mode key, so it runs only with STRIPE_SECRET_KEY=sk_test_… (none is available on the build
 * machine: there it is skipped, saying so). Payers pay with Stripe's test payment methods.
 */
import { describe } from 'vitest';
import { createTestDatabase } from '../../../../../tests/support/postgres';
import { createPool } from '../../db/pool';
import { describePaymentProcessorContract } from '../payment-processor.contract';
import { PAYMENT_WEBHOOK_TYPES, paymentIdOfClientSecret } from '../port';
import { signWebhook } from '../stripe-webhooks';
import { createStripeClient, isLiveKey, StripePaymentProcessor } from './stripe-processor';

const secretKey = process.env.STRIPE_SECRET_KEY;
const runs = secretKey !== undefined && secretKey !== '' && !isLiveKey(secretKey);
if (!runs) {
  console.info(
    secretKey && isLiveKey(secretKey)
      ? 'Stripe contract suite skipped: STRIPE_SECRET_KEY is a live key, and the suite moves money; give it a test-mode key (sk_test_…).'
      : 'Stripe contract suite skipped: STRIPE_SECRET_KEY is not set (a test-mode key, sk_test_…, runs it against Stripe).',
  );
}

// Webhooks are read back from Stripe's event list and signed here, as `stripe listen` would forward them.
const WEBHOOK_SECRET = 'whsec_contract_suite';

describe.runIf(runs)('Stripe adapter against Stripe (test mode)', () => {
  describePaymentProcessorContract('Stripe', async () => {
    const database = await createTestDatabase('stripe_contract');
    const pool = createPool(database.url, { max: 10 });
    const stripe = createStripeClient(secretKey!);
    const processor = await StripePaymentProcessor.open(pool, {
      secretKey: secretKey!,
      webhookSecret: WEBHOOK_SECRET,
      client: stripe,
    });
    const startedAt = Math.floor(Date.now() / 1000) - 5;
    const confirm = (clientSecret: string, paymentMethod: string) =>
      stripe.paymentIntents
        .confirm(paymentIdOfClientSecret(clientSecret)!, {
          payment_method: paymentMethod,
          return_url: 'http://localhost:3000/',
        })
        .then(
          () => undefined,
          // A declined card is Stripe's answer to the payer, not a failure of the suite.
          (error: unknown) => {
            if ((error as { type?: string }).type !== 'StripeCardError') throw error;
          },
        );
    return {
      processor,
      pay: (clientSecret) => confirm(clientSecret, 'pm_card_visa'),
      decline: (clientSecret) => confirm(clientSecret, 'pm_card_chargeDeclined'),
      sentWebhooks: async () => {
        // Stripe lists an event a moment after the change it reports.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const events = await stripe.events
          .list({ types: [...PAYMENT_WEBHOOK_TYPES], created: { gte: startedAt }, limit: 100 })
          .autoPagingToArray({ limit: 1000 });
        return events.reverse().map((event) => JSON.stringify(event));
      },
      sign: (payload, timestamp) => signWebhook(payload, WEBHOOK_SECRET, timestamp),
      teardown: async () => {
        await pool.end();
        await database.drop();
      },
    };
  });
});
