import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js only when loadStripe is called: never in standalone, where it cannot load.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { formatDollars } from '../../utils/money';
import { BankProcessingNotice } from './bank-processing-notice';
import type { CardFormProps } from './card-form-props';
import { stripeOutcome } from './stripe-outcome';

// One Stripe.js per publishable key for the page's lifetime, as Stripe asks (loadStripe outside render).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * The card form with Stripe: Stripe's PaymentElement collects the card inside Stripe's own frames,
 * and `confirmPayment` confirms the PaymentIntent the server created (redirecting only for methods
 * that need it; the webhook completes the purchase then).
 */
export function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret: props.clientSecret, appearance: { theme: 'stripe' } }}
    >
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm({ amountCents, disabled, onSucceeded }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [failure, setFailure] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setFailure(null);
    try {
      const outcome = stripeOutcome(
        await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          confirmParams: { return_url: window.location.href },
        }),
      );
      if (outcome.kind === 'succeeded') onSucceeded(outcome.paymentId);
      else if (outcome.kind === 'processing') setProcessing(true);
      else setFailure(outcome.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <PaymentElement />
        {failure && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Payment failed">
            {failure}
          </Alert>
        )}
        {processing && <BankProcessingNotice />}
        <Button
          type="submit"
          leftSection={<IconLock size={16} />}
          loading={busy}
          disabled={disabled || !stripe || !elements || processing}
        >
          Pay {formatDollars(amountCents)}
        </Button>
      </Stack>
    </form>
  );
}
