/**
 * A user's push subscriptions and the kinds they have Push on for (issue #46): the user's own doing,
 * kept beside the notifications read model (DESIGN §9), like their reads and mutes.
 */
import { NOTIFICATION_KINDS } from '../../contract/notifications';
import type { PushSubscriptionBody } from '../../contract/push';
import type { Queryable } from '../db/pool';

/**
 * Keeps the device's subscription for `userId` (a device another account subscribed before now pushes to
 * this one: the browser is theirs now). The user's first device turns Push on for every kind they hear in
 * the app (not muted in the bell); later devices leave their choice as it is.
 */
export async function saveSubscription(db: Queryable, userId: string, subscription: PushSubscriptionBody) {
  await db.query(
    `WITH had AS (SELECT EXISTS (SELECT FROM push_subscriptions WHERE user_id = $1) AS any),
          saved AS (
            INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($2, $1, $3, $4)
            ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
            RETURNING endpoint)
     INSERT INTO push_kinds (user_id, kind)
     SELECT $1, k.kind FROM unnest($5::text[]) AS k(kind), had, (SELECT count(*) FROM saved) AS done
      WHERE NOT had.any
        AND NOT EXISTS (SELECT FROM notification_mutes m WHERE m.user_id = $1 AND m.kind = k.kind)
     ON CONFLICT DO NOTHING`,
    [userId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, [...NOTIFICATION_KINDS]],
  );
}

/** Forgets the user's subscription of this endpoint (someone else's is left alone); true when there was one. */
export async function deleteSubscription(db: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2', [
    endpoint,
    userId,
  ]);
  return (rowCount ?? 0) > 0;
}

/** The user's devices' endpoints, oldest first. */
export async function subscriptionsOf(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ endpoint: string }>(
    'SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at, endpoint',
    [userId],
  );
  return rows.map((row) => row.endpoint);
}
