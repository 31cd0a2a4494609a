import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER } from '@playtime/shared/contract/headers';
import type { PartnerApplicationInputs, PartnerApplicationRow, PartnerSheetStatus } from '@playtime/shared/contract/partners';
import { totalFromHeader } from '../../../components/paging';
import { apiGet, apiGetWithHeaders, apiPost } from '../../../lib/api-client';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';

export const applicationKeys = {
  all: ['partner-applications'] as const,
  page: (page: number, pageSize: number) => ['partner-applications', 'page', page, pageSize] as const,
  mine: ['partner-applications', 'mine'] as const,
};

/** POST /api/partner-applications: the landing page's form, logged in or not. */
export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PartnerApplicationInputs) => apiPost<{ applicationId: string }>('/api/partner-applications', form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

/** GET /api/my-partner-applications: the logged-in applicant's own, with their status. */
export function useMyApplications(enabled: boolean) {
  return useQuery({ queryKey: applicationKeys.mine, queryFn: () => apiGet<PartnerApplicationRow[]>('/api/my-partner-applications'), enabled });
}

/** GET /api/admin/partner-applications?page&pageSize, with the total in a header. */
export function useApplicationsPage(page: number, pageSize: number) {
  return useQuery({
    queryKey: applicationKeys.page(page, pageSize),
    queryFn: async () => {
      const { data, headers } = await apiGetWithHeaders<PartnerApplicationRow[]>('/api/admin/partner-applications', { page, pageSize });
      return { rows: data, total: totalFromHeader(headers.get(TOTAL_COUNT_HEADER), data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

/** An admin's answer: approve (the applicant becomes a field owner) or decline. */
export function useAnswerApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, answer }: { applicationId: string; answer: 'approve' | 'decline' }) =>
      apiPost<{ ok: true; granted?: boolean }>(`/api/admin/${answer}-partner-application`, { applicationId }),
    onSuccess: (result, { answer }) => {
      if (answer === 'decline') notifySuccess('Declined.');
      else if (result.granted) notifySuccess("Approved: the applicant's account is a field owner now.");
      else notifySuccess('Approved. The applicant becomes a field owner when they sign up with that email.');
      return queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    },
    onError: (error) => notifyError(errorMessage(error), 'The application was not answered'),
  });
}

/** GET /api/admin/partner-sheet: the published spreadsheet's last import, when one is set up. */
export function usePartnerSheet() {
  return useQuery({ queryKey: [...applicationKeys.all, 'sheet'], queryFn: () => apiGet<PartnerSheetStatus>('/api/admin/partner-sheet') });
}

/** POST /api/admin/import-partner-sheet: reads the sheet now. */
export function useImportPartnerSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ imported: number; duplicates: number; failure: string | null }>('/api/admin/import-partner-sheet', {}),
    onSuccess: (run) => {
      if (run.failure) notifyError(run.failure, 'The spreadsheet was not imported');
      else notifySuccess(`Imported ${run.imported} new application${run.imported === 1 ? '' : 's'}.`);
      return queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    },
    onError: (error) => notifyError(errorMessage(error), 'The spreadsheet was not imported'),
  });
}
