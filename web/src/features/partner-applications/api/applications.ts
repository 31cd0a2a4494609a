import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER } from '@playtime/shared/contract/headers';
import type {
  PartnerApplicationInputs,
  PartnerApplicationRow,
  PartnerSheetStatus,
} from '@playtime/shared/contract/partners';
import { ANSWERED_TEXT, type ApplicationAnswer } from '@playtime/shared/contract/partner-texts';
import { totalFromHeader } from '../../../components/paging';
import { apiGet, apiGetWithHeaders, apiPost } from '../../../lib/api-client';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { applicationKeys } from './query-keys';

/** POST /api/partner-applications: the landing page's form, for the signed-in account. */
export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PartnerApplicationInputs) =>
      apiPost<{ applicationId: string }>('/api/partner-applications', form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

/** GET /api/admin/partner-applications?page&pageSize, with the total in a header. */
export function useApplicationsPage(page: number, pageSize: number) {
  return useQuery({
    queryKey: applicationKeys.page(page, pageSize),
    queryFn: async () => {
      const { data, headers } = await apiGetWithHeaders<PartnerApplicationRow[]>('/api/admin/partner-applications', {
        page,
        pageSize,
      });
      return { rows: data, total: totalFromHeader(headers.get(TOTAL_COUNT_HEADER), data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

/** An admin's answer: approve (the applicant's account becomes a field owner), decline, or revoke an approval. */
export function useAnswerApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, answer }: { applicationId: string; answer: ApplicationAnswer }) =>
      apiPost<{ ok: true; granted?: boolean }>(`/api/admin/${answer}-partner-application`, { applicationId }),
    onSuccess: (result, { answer }) => {
      if (answer === 'decline') notifySuccess(ANSWERED_TEXT.declined);
      else if (answer === 'revoke') notifySuccess(ANSWERED_TEXT.revoked);
      else notifySuccess(result.granted ? ANSWERED_TEXT.approvedWithAccount : ANSWERED_TEXT.approvedWithoutAccount);
      return queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    },
    onError: (error) => notifyError(errorMessage(error), 'The application was not answered'),
  });
}

/** GET /api/admin/partner-sheet: the published spreadsheet's last import, when one is set up. */
export function usePartnerSheet() {
  return useQuery({
    queryKey: [...applicationKeys.all, 'sheet'],
    queryFn: () => apiGet<PartnerSheetStatus>('/api/admin/partner-sheet'),
  });
}

/** POST /api/admin/import-partner-sheet: reads the sheet now. */
export function useImportPartnerSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiPost<{ imported: number; duplicates: number; failure: string | null }>('/api/admin/import-partner-sheet', {}),
    onSuccess: (run) => {
      if (run.failure) notifyError(run.failure, 'The spreadsheet was not imported');
      else notifySuccess(`Imported ${run.imported} new application${run.imported === 1 ? '' : 's'}.`);
      return queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    },
    onError: (error) => notifyError(errorMessage(error), 'The spreadsheet was not imported'),
  });
}
