/**
 * Paying by card: the checkout call, the payment dialog (loaded when first shown) and the hold's
 * countdown, which the games' pages use.
 */
export { checkout } from './api/payments';
export { formatCountdown } from './countdown';
export { HoldCountdown } from './hold-countdown';
export { LazyPaymentDialog as PaymentDialog } from './lazy-payment-dialog';
