/** What a Stripe.js confirmation came to, in the dialog's terms (kept apart from Stripe.js so it can be tested here). */
export type StripeOutcome =
  { kind: 'succeeded'; paymentId: string } | { kind: 'processing' } | { kind: 'failed'; message: string };

/** The parts of `stripe.confirmPayment`'s answer this reads (a PaymentIntentResult). */
export interface ConfirmResult {
  error?: { type?: string; message?: string };
  paymentIntent?: { id: string; status: string };
}

const NOT_SENT = 'The payment could not be sent. Check your connection and try again.';

export function stripeOutcome(result: ConfirmResult): StripeOutcome {
  if (result.error) {
    // Card and validation errors carry a message written for the payer; anything else does not.
    const forPayer = result.error.type === 'card_error' || result.error.type === 'validation_error';
    return { kind: 'failed', message: (forPayer && result.error.message) || NOT_SENT };
  }
  const intent = result.paymentIntent;
  // An authorized entry (issue #45, manual capture) is held until its game is on: paid as far as the join goes.
  if (intent?.status === 'succeeded' || intent?.status === 'requires_capture')
    return { kind: 'succeeded', paymentId: intent.id };
  // The bank has not answered yet: the server completes the purchase from Stripe's webhook when it does.
  if (intent?.status === 'processing') return { kind: 'processing' };
  return { kind: 'failed', message: 'The payment was not completed. Try again or use another card.' };
}
