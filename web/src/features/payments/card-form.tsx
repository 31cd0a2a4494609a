import type { PaymentsConfig } from './processor';
import { SimulatedCardForm } from './simulated-card-form';
import { StripeCardForm } from './stripe-card-form';

/** What every card form gets: the payment to confirm, and whom to tell once it succeeded. */
export interface CardFormProps {
  clientSecret: string;
  amountCents: number;
  /** True while the purchase cannot be paid any more (e.g. the hold ran out). */
  disabled: boolean;
  onSucceeded: (paymentId: string) => void;
}

/**
 * The seam between the payment dialog and the processor, chosen by the public config: the simulated
 * processor's form in standalone, Stripe's PaymentElement when the server takes payments through Stripe.
 */
export function CardForm({ config, ...props }: CardFormProps & { config: PaymentsConfig }) {
  if (config.processor === 'stripe') return <StripeCardForm publishableKey={config.publishableKey} {...props} />;
  return <SimulatedCardForm {...props} />;
}
