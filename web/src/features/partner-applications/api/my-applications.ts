import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerApplicationRow } from '@playtime/shared/contract/partners';
import { CLAIMED_TEXT } from '@playtime/shared/contract/partner-texts';
import { apiGet, apiPost } from '../../../lib/api-client';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { userKeys } from '../../../lib/current-user';
import { applicationKeys } from './query-keys';

// The signed-in user's own applications and their claim: apart from the admin's calls
// (applications.ts), since the claim notice every signed-in page may show loads them.

/**
 * GET /api/my-partner-applications: the signed-in applicant's own, with their status, and the
 * approved ones without an account that name their verified email (hasAccount false), to claim.
 */
export function useMyApplications(enabled: boolean) {
  return useQuery({
    queryKey: applicationKeys.mine,
    queryFn: () => apiGet<PartnerApplicationRow[]>('/api/my-partner-applications'),
    enabled,
  });
}

/** POST /api/claim-partner-application: "yes, it is mine" for an approved application naming the user's verified email. */
export function useClaimApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) => apiPost<{ ok: true }>('/api/claim-partner-application', { applicationId }),
    onSuccess: () => {
      notifySuccess(CLAIMED_TEXT);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
    onError: (error) => notifyError(errorMessage(error), 'The application was not confirmed'),
  });
}
