import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CALENDAR_FEED_PATH,
  ROTATE_CALENDAR_FEED_PATH,
  type CalendarFeedAnswer,
} from '@playtime/shared/contract/calendar';
import { apiGet, apiPost } from '../../../lib/api-client';
import { userKeys } from '../../../lib/current-user/query-keys';

/** GET /api/calendar-feed: the caller's private feed address, null until one is made. */
export function useCalendarFeed() {
  return useQuery({ queryKey: userKeys.calendarFeed, queryFn: () => apiGet<CalendarFeedAnswer>(CALENDAR_FEED_PATH) });
}

/** POST /api/calendar-feed/rotate: a new address; the old one stops answering. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<CalendarFeedAnswer>(ROTATE_CALENDAR_FEED_PATH, {}),
    onSuccess: (answer) => queryClient.setQueryData(userKeys.calendarFeed, answer),
  });
}
