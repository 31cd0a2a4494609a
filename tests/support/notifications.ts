import { NOTIFICATIONS_PATH, type NotificationList } from '@playtime/shared/contract/notifications';
import type { ApiClient } from './api-client';
import { waitFor } from './wait';

/** Waits until the user has a notification of `kind` saying `text`, as the projector writes it. */
export const expectNotified = (user: ApiClient, kind: string, text: RegExp) =>
  waitFor(`a "${kind}" notification matching ${text}`, async () =>
    ((await user.get(NOTIFICATIONS_PATH)).json as NotificationList).items.find(
      (item) => item.kind === kind && text.test(item.text),
    ),
  );
