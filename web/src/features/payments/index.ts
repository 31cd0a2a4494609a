/** The payments feature's public surface: checkout, the payment dialog (loaded when first shown), the hold's countdown and the payouts card. */
export { checkout } from './api/payments';
export { formatCountdown } from './countdown';
export { HoldCountdown } from './hold-countdown';
export { LazyPaymentDialog as PaymentDialog } from './lazy-payment-dialog';
export { PAYOUT_ROLES, PayoutsCard } from './payouts-card';
