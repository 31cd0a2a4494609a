/**
 * What goes out beside the bell (issue #46): each notification's push, and when quiet hours let it and
 * its mail go. Quiet hours are applied here, when the push and the mail are queued (DESIGN §9): news of a
 * game more than 16 hours away, due between 22:00 and 08:00 in the player's zone, waits until 08:00.
 * The player's zone is the one their browser said when they joined or queued for a game (the web app
 * says it with every command); a player who never said one has no quiet hours, as the offer's window on
 * the write side has none for them (offers.ts), so push, mail and window always agree.
 */
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@playtime/shared/contract/notifications';
import { quietUntil } from '@playtime/shared/domain/games/policies/quiet-hours';
import type { NotificationPush } from '@playtime/shared/infra/push/outbox';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { StoredEvent } from '@playtime/shared/infra/eventstore/port';
import type { PoolClient } from 'pg';

/** The projection's tables for quiet hours (in its schemaSql): each player's zone, and games' starts. */
export const DELIVERY_SCHEMA_SQL = `
  CREATE TABLE notification_time_zones (user_id text PRIMARY KEY, time_zone text NOT NULL);
`;

/**
 * Keeps the zone a join or a waitlist join says, the latest one standing; a deleted account takes its
 * zone, its devices' subscriptions and its Push choices with it.
 */
export async function keepDeliveryFacts(stored: StoredEvent, db: PoolClient): Promise<void> {
  if (stored.type !== 'PlayerJoined' && stored.type !== 'WaitlistJoined' && stored.type !== 'UserDeleted') return;
  const event = parseEvent(stored);
  if (event.type === 'UserDeleted') {
    await db.query(
      `WITH zone AS (DELETE FROM notification_time_zones WHERE user_id = $1),
            kinds AS (DELETE FROM push_kinds WHERE user_id = $1)
       DELETE FROM push_subscriptions WHERE user_id = $1`,
      [event.data.userId],
    );
    return;
  }
  if (event.type !== 'PlayerJoined' && event.type !== 'WaitlistJoined') return;
  const { playerId, timeZone } = event.data;
  if (!timeZone) return;
  await db.query(
    `INSERT INTO notification_time_zones (user_id, time_zone) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone`,
    [playerId, timeZone],
  );
}

/** The game an event is about, if any (every game event names its gameId). */
export function gameIdOf(stored: StoredEvent): string | null {
  const data = stored.data as { gameId?: unknown } | null;
  return typeof data?.gameId === 'string' ? data.gameId : null;
}

export interface Told {
  /** The notification's id ('position-ordinal'). */
  id: string;
  userId: string;
  gameId: string | null;
  /** When its event happened: quiet hours are read at that instant, so a rebuild decides alike. */
  at: Date;
}

/** When each notification's push and mail may go: an ISO instant, or null for at once. */
export async function quietHoldsOf(db: PoolClient, told: Told[]): Promise<Map<string, string | null>> {
  const aboutGames = told.filter((one) => one.gameId !== null);
  const holds = new Map<string, string | null>(told.map((one) => [one.id, null]));
  if (aboutGames.length === 0) return holds;
  const { rows } = await db.query<{ id: string; time_zone: string; start_at: Date | null }>(
    `SELECT t.id, z.time_zone, g.start_at
       FROM jsonb_to_recordset($1::jsonb) AS t(id text, user_id text, game_id text)
       JOIN notification_time_zones z ON z.user_id = t.user_id
       LEFT JOIN notification_games g ON g.game_id = t.game_id`,
    [JSON.stringify(aboutGames.map((one) => ({ id: one.id, user_id: one.userId, game_id: one.gameId })))],
  );
  const atOf = new Map(aboutGames.map((one) => [one.id, one.at.getTime()]));
  for (const row of rows) {
    if (!row.start_at) continue;
    const until = quietUntil(atOf.get(row.id)!, row.time_zone, new Date(row.start_at).getTime());
    holds.set(row.id, until === null ? null : new Date(until).toISOString());
  }
  return holds;
}

/** A notification as a push: its kind's label as the title, its text and link. */
export function pushOf(
  notification: { id: string; userId: string; kind: NotificationKind; text: string; link: string | null },
  notBefore: string | null,
): NotificationPush {
  return {
    userId: notification.userId,
    kind: notification.kind,
    payload: {
      title: NOTIFICATION_KIND_LABELS[notification.kind].label,
      body: notification.text,
      url: notification.link ?? '/',
      tag: `notification-${notification.id}`,
    },
    dedupeKey: `notification-${notification.id}`,
    notBefore,
  };
}
