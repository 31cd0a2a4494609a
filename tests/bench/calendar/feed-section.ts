import type pg from 'pg';
import { migrate } from '@playtime/shared/infra/db/migrations';
import { createPool } from '@playtime/shared/infra/db/pool';
import { projectionMigrations } from '@playtime/shared/infra/projections/schema';
import { calendarProjection } from '@playtime/projector/calendar/calendar-projection';
import { fieldsProjection } from '@playtime/projector/fields/fields-projection';
import { gamesProjection } from '@playtime/projector/games/games-projection';
import { calendarDocument, FeedDocuments } from '@playtime/read-api/calendar/feed-documents';
import { calendarOf } from '@playtime/read-api/calendar/ics';
import { FEED_GAMES_SQL, feedGamesOf, feedHash, type CalendarFeedRow } from '@playtime/read-api/calendar/routes';
import { CALENDAR_FEED_DAYS_BACK } from '@playtime/shared/contract/calendar';
import { fmtInt, fmtMs, fmtSeconds, markdownTable } from '../support/format';
import { percentile } from '../support/percentiles';
import { createDatabase } from '../support/postgres';
import type { BenchContext, BenchSection, SectionOutcome } from '../support/section';
import { nowMs } from '../support/timing';

const TARGET_P95_MS = 20;
/** The user: 500 games of their own, in a read model of many other people's. */
const USER_GAMES = 500;
const OTHER_GAMES = 100_000;
const PLAYERS_PER_GAME = 10;
const FEEDS_READ = 300;
const FEED_ID = 'benchfeedbenchfeedbenchfeedbench';
const PUBLIC_URL = 'https://play.example.com';

export interface CalendarFeedData {
  userGames: number;
  otherGames: number;
  participants: number;
  seedMs: number;
  reads: number;
  queryP50Ms: number;
  queryP95Ms: number;
  /** The statement and the document as the read API serves it (kept while the feed's games are unchanged). */
  feedP50Ms: number;
  feedP95Ms: number;
  /** The statement and a document made afresh, as the first read after a game of the feed changed. */
  freshP50Ms: number;
  freshP95Ms: number;
  feedBytes: number;
  /** The very first read, before anything is warm: the process has converted none of the games' times yet. */
  firstFeedMs: number;
}

/**
 * The read models a feed reads (games, fields, calendar) under `read`: OTHER_GAMES games with ten
 * players each, and one user who plays in USER_GAMES of them, a fifth organized by themselves.
 */
async function seed(pool: pg.Pool): Promise<number> {
  const started = nowMs();
  const client = await pool.connect();
  try {
    await migrate(pool, 'projections', projectionMigrations);
    await client.query('SET search_path TO read, public');
    for (const projection of [gamesProjection, fieldsProjection, calendarProjection])
      await client.query(projection.schemaSql);
    await client.query(
      `INSERT INTO fields (field_id, owner_id, name, address, zip_code, city, price_cents, description, picture, latitude, longitude, added_at, time_zone)
       SELECT 'f' || n, 'owner' || (n % 200), 'Field ' || n, n || ' Main St', '10001', 'New York', 4000, '', '', 40.7, -74, now(), 'America/New_York'
         FROM generate_series(0, 999) AS n`,
    );
    await client.query(
      `INSERT INTO games (game_id, name, organizer_id, organizer_username, field_id, field_name, owner_id, sub_field_id, sub_field_name,
                          location, latitude, longitude, place, start_date, end_date, max_players, price_cents, picture, cancellation_window_hours, status)
       SELECT 'g' || n, 'Game ' || n, CASE WHEN n < $1 / 5 THEN 'feed-user' ELSE 'captain' || (n % 5000) END, 'captain',
              'f' || (n % 1000), 'Field', 'owner' || (n % 200), 's' || n, 'Pitch A', '1 Main St, New York', 40.7, -74,
              public.ll_to_earth(40.7, -74)::public.cube,
              now() + ((n % 2000) - 500) * interval '3 hours', now() + ((n % 2000) - 500) * interval '3 hours' + interval '90 minutes',
              22, 500, '', 24, CASE WHEN n % 17 = 0 THEN 'cancelled' ELSE 'scheduled' END
         FROM generate_series(0, $2::integer - 1) AS n`,
      [USER_GAMES, OTHER_GAMES],
    );
    await client.query(
      `INSERT INTO game_participants (game_id, player_id, username, team, joined_at, joined_position)
       SELECT 'g' || g, CASE WHEN g < $1 AND p = 0 THEN 'feed-user' ELSE 'player' || ((g * 7 + p) % 20000) END, 'p', 1 + p % 2, now(), g * 10 + p
         FROM generate_series(0, $2::integer - 1) AS g, generate_series(0, $3::integer - 1) AS p`,
      [USER_GAMES, OTHER_GAMES, PLAYERS_PER_GAME],
    );
    await client.query(
      `INSERT INTO calendar_games (game_id, name, location, field_name, sub_field_name, start_date, end_date, time_zone, cancelled,
                                  sequence, changed_at, changed_position, field_id, owner_id)
       SELECT game_id, name, location, field_name, sub_field_name, start_date, end_date, 'America/New_York', status = 'cancelled',
              CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END, now(), 1, field_id, owner_id FROM games`,
    );
    // Everyone's part in every game, as the calendar projection keeps it: organizers, players, owners.
    await client.query(
      `INSERT INTO calendar_entries (user_id, game_id, rank)
       SELECT user_id, game_id, min(rank)
         FROM (SELECT organizer_id AS user_id, game_id, 1 AS rank FROM games
               UNION ALL SELECT player_id, game_id, 2 FROM game_participants
               UNION ALL SELECT owner_id, game_id, 3 FROM games) AS parts
        GROUP BY user_id, game_id`,
    );
    await client.query(
      `INSERT INTO calendar_feeds (feed_hash, feed_id, user_id, created_at) VALUES ($1, $2, 'feed-user', now())`,
      [feedHash(FEED_ID), FEED_ID],
    );
    // As autovacuum leaves tables after inserts (PostgreSQL 13 on): statistics, and pages marked all-visible.
    await client.query('VACUUM ANALYZE');
  } finally {
    client.release();
  }
  return nowMs() - started;
}

function markdown(data: CalendarFeedData): string {
  return [
    markdownTable(
      ['work', 'reads', 'p50', 'p95'],
      [
        ['the feed statement (FEED_GAMES_SQL)', fmtInt(data.reads), fmtMs(data.queryP50Ms), fmtMs(data.queryP95Ms)],
        [
          'statement + iCalendar document made afresh + ETag (the first read after a game of the feed changed)',
          fmtInt(data.reads),
          fmtMs(data.freshP50Ms),
          fmtMs(data.freshP95Ms),
        ],
        [
          'statement + the document as served (kept while the rows of the feed are unchanged; the target)',
          fmtInt(data.reads),
          fmtMs(data.feedP50Ms),
          fmtMs(data.feedP95Ms),
        ],
      ],
    ),
    `One user's feed (${fmtInt(data.userGames)} games they play in, a fifth organized by them; ${fmtInt(data.feedBytes)} bytes), read ` +
      `${fmtInt(data.reads)} times one after another over one connection, in a read model of ${fmtInt(data.otherGames)} games with ` +
      `${fmtInt(data.participants)} players in all (seeded in ${fmtSeconds(data.seedMs)}). The work is the read API's: ` +
      `read-api/src/calendar/routes.ts's statement, then ics.ts's document with ical-generator and the SHA-256 ETag, or ` +
      `feed-documents.ts's document kept for the same rows (a digest of the rows, then the kept document). Games end from ` +
      `${CALENDAR_FEED_DAYS_BACK} days back on, as the feed lists them. The very first read, before the statement's plan and ` +
      `the games' times on their field's clock are kept, took ${fmtMs(data.firstFeedMs)} ms.`,
  ].join('\n\n');
}

export const calendarFeedSection: BenchSection = {
  id: 'calendar',
  title: 'Calendar feed',
  async run(context: BenchContext): Promise<SectionOutcome> {
    const database = await createDatabase(context.serverUrl, 'calendar');
    const pool = createPool(database.url, { max: 2, applicationName: 'playtime-bench-calendar' });
    try {
      context.log(`calendar: seeding ${fmtInt(OTHER_GAMES)} games…`);
      const seedMs = await seed(pool);
      const read = () => pool.query<CalendarFeedRow>(FEED_GAMES_SQL, [feedHash(FEED_ID), CALENDAR_FEED_DAYS_BACK]);
      const firstStarted = nowMs();
      calendarOf(feedGamesOf((await read()).rows), PUBLIC_URL);
      const firstFeedMs = nowMs() - firstStarted;
      for (let warm = 0; warm < 20; warm += 1) await read();
      const documents = new FeedDocuments(feedGamesOf, PUBLIC_URL);
      const queries: number[] = [];
      const fresh: number[] = [];
      const feeds: number[] = [];
      let feedBytes = 0;
      for (let n = 0; n < FEEDS_READ; n += 1) {
        const started = nowMs();
        const { rows } = await read();
        const queried = nowMs();
        const { body } = calendarDocument(calendarOf(feedGamesOf(rows), PUBLIC_URL));
        const made = nowMs();
        const served = documents.documentOf(rows);
        const done = nowMs();
        queries.push(queried - started);
        fresh.push(made - started);
        feeds.push(queried - started + (done - made));
        feedBytes = Buffer.byteLength(body);
        if (served.body !== body) throw new Error('the document served differs from one made afresh');
        if (feedGamesOf(rows).length === 0) throw new Error('the seeded feed lists no games');
      }
      for (const times of [queries, fresh, feeds]) times.sort((a, b) => a - b);
      const data: CalendarFeedData = {
        userGames: USER_GAMES,
        otherGames: OTHER_GAMES,
        participants: OTHER_GAMES * PLAYERS_PER_GAME,
        seedMs,
        reads: FEEDS_READ,
        queryP50Ms: percentile(queries, 50),
        queryP95Ms: percentile(queries, 95),
        feedP50Ms: percentile(feeds, 50),
        feedP95Ms: percentile(feeds, 95),
        freshP50Ms: percentile(fresh, 50),
        freshP95Ms: percentile(fresh, 95),
        feedBytes,
        firstFeedMs,
      };
      context.log(
        `  feed p95 ${fmtMs(data.feedP95Ms)} (statement ${fmtMs(data.queryP95Ms)}, made afresh ${fmtMs(data.freshP95Ms)})`,
      );
      return {
        markdown: markdown(data),
        data,
        targets: [
          {
            name: `calendar feed p95, a user with ${USER_GAMES} games`,
            required: `< ${TARGET_P95_MS} ms`,
            measured: fmtMs(data.feedP95Ms),
            pass: data.feedP95Ms < TARGET_P95_MS,
          },
        ],
      };
    } finally {
      await pool.end();
      await database.drop();
    }
  },
};
