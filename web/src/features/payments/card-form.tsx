import { Alert } from '@mantine/core';
import type { PaymentsConfig } from './processor';
import { SimulatedCardForm } from './simulated-card-form';

/** What every card form gets: the payment to confirm, and whom to tell once it succeeded. */
export interface CardFormProps {
  clientSecret: string;
  amountCents: number;
  /** True while the purchase cannot be paid any more (e.g. the hold ran out). */
  disabled: boolean;
  onSucceeded: (paymentId: string) => void;
}

/**
 * The seam between the payment dialog and the processor: the simulated processor's form in
 * standalone; when public config names Stripe, a Stripe Elements form (loadStripe(publishableKey),
 * <Elements options={{ clientSecret }}>, stripe.confirmPayment({ redirect: 'if_required' })) plugs in
 * here with the same props.
 */
export function CardForm({ config, ...props }: CardFormProps & { config: PaymentsConfig }) {
  if (config.processor === 'simulated') return <SimulatedCardForm {...props} />;
  return (
    <Alert color="yellow" title="Card payments are not available">
      This server is set up for Stripe, and the Stripe card form is not part of this version yet. Please contact
      the site&apos;s administrator.
    </Alert>
  );
}
