import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MAIL_LIST_DEFAULT_LIMIT, type MailList, type MailMessage } from '@playtime/shared/contract/email';
import { apiGet } from '../../../lib/api-client';

export const mailKeys = {
  all: ['mail'] as const,
  message: (id: number) => ['mail', id] as const,
};

/** GET /api/admin/mail, newest first, a page at a time ("Older" asks for the next). */
export function useCaughtMail() {
  return useInfiniteQuery({
    queryKey: mailKeys.all,
    queryFn: ({ pageParam }) =>
      apiGet<MailList>('/api/admin/mail', { limit: MAIL_LIST_DEFAULT_LIMIT, before: pageParam ?? undefined }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });
}

export function useMailMessage(id: number | null) {
  return useQuery({
    queryKey: mailKeys.message(id ?? 0),
    queryFn: () => apiGet<MailMessage>(`/api/admin/mail/${id}`),
    enabled: id !== null,
  });
}
