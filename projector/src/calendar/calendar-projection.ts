import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { isEventOf } from '@playtime/shared/domain/event-schemas';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { SqlStatement, WriteOnlyProjection } from '../runtime/projection';

/**
 * The events after which a game reads differently in a calendar (its status, name, time or place).
 * A calendar app replaces its copy only when the SEQUENCE it is sent rises, so each of these raises it.
 */
const CALENDAR_CHANGES = ['GameCancelled'] as const;
const HANDLED = ['CalendarFeedRotated', 'UserDeleted', 'GameScheduled', ...CALENDAR_CHANGES] as const;

/**
 * read.calendar_feeds: each user's current feed address, by its secret part's SHA-256 (a feed is
 * looked up by that, so comparing addresses tells nothing about a right one) — a new one replaces
 * the old, and a deleted account has none. read.calendar_revisions: each game's iCalendar SEQUENCE
 * (0 when scheduled, one more at each change) and when it last changed (its DTSTAMP). The games a
 * feed lists come from read.games and read.game_participants as they are (read-api/src/calendar).
 */
export const calendarProjection: WriteOnlyProjection = {
  name: PROJECTIONS.calendar,
  version: 1,
  tables: ['calendar_feeds', 'calendar_revisions'],
  handles: HANDLED,
  schemaSql: `
    CREATE TABLE calendar_feeds (
      feed_hash  text        PRIMARY KEY,
      feed_id    text        NOT NULL,
      user_id    text        NOT NULL UNIQUE,
      created_at timestamptz NOT NULL
    );
    CREATE TABLE calendar_revisions (
      game_id          text        PRIMARY KEY,
      sequence         integer     NOT NULL,
      changed_at       timestamptz NOT NULL,
      -- The log position of the last change counted: a batch applied again counts nothing twice.
      changed_position bigint      NOT NULL
    );
  `,
  writes(events) {
    const statements: SqlStatement[] = [];
    for (const stored of events) {
      const event = parseEvent(stored);
      if (!isEventOf(event, HANDLED)) continue;
      switch (event.type) {
        case 'CalendarFeedRotated':
          statements.push({
            text: `INSERT INTO calendar_feeds (feed_hash, feed_id, user_id, created_at)
                   VALUES (encode(sha256(convert_to($1, 'UTF8')), 'hex'), $1, $2, $3)
                   ON CONFLICT (user_id) DO UPDATE
                     SET feed_hash = EXCLUDED.feed_hash, feed_id = EXCLUDED.feed_id, created_at = EXCLUDED.created_at`,
            values: [event.data.feedId, event.data.userId, stored.createdAt.toISOString()],
          });
          break;
        case 'UserDeleted':
          statements.push({ text: 'DELETE FROM calendar_feeds WHERE user_id = $1', values: [event.data.userId] });
          break;
        case 'GameScheduled':
          statements.push({
            text: `INSERT INTO calendar_revisions (game_id, sequence, changed_at, changed_position) VALUES ($1, 0, $2, $3)
                   ON CONFLICT (game_id) DO NOTHING`,
            values: [event.data.gameId, stored.createdAt.toISOString(), stored.globalPosition],
          });
          break;
        default:
          statements.push({
            text: `UPDATE calendar_revisions
                      SET sequence = sequence + 1, changed_at = $2, changed_position = $3
                    WHERE game_id = $1 AND changed_position < $3`,
            values: [event.data.gameId, stored.createdAt.toISOString(), stored.globalPosition],
          });
      }
    }
    // Nobody watches a feed live: calendar apps ask for it again on their own schedule.
    return { statements, changed: [] };
  },
};
