import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { isEventOf } from '@playtime/shared/domain/event-schemas';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { SqlStatement, WriteOnlyProjection } from '../runtime/projection';

/**
 * The events after which a game reads differently in a calendar (its status, name, time or place).
 * A calendar app replaces its copy only when the SEQUENCE it is sent rises, so each of these raises it.
 */
const CALENDAR_CHANGES = ['GameCancelled'] as const;
/** The events after which a user's feed lists other games: who organizes, plays in or hosts what. */
const MEMBERSHIP_CHANGES = ['PlayerJoined', 'PlayerLeft', 'PlayerRemoved', 'FieldDeleted', 'FieldWithdrawn'] as const;
const HANDLED = [
  'CalendarFeedRotated',
  'FieldAdded',
  'UserDeleted',
  'GameScheduled',
  ...CALENDAR_CHANGES,
  ...MEMBERSHIP_CHANGES,
] as const;

/** A user's part in a game, best first: a feed says the best one (ranks of read.calendar_entries). */
const RANK = { organizer: 1, player: 2, owner: 3 } as const;

/**
 * Adds users' parts in a game, keeping the better one each had, in one statement. One user with two
 * parts (an admin organizing on a field of their own) is entered once, with the better: a row may
 * change only once in a statement.
 */
const enter = (gameId: string, parts: Array<{ userId: string; rank: number }>): SqlStatement => ({
  text: `INSERT INTO calendar_entries (user_id, game_id, rank)
         SELECT part.user_id, $1, min(part.rank) FROM unnest($2::text[], $3::int[]) AS part(user_id, rank) GROUP BY part.user_id
         ON CONFLICT (user_id, game_id) DO UPDATE SET rank = least(calendar_entries.rank, EXCLUDED.rank)`,
  values: [gameId, parts.map((part) => part.userId), parts.map((part) => part.rank)],
});

/**
 * read.calendar_fields: each field's time zone, for its games. read.calendar_feeds: each user's current feed address, by its secret part's SHA-256 (a feed is
 * looked up by that, so comparing addresses tells nothing about a right one) — a new one replaces
 * the old, and a deleted account has none. read.calendar_games: each game as a calendar shows it
 * (name, place, time and its field's time zone, whether it was cancelled), its iCalendar SEQUENCE (0 when scheduled, one more at
 * each change) and when it last changed (its DTSTAMP), with the field and its owner. read.calendar_entries:
 * each user's games (organized, played in from the sideline or a team, or hosted on their field while it
 * is listed), by user. A feed is one indexed range of its user's rows, each with its game by its key
 * (read-api/src/calendar), and reads nothing of the other read models.
 */
/** The user's current feed address, unless it is `keptFeedId` (an event applied again), joins the ended ones. */
const endedFeedOf = (userId: string, keptFeedId: string | null): SqlStatement => ({
  text: `INSERT INTO calendar_ended_feeds (feed_hash)
         SELECT feed_hash FROM calendar_feeds
          WHERE user_id = $1 AND feed_id IS DISTINCT FROM $2
         ON CONFLICT (feed_hash) DO NOTHING`,
  values: [userId, keptFeedId],
});

export const calendarProjection: WriteOnlyProjection = {
  name: PROJECTIONS.calendar,
  // Version 2: each user's games of their own (calendar_entries), so a feed reads its user's rows only.
  // Version 3: each game as a calendar shows it (calendar_games), so a feed reads no other read model.
  // Version 4: with its field's time zone (calendar_fields), so a feed says the pitch's own clock.
  // Version 5: the addresses replaced or ended (calendar_ended_feeds), so asking for one is no guess.
  version: 5,
  tables: ['calendar_feeds', 'calendar_ended_feeds', 'calendar_fields', 'calendar_games', 'calendar_entries'],
  handles: HANDLED,
  schemaSql: `
    CREATE TABLE calendar_feeds (
      feed_hash  text        PRIMARY KEY,
      feed_id    text        NOT NULL,
      user_id    text        NOT NULL UNIQUE,
      created_at timestamptz NOT NULL
    );
    -- A feed address replaced by a new one, or ended with its account, by its hash: calendar apps keep
    -- asking for it, and the feed's throttle counts none of that as guessing (issue #41).
    CREATE TABLE calendar_ended_feeds (
      feed_hash text PRIMARY KEY
    );
    CREATE TABLE calendar_fields (
      field_id  text PRIMARY KEY,
      time_zone text NOT NULL
    );
    CREATE TABLE calendar_games (
      game_id          text        PRIMARY KEY,
      name             text        NOT NULL,
      location         text        NOT NULL,
      field_name       text        NOT NULL,
      sub_field_name   text        NOT NULL,
      start_date       timestamptz NOT NULL,
      end_date         timestamptz NOT NULL,
      time_zone        text        NOT NULL,
      cancelled        boolean     NOT NULL,
      sequence         integer     NOT NULL,
      changed_at       timestamptz NOT NULL,
      -- The log position of the last change counted: a batch applied again counts nothing twice.
      changed_position bigint      NOT NULL,
      field_id         text        NOT NULL,
      owner_id         text        NOT NULL
    );
    CREATE INDEX calendar_games_of_field ON calendar_games (field_id);
    CREATE TABLE calendar_entries (
      user_id text     NOT NULL,
      game_id text     NOT NULL,
      -- 1 organizer, 2 player, 3 owner of the field: the best part the user has in the game.
      rank    smallint NOT NULL,
      -- The rank in the key's index too: a feed reads its user's entries from the index alone.
      PRIMARY KEY (user_id, game_id) INCLUDE (rank)
    );
  `,
  writes(events) {
    const statements: SqlStatement[] = [];
    for (const stored of events) {
      const event = parseEvent(stored);
      if (!isEventOf(event, HANDLED)) continue;
      switch (event.type) {
        case 'CalendarFeedRotated':
          statements.push(endedFeedOf(event.data.userId, event.data.feedId), {
            text: `INSERT INTO calendar_feeds (feed_hash, feed_id, user_id, created_at)
                   VALUES (encode(sha256(convert_to($1, 'UTF8')), 'hex'), $1, $2, $3)
                   ON CONFLICT (user_id) DO UPDATE
                     SET feed_hash = EXCLUDED.feed_hash, feed_id = EXCLUDED.feed_id, created_at = EXCLUDED.created_at`,
            values: [event.data.feedId, event.data.userId, stored.createdAt.toISOString()],
          });
          break;
        case 'FieldAdded':
          statements.push({
            text: 'INSERT INTO calendar_fields (field_id, time_zone) VALUES ($1, $2) ON CONFLICT (field_id) DO NOTHING',
            values: [event.data.fieldId, event.data.timeZone],
          });
          break;
        case 'UserDeleted':
          statements.push(
            endedFeedOf(event.data.userId, null),
            { text: 'DELETE FROM calendar_feeds WHERE user_id = $1', values: [event.data.userId] },
            { text: 'DELETE FROM calendar_entries WHERE user_id = $1', values: [event.data.userId] },
          );
          break;
        case 'GameScheduled': {
          const { gameId, organizerId, ownerId, fieldId } = event.data;
          const { name, location, fieldName, subFieldName, startDate, endDate } = event.data;
          statements.push(
            {
              // A field the log never added (none in a real log) keeps UTC: a calendar shows the instant right.
              text: `INSERT INTO calendar_games (game_id, name, location, field_name, sub_field_name, start_date, end_date,
                                                 time_zone, cancelled, sequence, changed_at, changed_position, field_id, owner_id)
                     VALUES ($1, $2, $3, $4, $5, $6, $7,
                             coalesce((SELECT time_zone FROM calendar_fields WHERE field_id = $10), 'UTC'),
                             false, 0, $8, $9, $10, $11)
                     ON CONFLICT (game_id) DO NOTHING`,
              values: [
                gameId,
                name,
                location,
                fieldName,
                subFieldName,
                startDate,
                endDate,
                stored.createdAt.toISOString(),
                stored.globalPosition,
                fieldId,
                ownerId,
              ],
            },
            enter(gameId, [
              { userId: organizerId, rank: RANK.organizer },
              { userId: ownerId, rank: RANK.owner },
            ]),
          );
          break;
        }
        case 'PlayerJoined':
          statements.push(enter(event.data.gameId, [{ userId: event.data.playerId, rank: RANK.player }]));
          break;
        case 'PlayerLeft':
        case 'PlayerRemoved': {
          // Gone from the game; a player who hosts it on their own field still has it as its owner.
          const { gameId, playerId } = event.data;
          statements.push({
            text: `WITH game AS (SELECT owner_id FROM calendar_games WHERE game_id = $1),
                        hosted AS (
                          UPDATE calendar_entries SET rank = ${RANK.owner}
                           WHERE user_id = $2 AND game_id = $1 AND rank = ${RANK.player}
                             AND $2 IN (SELECT owner_id FROM game)
                          RETURNING 1)
                   DELETE FROM calendar_entries
                    WHERE user_id = $2 AND game_id = $1 AND rank = ${RANK.player}
                      AND $2 NOT IN (SELECT owner_id FROM game)`,
            values: [gameId, playerId],
          });
          break;
        }
        case 'FieldDeleted':
        case 'FieldWithdrawn':
          // A field that is no longer listed is no longer its owner's to host: its games leave their feed.
          statements.push({
            text: `DELETE FROM calendar_entries e USING calendar_games r
                    WHERE r.field_id = $1 AND e.game_id = r.game_id AND e.user_id = r.owner_id AND e.rank = ${RANK.owner}`,
            values: [event.data.fieldId],
          });
          break;
        case 'GameCancelled':
          statements.push({
            text: `UPDATE calendar_games
                      SET cancelled = true, sequence = sequence + 1, changed_at = $2, changed_position = $3
                    WHERE game_id = $1 AND changed_position < $3`,
            values: [event.data.gameId, stored.createdAt.toISOString(), stored.globalPosition],
          });
      }
    }
    // Nobody watches a feed live: calendar apps ask for it again on their own schedule.
    return { statements, changed: [] };
  },
};
