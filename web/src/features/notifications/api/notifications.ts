import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATIONS_DEFAULT_LIMIT,
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  NOTIFICATION_PREFERENCES_PATH,
} from '@playtime/shared/contract/notification-inbox';
import type {
  NotificationList,
  NotificationPreference,
  NotificationPreferences,
} from '@playtime/shared/contract/notification-texts';
import { apiGet, apiPost } from '../../../lib/api-client';

/** TanStack Query keys of notifications; the user's room invalidates `all`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** GET /api/notifications, newest first, a page at a time; every page carries the unread count. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) =>
      apiGet<NotificationList>(NOTIFICATIONS_PATH, {
        limit: NOTIFICATIONS_DEFAULT_LIMIT,
        before: pageParam ?? undefined,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) =>
      page.items.length < NOTIFICATIONS_DEFAULT_LIMIT ? null : (page.items.at(-1)?.id ?? null),
  });
}

/** POST /api/notifications/read: some by id, or all. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: string[] } | { all: true }) =>
      apiPost<{ unread: number }>(NOTIFICATIONS_READ_PATH, which),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: () => apiGet<NotificationPreferences>(NOTIFICATION_PREFERENCES_PATH),
  });
}

/** POST /api/notification-preferences: the kinds changed; answers every kind's switches. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreference[]) =>
      apiPost<NotificationPreferences>(NOTIFICATION_PREFERENCES_PATH, { preferences }),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationKeys.preferences, answer);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}
