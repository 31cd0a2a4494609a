import { createHash } from 'node:crypto';
import { Router, type Response } from 'express';
import type pg from 'pg';
import {
  CALENDAR_FEED_DAYS_BACK,
  CALENDAR_FEED_ID,
  CALENDAR_FEED_PATH,
  CALENDAR_FEED_ROUTE,
  CALENDAR_TEXTS,
  GAME_CALENDAR_PATH,
  calendarFeedUrl,
  type CalendarFeedAnswer,
} from '@playtime/shared/contract/calendar';
import { gameIdQuery, NO_SUCH_GAME } from '@playtime/shared/contract/games';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { calendarDocument, FeedDocuments, type CalendarDocument } from './feed-documents';
import { FeedGuesses } from './feed-guesses';
import { calendarOf, type CalendarGame } from './ics';

const NO_SUCH_FEED = CALENDAR_TEXTS.noSuchFeed;
/** Calendar apps ask again on their own schedule; a browser or proxy may reuse an answer this long. */
const CALENDAR_CACHE_CONTROL = 'private, max-age=300';

/**
 * A game's calendar columns, from `c` (read.calendar_games). Times come as epoch milliseconds: a number
 * is read without the driver's parsing of a timestamp's text, which was a tenth of a 500-game feed's time.
 */
const GAME_COLUMNS = `c.game_id AS "gameId", c.name, c.location, c.field_name AS "fieldName",
  c.sub_field_name AS "subFieldName", (extract(epoch FROM c.start_date) * 1000)::float8 AS "startDate",
  (extract(epoch FROM c.end_date) * 1000)::float8 AS "endDate", c.time_zone AS "timeZone",
  CASE WHEN c.cancelled THEN 'cancelled' ELSE 'scheduled' END AS status, c.sequence,
  (extract(epoch FROM c.changed_at) * 1000)::float8 AS "changedAt"`;

/** A row of GAME_COLUMNS. */
type CalendarGameRow = Omit<CalendarGame, 'startDate' | 'endDate' | 'changedAt'> & {
  startDate: number;
  endDate: number;
  changedAt: number;
};

const calendarGameOf = (row: CalendarGameRow): CalendarGame => ({
  ...row,
  startDate: new Date(row.startDate),
  endDate: new Date(row.endDate),
  changedAt: new Date(row.changedAt),
});

/**
 * One statement: the feed by its address's hash, then its user's games (read.calendar_entries: the
 * ones they organize, play in, team or sideline, or host on their fields, each once with their best
 * part in it), ended at most CALENDAR_FEED_DAYS_BACK days ago. A feed without games is one row of
 * nulls; no row means no such feed. It reads one range of the user's entries and each game by its key.
 */
export const FEED_GAMES_SQL = `
  SELECT mine.*
    FROM read.calendar_feeds f
    LEFT JOIN LATERAL (
      SELECT ${GAME_COLUMNS},
             CASE e.rank WHEN 1 THEN 'organizer' WHEN 2 THEN 'player' ELSE 'owner' END AS role
        FROM read.calendar_entries e
        JOIN read.calendar_games c ON c.game_id = e.game_id
       WHERE e.user_id = f.user_id AND c.end_date > now() - make_interval(days => $2)
    ) mine ON true
   WHERE f.feed_hash = $1
   ORDER BY mine."startDate"`;

/** A row of FEED_GAMES_SQL: a game of the feed, or all nulls for a feed without games. */
export type CalendarFeedRow = CalendarGameRow | { [Key in keyof CalendarGameRow]: null };

/** The games of FEED_GAMES_SQL's rows. */
export const feedGamesOf = (rows: CalendarFeedRow[]): CalendarGame[] =>
  rows.filter((row): row is CalendarGameRow => row.gameId !== null).map(calendarGameOf);

/** Sends a calendar document with its ETag. */
function sendCalendar(res: Response, { body, etag }: CalendarDocument, filename?: string): void {
  res.setHeader('Cache-Control', CALENDAR_CACHE_CONTROL);
  res.setHeader('ETag', etag);
  if (filename) res.attachment(filename);
  res.type('text/calendar; charset=utf-8').send(body);
}

/** A feed is looked up by its address's SHA-256 (read.calendar_feeds.feed_hash). */
export const feedHash = (feedId: string) => createHash('sha256').update(feedId, 'utf8').digest('hex');

/** Calendar feeds and single-game files (issue #31; shared/src/contract/calendar.ts). */
export function calendarQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser; publicUrl: string }): Router {
  const router = Router();
  const guesses = new FeedGuesses();
  const feeds = new FeedDocuments(feedGamesOf, deps.publicUrl);

  router.get(CALENDAR_FEED_PATH, requireUser(deps.resolveUser), async (req, res: Response<CalendarFeedAnswer>) => {
    const { rows } = await deps.pool.query<{ feed_id: string }>(
      'SELECT feed_id FROM read.calendar_feeds WHERE user_id = $1',
      [req.user!.userId],
    );
    res.setHeader('Cache-Control', 'no-store');
    res.json({ url: rows[0] ? calendarFeedUrl(deps.publicUrl, rows[0].feed_id) : null });
  });

  // The address is the credential (calendar apps send no login), and it is looked up by its hash.
  router.get(CALENDAR_FEED_ROUTE, async (req, res) => {
    const feedId = /^(.*)\.ics$/.exec(req.params.file ?? '')?.[1] ?? '';
    if (!CALENDAR_FEED_ID.test(feedId)) throw new ApiError(404, 'feed_not_found', NO_SUCH_FEED);
    // Each network may ask for only so many unknown addresses (issue #41).
    const ip = req.ip ?? '';
    const wait = guesses.reserve(ip);
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      throw new ApiError(429, 'too_many_feed_guesses', CALENDAR_TEXTS.tooManyGuesses);
    }
    const hash = feedHash(feedId);
    const { rows } = await deps.pool.query<CalendarFeedRow>(FEED_GAMES_SQL, [hash, CALENDAR_FEED_DAYS_BACK]);
    if (rows.length === 0) {
      // An address that was replaced (or its account deleted) is no guess: calendar apps keep asking for it.
      const ended = await deps.pool.query('SELECT 1 FROM read.calendar_ended_feeds WHERE feed_hash = $1', [hash]);
      if (ended.rowCount) guesses.found(ip);
      throw new ApiError(404, 'feed_not_found', NO_SUCH_FEED);
    }
    guesses.found(ip);
    sendCalendar(res, feeds.documentOf(rows));
  });

  router.get(GAME_CALENDAR_PATH, async (req, res) => {
    const { gameId } = parseBody(gameIdQuery, req.query);
    const { rows } = await deps.pool.query<CalendarGameRow>(
      `SELECT ${GAME_COLUMNS}, NULL AS role FROM read.calendar_games c WHERE c.game_id = $1`,
      [gameId],
    );
    if (!rows[0]) throw new ApiError(404, 'game_not_found', NO_SUCH_GAME);
    sendCalendar(
      res,
      calendarDocument(calendarOf(rows.map(calendarGameOf), deps.publicUrl)),
      `${rows[0].name.replace(/[^\w -]+/g, '').trim() || 'game'}.ics`,
    );
  });

  return router;
}
