import { useMutation, useQuery } from '@tanstack/react-query';
import type { PayoutAccount } from '@playtime/shared/contract/payments';
import { errorMessage, notifyError } from '../../../lib/notify';
import { apiPost } from '../../../lib/api-client';

export const payoutKeys = { account: ['payout-account'] as const };

/** POST /api/get-payout-account: where the signed-in user's money is paid out, as the processor last reported it. */
export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutKeys.account,
    queryFn: () => apiPost<PayoutAccount>('/api/get-payout-account', {}),
  });
}

/** POST /api/create-payout-onboarding-link, then off to the processor's hosted onboarding (it returns to the profile). */
export function useSetUpPayouts() {
  return useMutation({
    mutationFn: () => apiPost<{ url: string }>('/api/create-payout-onboarding-link', {}),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => notifyError(errorMessage(error), 'Payouts could not be set up'),
  });
}
