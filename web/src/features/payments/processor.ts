import type { PublicConfig } from '../../lib/public-config';

/** GET /api/public-config's `payments`: which card processor the payment dialog talks to. */
export type PaymentsConfig = { processor: 'simulated' } | { processor: 'stripe'; publishableKey: string };

/** The standalone default, also when the server does not say (an older server). */
export function paymentsConfigOf(config: PublicConfig | undefined): PaymentsConfig {
  const payments = (config as (PublicConfig & { payments?: PaymentsConfig }) | undefined)?.payments;
  return payments?.processor === 'stripe' && payments.publishableKey ? payments : { processor: 'simulated' };
}
