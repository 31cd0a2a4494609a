import { useInfiniteQuery } from '@tanstack/react-query';
import type { EventHistoryPage } from '@playtime/shared/contract/audit';
import { apiGet, type QueryParams } from '../../../lib/api-client';

export const eventHistoryKeys = {
  all: ['event-history'] as const,
  filtered: (filters: QueryParams) => ['event-history', filters] as const,
};

/** GET /api/admin/events: its lines write times in the admin's zone, so it sends the browser's. */
export function fetchEventHistoryPage(query: QueryParams): Promise<EventHistoryPage> {
  return apiGet<EventHistoryPage>('/api/admin/events', query, { timeZone: true });
}

/**
 * The event history with the filters, page after older page (`before` = the last page's `next`).
 * Newer events come from the live tail (useLiveTail), so loaded pages are not refetched under the
 * admin who is reading them.
 */
export function useEventHistory(filters: QueryParams) {
  return useInfiniteQuery({
    queryKey: eventHistoryKeys.filtered(filters),
    queryFn: ({ pageParam }) => fetchEventHistoryPage({ ...filters, ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
    staleTime: Infinity,
  });
}
