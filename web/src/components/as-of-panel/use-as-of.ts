import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AsOfAnswer } from '@playtime/shared/contract/audit';
import { apiGet } from '../../lib/api-client';

/** GET /api/admin/as-of: a stream's aggregate as it stood at `at`. */
export function useAsOf(stream: string | null, at: string | null) {
  return useQuery({
    queryKey: ['as-of', stream, at],
    queryFn: () => apiGet<AsOfAnswer>('/api/admin/as-of', { stream: stream!, at: at! }),
    enabled: Boolean(stream && at),
    placeholderData: keepPreviousData,
  });
}
