/**
 * What the header's bell needs of the notifications' contract (issue #31): its texts, the calls' paths
 * and the page size. Apart from the kinds' texts and labels (notification-texts.ts, which re-exports
 * this), so every signed-in page downloads only this much with the bell.
 */
import type { PageSizeRule } from './paging';

/** The bell and its list. */
export const NOTIFICATION_UI_TEXTS = {
  bell: 'Notifications',
  bellWithUnread: (unread: number) => `Notifications, ${unread} unread`,
  title: 'Notifications',
  empty: 'Nothing new. We let you know here when something happens to your games.',
  markAllRead: 'Mark all as read',
  more: 'Show older',
  preferencesTitle: 'Notifications',
  preferencesHelp: 'Choose what reaches you in Playtime (the bell), by email and by push on your devices.',
  inApp: 'In Playtime',
  email: 'Email',
  saved: 'Saved',
  open: 'Open in Playtime',
  /** A notification's map link: a short label, never the address itself (issue #41). */
  mapLink: 'Map',
} as const;

export const NOTIFICATIONS_PATH = '/api/notifications';
export const NOTIFICATIONS_READ_PATH = '/api/notifications/read';
export const NOTIFICATION_PREFERENCES_PATH = '/api/notification-preferences';

/** A page of notifications: `limit` of them, 20 unless asked, at most 100. */
export const NOTIFICATIONS_LIMIT = { name: 'limit', fallback: 20, max: 100 } as const satisfies PageSizeRule;
export const NOTIFICATIONS_DEFAULT_LIMIT = NOTIFICATIONS_LIMIT.fallback;
