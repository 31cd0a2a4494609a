import type { PaymentsConfig } from '@playtime/shared/contract/payments';
import type { PublicConfig } from '../../lib/public-config';

export type { PaymentsConfig };

/** The standalone default, also when the server does not say (an older server). */
export function paymentsConfigOf(config: PublicConfig | undefined): PaymentsConfig {
  const payments = config?.payments;
  return payments?.processor === 'stripe' && payments.publishableKey ? payments : { processor: 'simulated' };
}
