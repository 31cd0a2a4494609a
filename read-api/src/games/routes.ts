import { Router } from 'express';
import type pg from 'pg';
import {
  geocodeQuery,
  gameIdQuery,
  LOCATION_ERROR,
  NO_SUCH_GAME,
  NO_LOCATION_RESULTS,
  gameSearchQuery,
  ORGANIZER_GAMES_LIMIT,
  SEARCH_RESULTS_LIMIT,
  seriesGamesQuery,
  type GameDetail,
  type GameSearchResult,
  type GeocodedLocation,
  type GameInList,
  type LinePlace,
  type Participant,
  type WaitlistPlace,
  type RemovedPlayer,
  type RegularGame,
} from '@playtime/shared/contract/games';
import type { OwnerGameDetails } from '@playtime/shared/contract/availability';
import type { ReadModelRow } from '@playtime/shared/contract/read-models';
import { ONLY_FIELD_OWNERS } from '@playtime/shared/domain/fields/messages';
import { FIELD_MANAGER_ROLES } from '@playtime/shared/domain/fields/rules';
import { rosterHistoryFor } from '@playtime/shared/domain/games/roster-privacy';
import { checkInTimesOf, type AttendanceStatus } from '@playtime/shared/domain/games/attendance-rules';
import { attendanceOf } from '@playtime/shared/domain/games/queries';
import { rosterReliabilityOf, type NoShowBan } from '@playtime/shared/domain/users/reliability';
import { standingsOf } from '../users/reliability';
import { optionalUser, requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { GeocoderUnavailableError, type Geocoder } from '@playtime/shared/infra/geocoding/port';

/** A game as the user's and the organizer's lists show it (spec §3 'Game in lists'). */
export const GAME_IN_LIST = `
  SELECT g.game_id AS "gameId", g.name, g.start_date AS "startDate", g.end_date AS "endDate",
         g.player_count AS "playerCount", g.sideline_count AS "sidelineCount", g.max_players AS "maxPlayers",
         g.field_name AS field, g.sub_field_name AS subfield,
         (g.price_cents / 100.0)::float8 AS price, g.organizer_username AS "organizerUsername", g.picture, g.status,
         g.cancellation_reason AS "cancellationReason",
         g.cancellation_window_hours AS "cancellationWindowHours", g.rental_cents::float8 AS "rentalCents",
         CASE WHEN g.series_id IS NULL THEN NULL
              ELSE json_build_object('seriesId', g.series_id, 'week', g.series_week, 'weeks', g.series_weeks) END AS series
    FROM read.games g`;

/**
 * Games within $3 metres of ($1, $2) that have not ended, nearest first, at most SEARCH_RESULTS_LIMIT
 * (the page sorts them by date, price or players itself, spec §9). The inner query walks the GiST
 * index on (place, end_date) nearest first (`<->`), skipping ended games inside the index, and stops
 * after the limit; the outer one keeps those within the distance. So a wide search over a dense area
 * reads only the games it can return. The bench runs this very text.
 */
export const SEARCH_GAMES_SQL = `
  SELECT g.game_id, g.name, g.location, g.start_date, g.end_date, (g.price_cents / 100.0)::float8 AS price,
         g.player_count AS "playerCount", g.sideline_count AS "sidelineCount", g.max_players, g.picture,
         (public.earth_distance(public.ll_to_earth($1, $2), g.place::public.earth) / 1000)::float8 AS "distanceKm"
    FROM (SELECT * FROM read.games
           WHERE status = 'scheduled' AND end_date > now()
             -- A series week shows once last week has ended and its regulars' window is over (issue #30).
             AND (public_from IS NULL OR public_from <= now())
             -- The cube around the search circle: the index walk stays inside it, nearest first.
             AND place OPERATOR(public.<@) public.earth_box(public.ll_to_earth($1, $2), $3)
           ORDER BY place OPERATOR(public.<->) public.ll_to_earth($1, $2)::public.cube
           LIMIT ${SEARCH_RESULTS_LIMIT}) g
   WHERE public.earth_distance(public.ll_to_earth($1, $2), g.place::public.earth) <= $3
   ORDER BY g.place OPERATOR(public.<->) public.ll_to_earth($1, $2)::public.cube`;

type ParticipantRow = ReadModelRow<
  'game_participants',
  {
    player_id: string;
    username: string;
    team: 0 | 1 | 2;
    play_time_seconds: number;
    play_start: Date | null;
    line_position: string | null;
    guests: number;
    guest_names: string[];
    offer_team: 1 | 2 | null;
    offer_expires_at: Date | null;
  }
>;

type AttendanceRow = ReadModelRow<
  'game_attendance',
  { player_id: string; checked_in: boolean; mark: AttendanceStatus | 'cleared' | null }
>;

/** A member's attendance as it counts (the decider's rule), from their row. */
const attendanceOfRow = (playerId: string, row: AttendanceRow | undefined) =>
  row
    ? attendanceOf(
        { checkedIn: row.checked_in ? [playerId] : [], marks: row.mark ? { [playerId]: row.mark } : {} },
        playerId,
      )
    : null;

const isoTimes = (times: ReturnType<typeof checkInTimesOf>) => ({
  opensAt: new Date(times.opensAt).toISOString(),
  closesAt: new Date(times.closesAt).toISOString(),
  marksCloseAt: new Date(times.marksCloseAt).toISOString(),
});

type WaitlistRow = ReadModelRow<
  'game_waitlist',
  { player_id: string; username: string; offer_expires_at: Date | null; guests: number }
>;

type GameRow = ReadModelRow<
  'games',
  {
    game_id: string;
    name: string;
    location: string;
    field_name: string;
    sub_field_name: string;
    player_count: number;
    sideline_count: number;
    max_players: number;
    price_cents: string;
    start_date: Date;
    end_date: Date;
    status: GameDetail['status'];
    cancellation_reason: GameDetail['cancellationReason'];
    organizer_username: string;
    organizer_id: string;
    picture: string;
    sideline_size: number | null;
    min_players: number | null;
    decision_at: Date | null;
    series_id: string | null;
    series_week: number | null;
    series_weeks: number | null;
    regulars_from: Date | null;
    public_from: Date | null;
    min_reliability: number | null;
    guests_per_player: number;
  }
>;

/** Queries about games (spec §7 game calls): search by distance, a game's page, and the lists. */
export function gameQueryRoutes(deps: {
  pool: pg.Pool;
  resolveUser: ResolveUser;
  geocoder: Geocoder;
  noShowBan: NoShowBan;
}): Router {
  const router = Router();

  // The search's location box: where a typed ZIP code or US city is.
  router.get('/api/geocode', async (req, res) => {
    const { q } = parseBody(geocodeQuery, req.query);
    const place = await deps.geocoder.geocodePlace(q).catch((error: unknown) => {
      if (error instanceof GeocoderUnavailableError) throw new ApiError(503, 'geocoder_unavailable', LOCATION_ERROR);
      throw error;
    });
    if (!place) throw new ApiError(404, 'location_not_found', NO_LOCATION_RESULTS);
    const location: GeocodedLocation = place;
    res.json(location);
  });

  // Anyone may look at a game: its page is what a player shares. Who was removed, and whose entries
  // are held, only its organizer and admins are told in full (rosterHistoryFor).
  router.get('/api/get-game-data', optionalUser(deps.resolveUser), async (req, res) => {
    const { gameId } = parseBody(gameIdQuery, req.query);
    const [games, participants, waiting, entries, removals, clock, regulars, attendance, payments] = await Promise.all([
      deps.pool.query<GameRow>(
        `SELECT game_id, name, location, field_name, sub_field_name, player_count, sideline_count, max_players, price_cents,
                start_date, end_date, status, cancellation_reason, organizer_username, organizer_id, picture,
                sideline_size, min_players, decision_at, series_id, series_week, series_weeks, regulars_from, public_from,
                min_reliability, guests_per_player
           FROM read.games WHERE game_id = $1`,
        [gameId],
      ),
      deps.pool.query<ParticipantRow>(
        `SELECT player_id, username, team, play_time_seconds, play_start, line_position, offer_team, offer_expires_at,
                guests, guest_names
           FROM read.game_participants WHERE game_id = $1 ORDER BY joined_position`,
        [gameId],
      ),
      deps.pool.query<WaitlistRow>(
        `SELECT player_id, username, offer_expires_at, guests FROM read.game_waitlist WHERE game_id = $1 ORDER BY joined_position`,
        [gameId],
      ),
      deps.pool.query<ReadModelRow<'game_entries', { player_id: string }>>(
        `SELECT e.player_id FROM read.game_entries e
          WHERE e.game_id = $1 AND NOT e.refunded
            AND NOT EXISTS (SELECT 1 FROM read.game_participants p WHERE p.game_id = e.game_id AND p.player_id = e.player_id)`,
        [gameId],
      ),
      deps.pool.query<RemovedPlayer>(
        `SELECT r.player_id AS "userId", r.username,
                EXISTS (SELECT 1 FROM read.game_entries e WHERE e.game_id = r.game_id AND e.player_id = r.player_id AND e.refunded) AS "entryRefunded",
                EXISTS (SELECT 1 FROM read.game_entries e WHERE e.game_id = r.game_id AND e.player_id = r.player_id AND e.refunded AND e.held) AS "entryReleased"
           FROM read.game_removals r WHERE r.game_id = $1 ORDER BY r.removed_at, r.player_id`,
        [gameId],
      ),
      deps.pool.query<{ now: Date }>('SELECT now() AS now'),
      deps.pool.query<ReadModelRow<'game_regulars', { player_id: string; username: string }>>(
        'SELECT player_id, username FROM read.game_regulars WHERE game_id = $1 ORDER BY username, player_id',
        [gameId],
      ),
      deps.pool.query<AttendanceRow>(
        'SELECT player_id, checked_in, mark FROM read.game_attendance WHERE game_id = $1',
        [gameId],
      ),
      // Issue #45: the standing entries, charged or only held, so the page says refunded or released.
      deps.pool.query<{ charged: number; held: number }>(
        `SELECT count(*) FILTER (WHERE NOT held)::int AS charged, count(*) FILTER (WHERE held)::int AS held
           FROM read.game_entries WHERE game_id = $1 AND NOT refunded`,
        [gameId],
      ),
    ]);
    const game = games.rows[0];
    if (!game) throw new ApiError(404, 'game_not_found', NO_SUCH_GAME);
    const attendanceBy = new Map(attendance.rows.map((row) => [row.player_id, row]));
    const standings = await standingsOf(
      deps.pool,
      participants.rows.map((row) => row.player_id),
      deps.noShowBan,
    );
    const checkedIn = (playerId: string) => attendanceBy.get(playerId)?.checked_in ?? false;
    const roster = (team: 0 | 1 | 2): Participant[] =>
      participants.rows
        .filter((row) => row.team === team)
        .map((row) => ({
          userId: row.player_id,
          username: row.username,
          team,
          playTime: row.play_time_seconds,
          playStart: row.play_start?.toISOString() ?? null,
          checkedIn: checkedIn(row.player_id),
          attendance: attendanceOfRow(row.player_id, attendanceBy.get(row.player_id)),
          reliability: rosterReliabilityOf(standings.get(row.player_id)!),
          guests: row.guests,
          guestNames: row.guest_names,
        }));
    // The line: sideline members by when they came to its back (bigint positions, compared as numbers).
    const line: LinePlace[] = participants.rows
      .filter((row) => row.team === 0 && row.line_position !== null)
      .sort((a, b) => Number(a.line_position) - Number(b.line_position))
      .map((row, index) => ({
        userId: row.player_id,
        username: row.username,
        position: index + 1,
        offer:
          row.offer_team !== null && row.offer_expires_at !== null
            ? { team: row.offer_team, expiresAt: row.offer_expires_at.toISOString() }
            : null,
      }));
    const waitlist: WaitlistPlace[] = waiting.rows.map((row, index) => ({
      userId: row.player_id,
      username: row.username,
      guests: row.guests,
      position: index + 1,
      offer: row.offer_expires_at ? { expiresAt: row.offer_expires_at.toISOString() } : null,
    }));
    const detail: GameDetail = {
      gameId: game.game_id,
      name: game.name,
      location: game.location,
      field_name: game.field_name,
      sub_field_name: game.sub_field_name,
      playerCount: game.player_count,
      sidelineCount: game.sideline_count,
      max_players: game.max_players,
      price: Number(game.price_cents) / 100,
      priceCents: Number(game.price_cents),
      start_date: game.start_date.toISOString(),
      end_date: game.end_date.toISOString(),
      status: game.status,
      cancellationReason: game.cancellation_reason,
      team_1: roster(1),
      team_2: roster(2),
      sideline: roster(0),
      organizerUsername: game.organizer_username,
      organizer_id: game.organizer_id,
      picture: game.picture,
      ...rosterHistoryFor(req.user ?? null, game.organizer_id, {
        heldEntries: entries.rows.map((row) => row.player_id),
        removed: removals.rows,
      }),
      // Ids alone, for everyone: the page announces a removal as one (issue #41); the names and
      // refunds of removals stay the organizer's.
      removedPlayerIds: removals.rows.map((row) => row.userId),
      line,
      waitlist,
      sidelineSize: game.sideline_size,
      minPlayers: game.min_players,
      decisionAt: game.decision_at?.toISOString() ?? null,
      series:
        game.series_id === null
          ? null
          : {
              seriesId: game.series_id,
              week: game.series_week!,
              weeks: game.series_weeks!,
              regularsFrom: game.regulars_from?.toISOString() ?? null,
              publicFrom: game.public_from?.toISOString() ?? null,
              regulars: regulars.rows.map((row) => ({ userId: row.player_id, username: row.username })),
            },
      minReliability: game.min_reliability,
      guestsPerPlayer: game.guests_per_player,
      entryPayments: payments.rows[0] ?? { charged: 0, held: 0 },
      checkIn: {
        ...isoTimes(checkInTimesOf(game.start_date.getTime(), game.end_date.getTime())),
        checkedIn: participants.rows.filter((row) => checkedIn(row.player_id)).length,
      },
      serverTime: clock.rows[0]!.now.toISOString(),
    };
    res.json(detail);
  });

  // Search by distance (kilometres, spec §7).
  router.get('/api/get-games', async (req, res) => {
    const { latitude, longitude, distance } = parseBody(gameSearchQuery, req.query);
    const { rows } = await deps.pool.query<GameSearchResult>(SEARCH_GAMES_SQL, [latitude, longitude, distance * 1000]);
    res.json(rows);
  });

  // The profile's recent games: the ones the user is in, most recent first.
  router.get('/api/get-user-games', requireUser(deps.resolveUser), async (req, res) => {
    const { rows } = await deps.pool.query<GameInList>(
      `${GAME_IN_LIST} JOIN read.game_participants p ON p.game_id = g.game_id
        WHERE p.player_id = $1 ORDER BY g.start_date DESC, g.game_id LIMIT 20`,
      [req.user!.userId],
    );
    res.json(rows);
  });

  // The organizer's upcoming games (spec §9): not ended, not cancelled, soonest first, at most 4.
  router.get('/api/get-organizer-games', requireUser(deps.resolveUser), async (req, res) => {
    const { rows } = await deps.pool.query<GameInList>(
      `${GAME_IN_LIST} WHERE g.organizer_id = $1 AND g.status = 'scheduled' AND g.end_date > now()
        ORDER BY g.start_date, g.game_id LIMIT ${ORGANIZER_GAMES_LIMIT}`,
      [req.user!.userId],
    );
    res.json(rows);
  });

  // Issue #30: the series weeks the caller may join first now (their profile's 'Join next …' button).
  router.get('/api/get-regular-games', requireUser(deps.resolveUser), async (req, res) => {
    const { rows } = await deps.pool.query<RegularGame>(
      `${GAME_IN_LIST.replace('SELECT ', 'SELECT g.public_from AS "publicFrom", ')}
         JOIN read.game_regulars r ON r.game_id = g.game_id
        WHERE r.player_id = $1 AND g.status = 'scheduled' AND g.end_date > now()
          AND g.regulars_from <= now() AND g.public_from > now()
          AND NOT EXISTS (SELECT 1 FROM read.game_participants p WHERE p.game_id = g.game_id AND p.player_id = r.player_id)
        ORDER BY g.start_date, g.game_id`,
      [req.user!.userId],
    );
    res.json(rows);
  });

  // Issue #30: every week of the organizer's series, for 'Cancel the rest of the series' to list the refunds.
  router.get('/api/get-series-games', requireUser(deps.resolveUser), async (req, res) => {
    const { seriesId } = parseBody(seriesGamesQuery, req.query);
    const { rows } = await deps.pool.query<GameInList & { organizerId: string }>(
      `${GAME_IN_LIST.replace('SELECT ', 'SELECT g.organizer_id AS "organizerId", ')} WHERE g.series_id = $1 ORDER BY g.series_week`,
      [seriesId],
    );
    if (rows.length === 0) throw new ApiError(404, 'series_not_found', 'There is no series with this id.');
    if (rows[0]!.organizerId !== req.user!.userId && req.user!.role !== 'admin')
      throw new ApiError(403, 'not_your_series', 'Only the captain of this series can see its weeks here.');
    res.json(rows.map(({ organizerId: _organizer, ...game }) => game));
  });

  // A game tile on the owner's timeline: only the field's owner (or an admin) sees who organized it.
  router.get(
    '/api/owner-get-game-data',
    requireUser(deps.resolveUser, FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS),
    async (req, res) => {
      const { gameId } = parseBody(gameIdQuery, req.query);
      const { rows } = await deps.pool.query<OwnerGameDetails & { ownerId: string }>(
        `SELECT g.name, g.location, (g.price_cents / 100.0)::float8 AS price, g.max_players AS "maxPlayers", g.player_count AS "playerCount",
              u.email AS "organizerEmail", u.profile_picture AS "organizerProfilePicture", g.owner_id AS "ownerId"
         FROM read.games g LEFT JOIN read.users u ON u.user_id = g.organizer_id
        WHERE g.game_id = $1`,
        [gameId],
      );
      const game = rows[0];
      if (!game) throw new ApiError(404, 'game_not_found', NO_SUCH_GAME);
      if (game.ownerId !== req.user!.userId && req.user!.role !== 'admin')
        throw new ApiError(403, 'not_your_field', 'This game is not on one of your fields.');
      const { ownerId: _owner, ...details } = game;
      res.json(details);
    },
  );

  return router;
}
