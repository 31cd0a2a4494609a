import { Router } from 'express';
import type pg from 'pg';
import {
  NOTIFICATIONS_READ_PATH,
  NOTIFICATION_PREFERENCES_PATH,
  markNotificationsReadSchema,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@playtime/shared/contract/notifications';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { parseBody } from '@playtime/shared/infra/http/errors';
import {
  markAllRead,
  markRead,
  preferencesOf,
  setPreferences,
  unreadCount,
} from '@playtime/shared/infra/notifications/store';

/**
 * Marking notifications read and choosing which reach the user (issue #31). Neither is an event:
 * they are the user's own view of what they were told, kept beside the read model.
 */
export function notificationCommandRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();

  router.post(NOTIFICATIONS_READ_PATH, requireUser(deps.resolveUser), async (req, res) => {
    const body = parseBody(markNotificationsReadSchema, req.body);
    const userId = req.user!.userId;
    if ('all' in body) await markAllRead(deps.pool, userId);
    else await markRead(deps.pool, userId, body.ids);
    res.json({ unread: await unreadCount(deps.pool, userId) });
  });

  router.post(NOTIFICATION_PREFERENCES_PATH, requireUser(deps.resolveUser), async (req, res) => {
    const { preferences } = parseBody(notificationPreferencesSchema, req.body);
    await setPreferences(deps.pool, req.user!.userId, preferences);
    const answer: NotificationPreferences = { preferences: await preferencesOf(deps.pool, req.user!.userId) };
    res.json(answer);
  });

  return router;
}
