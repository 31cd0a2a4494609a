import { Router, type Response } from 'express';
import type pg from 'pg';
import {
  NOTIFICATIONS_PATH,
  NOTIFICATION_PREFERENCES_PATH,
  notificationsQuerySchema,
  type NotificationList,
  type NotificationPreferences,
} from '@playtime/shared/contract/notifications';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { parseBody } from '@playtime/shared/infra/http/errors';
import { listNotifications, preferencesOf } from '@playtime/shared/infra/notifications/store';

/** The bell's list and the profile's preferences (issue #31; shared/src/contract/notifications.ts). */
export function notificationQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();

  router.get(NOTIFICATIONS_PATH, requireUser(deps.resolveUser), async (req, res: Response<NotificationList>) => {
    const page = parseBody(notificationsQuerySchema, req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listNotifications(deps.pool, req.user!.userId, page));
  });

  router.get(
    NOTIFICATION_PREFERENCES_PATH,
    requireUser(deps.resolveUser),
    async (req, res: Response<NotificationPreferences>) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json({ preferences: await preferencesOf(deps.pool, req.user!.userId) });
    },
  );

  return router;
}
