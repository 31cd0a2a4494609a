import { useQuery } from '@tanstack/react-query';
import type { WalletAnswer } from '@playtime/shared/contract/credit-texts';
import { apiGet } from '../../../lib/api-client';

export const walletKeys = { wallet: ['wallet'] as const };

/** GET /api/wallet: the signed-in user's Playtime credit and its latest entries (issue #45). */
export function useWallet() {
  return useQuery({ queryKey: walletKeys.wallet, queryFn: () => apiGet<WalletAnswer>('/api/wallet') });
}
