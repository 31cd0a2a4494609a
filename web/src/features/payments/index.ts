/** The payments feature's public surface: the payouts card (the profile's). */
export { PAYOUT_ROLES, PayoutsCard } from './payouts-card';
export { WalletCard } from './wallet-card';
