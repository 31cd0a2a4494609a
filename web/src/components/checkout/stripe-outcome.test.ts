import { describe, expect, it } from 'vitest';
import { stripeOutcome } from './stripe-outcome';

describe('stripeOutcome', () => {
  it('hands over the PaymentIntent id of a succeeded payment', () => {
    expect(stripeOutcome({ paymentIntent: { id: 'pi_123', status: 'succeeded' } })).toEqual({
      kind: 'succeeded',
      paymentId: 'pi_123',
    });
  });

  it('hands over an authorized payment (an entry held until its game is on, issue #45) as paid', () => {
    expect(stripeOutcome({ paymentIntent: { id: 'pi_456', status: 'requires_capture' } })).toEqual({
      kind: 'succeeded',
      paymentId: 'pi_456',
    });
  });

  it("shows a card's decline as Stripe words it for the payer, and hides other errors' internals", () => {
    expect(stripeOutcome({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } })).toEqual({
      kind: 'failed',
      message: 'Your card has insufficient funds.',
    });
    expect(
      stripeOutcome({ error: { type: 'api_connection_error', message: 'Request to https://api.stripe.com failed' } }),
    ).toEqual({
      kind: 'failed',
      message: 'The payment could not be sent. Check your connection and try again.',
    });
  });

  it('waits for the bank on a processing payment, and refuses to call anything else paid', () => {
    expect(stripeOutcome({ paymentIntent: { id: 'pi_1', status: 'processing' } })).toEqual({ kind: 'processing' });
    expect(stripeOutcome({ paymentIntent: { id: 'pi_1', status: 'requires_payment_method' } })).toMatchObject({
      kind: 'failed',
    });
    expect(stripeOutcome({})).toMatchObject({ kind: 'failed' });
  });
});
