import { Router } from 'express';
import type pg from 'pg';
import type { GameInList } from '@playtime/shared/contract/games';
import {
  ORGANIZER_GAME_LIST_PATH,
  organizerGameListQuery,
  type OrganizerGameList,
  type OrganizerGameListEntry,
} from '@playtime/shared/contract/organizer-games';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { parseBody } from '@playtime/shared/infra/http/errors';
import { GAME_IN_LIST } from './routes';

/**
 * The organizer's entries: a series (all its weeks) or a single game, each upcoming while one of its
 * games has not ended. A page of them ($2 upcoming or past, $3 per page from $4), upcoming by the start
 * of their next game, past by their last end, newest first; and how many there are in all.
 */
const ENTRIES_PAGE_SQL = `
  WITH entries AS (
    SELECT coalesce(series_id, game_id) AS entry_id,
           bool_or(end_date > now()) AS upcoming,
           min(start_date) FILTER (WHERE end_date > now()) AS next_start,
           max(end_date) AS last_end
      FROM read.games WHERE organizer_id = $1
     GROUP BY coalesce(series_id, game_id)
  ), chosen AS (
    SELECT entry_id FROM entries WHERE upcoming = $2
     ORDER BY CASE WHEN $2 THEN next_start END, last_end DESC, entry_id
     LIMIT $3 OFFSET $4
  )
  SELECT (SELECT count(*) FROM entries WHERE upcoming = $2)::int AS total,
         coalesce((SELECT array_agg(entry_id) FROM chosen), '{}') AS ids`;

/** Issue #41: GET /api/get-organizer-game-list, the organizer's every game and series, a page at a time. */
export function organizerGameListRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();
  router.get(ORGANIZER_GAME_LIST_PATH, requireUser(deps.resolveUser), async (req, res) => {
    const { when, page, pageSize } = parseBody(organizerGameListQuery, req.query);
    const organizerId = req.user!.userId;
    const { rows } = await deps.pool.query<{ total: number; ids: string[] }>(ENTRIES_PAGE_SQL, [
      organizerId,
      when === 'upcoming',
      pageSize,
      page * pageSize,
    ]);
    const { total, ids } = rows[0]!;
    const games =
      ids.length === 0
        ? []
        : (
            await deps.pool.query<GameInList>(
              `${GAME_IN_LIST} WHERE g.organizer_id = $1 AND coalesce(g.series_id, g.game_id) = ANY($2::text[])
                ORDER BY g.start_date, g.game_id`,
              [organizerId, ids],
            )
          ).rows;
    const entries = ids.map((id): OrganizerGameListEntry => {
      const weeks = games.filter((game) => (game.series?.seriesId ?? game.gameId) === id);
      const first = weeks[0]!;
      return first.series ? { kind: 'series', seriesId: id, name: first.name, weeks } : { kind: 'game', game: first };
    });
    const list: OrganizerGameList = { entries, total, page, pageSize };
    res.json(list);
  });
  return router;
}
