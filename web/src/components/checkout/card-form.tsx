import type { CardFormProps } from './card-form-props';
import type { PaymentsConfig } from './processor';
import { SimulatedCardForm } from './simulated-card-form';
import { StripeCardForm } from './stripe-card-form';

/**
 * The seam between the payment dialog and the processor, chosen by the public config: the simulated
 * processor's form in standalone, Stripe's PaymentElement when the server takes payments through Stripe.
 */
export function CardForm({ config, ...props }: CardFormProps & { config: PaymentsConfig }) {
  if (config.processor === 'stripe') return <StripeCardForm publishableKey={config.publishableKey} {...props} />;
  return <SimulatedCardForm {...props} />;
}
