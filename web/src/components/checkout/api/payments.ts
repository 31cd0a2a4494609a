import type { PaymentPurpose, SimulatedConfirmResponse } from '@playtime/shared/contract/payments';
import { apiPost, apiPostText } from '../../../lib/api-client';
import type { CardDetails } from '../card-details';

export interface CheckoutInput {
  /** Cents, as the client believes the price is; the server answers 409 `price_changed` when it differs. */
  price: number;
  email: string;
  name: string;
  receiver: string;
  purpose: PaymentPurpose;
}

/** POST /api/checkout → the payment's client secret (`{paymentId}_secret_{random}`). */
export async function checkout(input: CheckoutInput): Promise<string> {
  return (await apiPostText('/api/checkout', input)).trim().replace(/^"(.*)"$/, '$1');
}

/** The contract's answer to a confirmation (its statuses say what each means to the form). */
export type PaymentAttempt = SimulatedConfirmResponse;

/** POST /api/payments/simulated/confirm: the standalone processor's card confirmation. */
export function confirmSimulatedPayment(clientSecret: string, card: CardDetails): Promise<PaymentAttempt> {
  return apiPost<PaymentAttempt>('/api/payments/simulated/confirm', { clientSecret, ...card });
}

/**
 * The simulated processor's confirmation step (its stand-in for a bank's 3-D Secure page):
 * POST /api/payments/simulated/complete-action { clientSecret }, answered like confirm.
 */
export function completeSimulatedAction(clientSecret: string): Promise<PaymentAttempt> {
  return apiPost<PaymentAttempt>('/api/payments/simulated/complete-action', { clientSecret });
}
