/**
 * What a user did with their notifications (issue #31): which they read, and which kinds they muted.
 * These are the user's doing, not the log's, so they live beside the notifications read model
 * (projector/src/notifications), which a rebuild replaces. Email preferences are email's own
 * unsubscribe rows (shared/src/infra/email): a mail's unsubscribe link and the profile's switch are
 * one setting.
 */
import {
  NOTIFICATION_KINDS,
  type NotificationItem,
  type NotificationKind,
  type NotificationList,
  type NotificationPreference,
} from '../../contract/notifications';
import type { Migration } from '../db/migrations';
import type { Queryable } from '../db/pool';

export const notificationMigrations: Migration[] = [
  {
    version: 1,
    name: 'notification reads and mutes',
    sql: `
      -- Notifications read one by one, by id (their event's log position and ordinal).
      CREATE TABLE notification_reads (
        user_id  text        NOT NULL,
        position bigint      NOT NULL,
        ordinal  integer     NOT NULL,
        read_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, position, ordinal)
      );
      -- 'Mark all as read': everything up to the newest notification the user had then.
      CREATE TABLE notification_read_all (
        user_id        text        PRIMARY KEY,
        up_to_position bigint      NOT NULL,
        read_at        timestamptz NOT NULL
      );
      -- Kinds the user does not want in the bell.
      CREATE TABLE notification_mutes (
        user_id text NOT NULL,
        kind    text NOT NULL,
        PRIMARY KEY (user_id, kind)
      );
    `,
  },
];

const idParts = (id: string): [string, number] => {
  const [position, ordinal] = id.split('-');
  return [position!, Number(ordinal)];
};

/** The user's notifications and muted kinds joined once: what the bell lists and counts. */
const VISIBLE = `
  read.notifications n
  LEFT JOIN notification_read_all a ON a.user_id = n.user_id
  LEFT JOIN notification_reads r ON r.user_id = n.user_id AND r.position = n.position AND r.ordinal = n.ordinal
 WHERE n.user_id = $1
   AND NOT EXISTS (SELECT FROM notification_mutes m WHERE m.user_id = n.user_id AND m.kind = n.kind)`;

const READ_AT = `coalesce(r.read_at, CASE WHEN n.position <= a.up_to_position THEN a.read_at END)`;

export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ unread: string }>(
    `SELECT count(*) AS unread FROM ${VISIBLE} AND ${READ_AT} IS NULL`,
    [userId],
  );
  return Number(rows[0]!.unread);
}

/** The newest first, `limit` of them, older than `before` when given. */
export async function listNotifications(
  db: Queryable,
  userId: string,
  page: { before?: string | undefined; limit: number },
): Promise<NotificationList> {
  const [beforePosition, beforeOrdinal] = page.before ? idParts(page.before) : [null, null];
  const { rows } = await db.query<NotificationItem>(
    `SELECT n.position || '-' || n.ordinal AS id, n.kind, n.text, n.link, n.map_url AS "mapUrl", n.created_at AS "createdAt", ${READ_AT} AS "readAt"
       FROM ${VISIBLE}
        AND ($2::bigint IS NULL OR (n.position, n.ordinal) < ($2::bigint, $3::integer))
      ORDER BY n.position DESC, n.ordinal DESC
      LIMIT $4`,
    [userId, beforePosition, beforeOrdinal, page.limit],
  );
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: new Date(row.createdAt).toISOString(),
      readAt: row.readAt && new Date(row.readAt).toISOString(),
    })),
    unread: await unreadCount(db, userId),
  };
}

/** Marks the user's notifications with these ids read (ids of others' notifications mark nothing). */
export async function markRead(db: Queryable, userId: string, ids: string[]): Promise<void> {
  const parts = ids.map(idParts);
  await db.query(
    `INSERT INTO notification_reads (user_id, position, ordinal)
     SELECT $1, position, ordinal FROM unnest($2::bigint[], $3::integer[]) AS marked(position, ordinal)
     ON CONFLICT DO NOTHING`,
    [userId, parts.map(([position]) => position), parts.map(([, ordinal]) => ordinal)],
  );
}

/** Marks everything the user has been told so far read. */
export async function markAllRead(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO notification_read_all (user_id, up_to_position, read_at)
     SELECT $1, coalesce(max(position), -1), now() FROM read.notifications WHERE user_id = $1
     ON CONFLICT (user_id) DO UPDATE
       SET up_to_position = greatest(notification_read_all.up_to_position, EXCLUDED.up_to_position), read_at = EXCLUDED.read_at`,
    [userId],
  );
}

export async function preferencesOf(db: Queryable, userId: string): Promise<NotificationPreference[]> {
  const { rows } = await db.query<{ kind: string; muted: boolean; unsubscribed: boolean; pushed: boolean }>(
    `SELECT kind,
            EXISTS (SELECT FROM notification_mutes m WHERE m.user_id = $1 AND m.kind = k.kind) AS muted,
            EXISTS (SELECT FROM email_unsubscribes u WHERE u.account_id = $1 AND u.kind = k.kind) AS unsubscribed,
            EXISTS (SELECT FROM push_kinds p WHERE p.user_id = $1 AND p.kind = k.kind) AS pushed
       FROM unnest($2::text[]) AS k(kind)`,
    [userId, [...NOTIFICATION_KINDS]],
  );
  return rows.map((row) => ({
    kind: row.kind as NotificationKind,
    inApp: !row.muted,
    email: !row.unsubscribed,
    push: row.pushed,
  }));
}

/** Sets the given kinds' switches; in one statement, so a half-saved change cannot be seen. */
export async function setPreferences(
  db: Queryable,
  userId: string,
  preferences: Array<Omit<NotificationPreference, 'push'> & { push?: boolean | undefined }>,
): Promise<void> {
  const kinds = preferences.map((preference) => preference.kind);
  const inApp = preferences.map((preference) => preference.inApp);
  const email = preferences.map((preference) => preference.email);
  // Push (issue #46) is left as it is where a preference does not say it (null).
  const push = preferences.map((preference) => preference.push ?? null);
  await db.query(
    `WITH wanted AS (SELECT * FROM unnest($2::text[], $3::boolean[], $4::boolean[], $5::boolean[]) AS w(kind, in_app, email, push)),
          unmuted AS (DELETE FROM notification_mutes m USING wanted w WHERE m.user_id = $1 AND m.kind = w.kind AND w.in_app),
          muted AS (INSERT INTO notification_mutes (user_id, kind) SELECT $1, kind FROM wanted WHERE NOT in_app ON CONFLICT DO NOTHING),
          unpushed AS (DELETE FROM push_kinds p USING wanted w WHERE p.user_id = $1 AND p.kind = w.kind AND w.push IS FALSE),
          pushed AS (INSERT INTO push_kinds (user_id, kind) SELECT $1, kind FROM wanted WHERE push ON CONFLICT DO NOTHING),
          subscribed AS (DELETE FROM email_unsubscribes u USING wanted w WHERE u.account_id = $1 AND u.kind = w.kind AND w.email)
     INSERT INTO email_unsubscribes (account_id, kind) SELECT $1, kind FROM wanted WHERE NOT email ON CONFLICT DO NOTHING`,
    [userId, kinds, inApp, email, push],
  );
}
