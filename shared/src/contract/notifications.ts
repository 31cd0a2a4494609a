/**
 * In-app notifications and the mail that goes with them (issue #31): the kinds, who each is for, every
 * text of them (written here once: the bell, the mail and the preferences all read these), and the
 * calls. The projector's notifications projection decides who hears what from the events
 * (projector/src/notifications); the read API lists them; the command API marks them read.
 */
import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATIONS_LIMIT } from './notification-texts';
import { pageSizeRefusal, pageSizeSchema } from './paging';

// The kinds, texts, paths and page size live in notification-texts.ts (no schemas there, so the bell loads no
// schema library); every importer of this module keeps finding them here.
export * from './notification-texts';

/** How many ids one POST /api/notifications/read may name. */
export const NOTIFICATIONS_READ_MAX_IDS = 100;

/** A notification's id: its event's log position and its place among that event's notifications. */
export const NOTIFICATION_ID = /^\d{1,19}-\d{1,4}$/;

export const NOTIFICATION_MESSAGES = {
  badBefore: 'before must be the id of a notification from the list',
  badLimit: pageSizeRefusal(NOTIFICATIONS_LIMIT),
  badIds: `ids must be a list of 1 to ${NOTIFICATIONS_READ_MAX_IDS} notification ids from the list`,
  readWhat: 'Send {"ids": [...]} to mark some notifications read, or {"all": true} for all of them.',
  badPreference:
    'Each preference names a notification kind and says inApp and email (and, if it changes, push) as true or false.',
} as const;

const notificationId = z.string().regex(NOTIFICATION_ID, NOTIFICATION_MESSAGES.badBefore);

/** GET /api/notifications?before&limit: the newest first; `before` is the last item's id of the previous page. */
export const notificationsQuerySchema = z.object({
  before: notificationId.optional(),
  limit: pageSizeSchema(NOTIFICATIONS_LIMIT),
});

/** POST /api/notifications/read: `{ids}` or `{all: true}`. */
export const markNotificationsReadSchema = z.union(
  [
    z
      .object({
        ids: z
          .array(z.string().regex(NOTIFICATION_ID, NOTIFICATION_MESSAGES.badIds), {
            error: NOTIFICATION_MESSAGES.badIds,
          })
          .min(1, NOTIFICATION_MESSAGES.badIds)
          .max(NOTIFICATIONS_READ_MAX_IDS, NOTIFICATION_MESSAGES.badIds),
      })
      .strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: NOTIFICATION_MESSAGES.readWhat },
);
/** POST /api/notification-preferences: the kinds to change (the others stay as they are). */
export const notificationPreferencesSchema = z.object({
  preferences: z
    .array(
      // push (issue #46) may be left out: a client that knows only the bell and email changes only those.
      z
        .object({
          kind: z.enum(NOTIFICATION_KINDS),
          inApp: z.boolean(),
          email: z.boolean(),
          push: z.boolean().optional(),
        })
        .strict(),
      {
        error: NOTIFICATION_MESSAGES.badPreference,
      },
    )
    .min(1, NOTIFICATION_MESSAGES.badPreference)
    .max(NOTIFICATION_KINDS.length, NOTIFICATION_MESSAGES.badPreference),
});
