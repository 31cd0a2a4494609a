import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SYSTEM_REFRESH_MS, type SystemStatus } from '@playtime/shared/contract/operations';
import { apiGet, apiPost } from '../../../lib/api-client';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';

export const systemKeys = { all: ['system'] as const };

/** GET /api/admin/system, again every second while the tab is open (rebuild progress moves that fast). */
export function useSystemStatus() {
  return useQuery({
    queryKey: systemKeys.all,
    queryFn: () => apiGet<SystemStatus>('/api/admin/system'),
    refetchInterval: SYSTEM_REFRESH_MS,
  });
}

export function useRebuildProjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projection: string) => apiPost<{ requested: string }>('/api/admin/rebuild-projection', { projection }),
    onSuccess: (_answer, projection) => {
      notifySuccess(`Rebuilding ${projection}: readers keep the current tables until the new ones have caught up.`);
      return queryClient.invalidateQueries({ queryKey: systemKeys.all });
    },
    onError: (error) => notifyError(errorMessage(error), 'The rebuild did not start'),
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: { queue: string; jobId: string }) => apiPost<{ retried: string }>('/api/admin/retry-job', job),
    onSuccess: () => {
      notifySuccess('The job runs again.');
      return queryClient.invalidateQueries({ queryKey: systemKeys.all });
    },
    onError: (error) => notifyError(errorMessage(error), 'The job was not retried'),
  });
}
