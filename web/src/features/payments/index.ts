/** The payments feature's public surface: checkout, the payment dialog, the hold's countdown and the payouts card. */
export { checkout } from './api/payments';
export { formatCountdown } from './countdown';
export { HoldCountdown } from './hold-countdown';
export { PaymentDialog } from './payment-dialog';
export { PAYOUT_ROLES, PayoutsCard } from './payouts-card';

export const loadPaymentDialog = () => import('./payment-dialog');
