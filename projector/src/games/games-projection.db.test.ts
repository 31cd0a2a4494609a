import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type pg from 'pg';
import { fold } from '@playtime/shared/domain/decider';
import { gameDecider, type GameCommand } from '@playtime/shared/domain/games/decider';
import { lineOf, waitlistOf } from '@playtime/shared/domain/games/queries';
import { gameStream, type GameDetails, type GameEvent } from '@playtime/shared/domain/games/events';
import { createPool } from '@playtime/shared/infra/db/pool';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
import { testGameDetails } from '@playtime/shared/testing/games';
import { createTestDatabase } from '../../../tests/support/postgres';
import { createProjector, type Projector } from '../runtime/projector';
import { gamesProjection } from './games-projection';
import type { ChangeNotice } from '@playtime/shared/contract/realtime';
import { compareCheckpoints, parseCheckpoint, type LogCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';

const game = (gameId: string, latitude: number, longitude: number): GameDetails =>
  testGameDetails({ gameId, name: `${gameId} game`, latitude, longitude });

describe('games projection', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  let pool: pg.Pool;
  let projector: Projector;
  /** What the projector announced, batch by batch, from the first test on. */
  const notices: ChangeNotice[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('games');
    store = await PostgresEventStore.connect(database.url);
    pool = createPool(database.url);
  });
  afterAll(async () => {
    await projector?.stop();
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('keeps the roster, counts and play time exactly as the decider folds them, and finds games by distance', async () => {
    // The commands run through the decider, so the log holds what the command side would append.
    const history: GameEvent[] = [];
    const run = (command: GameCommand, iso: string, actorId: string) => {
      history.push(
        ...gameDecider.decide(command, fold(gameDecider, history), { now: new Date(iso), newId: () => 'x', actorId }),
      );
    };
    run(
      { type: 'ScheduleGame', details: game('manhattan', 40.7506, -73.9972), rentalPaymentId: null, rentalCents: 0 },
      '2026-11-22T10:00:00.000Z',
      'captain',
    );
    for (const player of ['ann', 'bob', 'cy'])
      run(
        { type: 'JoinGame', playerId: player, username: player, team: 0, payment: null },
        '2026-11-22T10:00:00.000Z',
        player,
      );
    run({ type: 'MovePlayer', playerId: 'ann', to: 1, actorIsAdmin: false }, '2026-11-22T17:30:00.000Z', 'ann');
    run({ type: 'MovePlayer', playerId: 'bob', to: 2, actorIsAdmin: false }, '2026-11-22T18:05:00.000Z', 'bob');
    run(
      { type: 'SwitchPlayers', incomingId: 'cy', outgoingId: 'ann', actorIsAdmin: false },
      '2026-11-22T18:30:15.000Z',
      'captain',
    );
    run({ type: 'MovePlayer', playerId: 'cy', to: 2, actorIsAdmin: false }, '2026-11-22T18:40:00.000Z', 'cy');
    run({ type: 'LeaveGame', playerId: 'bob' }, '2026-11-22T18:50:00.000Z', 'bob');
    await store.appendToStream(gameStream('manhattan'), history, { expectedRevision: 'no_stream' });
    const philadelphia: GameEvent[] = [];
    philadelphia.push(
      ...gameDecider.decide(
        {
          type: 'ScheduleGame',
          details: game('philadelphia', 39.9526, -75.1652),
          rentalPaymentId: null,
          rentalCents: 0,
        },
        fold(gameDecider, []),
        { now: new Date(), newId: () => 'x', actorId: 'captain' },
      ),
    );
    const last = await store.appendToStream(gameStream('philadelphia'), philadelphia, {
      expectedRevision: 'no_stream',
    });

    projector = createProjector({
      store,
      pool,
      connectionString: database.url,
      projections: [gamesProjection],
      announcer: { announce: (notice) => void notices.push(notice) },
      logger: pino({ level: 'silent' }),
    });
    await projector.start();
    const progress = new ProjectionProgress(pool, database.url);
    await progress.start();
    expect(await progress.waitFor(['games'], last.checkpoint, 10_000)).toBe(true);
    await progress.close();

    const state = fold(gameDecider, history);
    if (state.status !== 'scheduled') throw new Error('the game should be scheduled');
    const { rows: roster } = await pool.query(
      `SELECT player_id, team, play_time_seconds, play_start FROM read.game_participants WHERE game_id = 'manhattan' ORDER BY joined_position`,
    );
    expect(roster).toEqual(
      state.participants.map((participant) => ({
        player_id: participant.playerId,
        team: participant.team,
        play_time_seconds: participant.playedSeconds,
        play_start: participant.onPitchSince === null ? null : new Date(participant.onPitchSince),
      })),
    );
    // ann played 18:00 to 18:30:15 and sits out; cy has been on since 18:30:15 (team 1, then team 2).
    expect(roster).toEqual([
      { player_id: 'ann', team: 0, play_time_seconds: 1815, play_start: null },
      { player_id: 'cy', team: 2, play_time_seconds: 0, play_start: new Date('2026-11-22T18:30:15.000Z') },
    ]);
    const { rows: counts } = await pool.query(
      `SELECT player_count, sideline_count FROM read.games WHERE game_id = 'manhattan'`,
    );
    expect(counts).toEqual([{ player_count: 1, sideline_count: 1 }]);

    // 10 miles around Penn Station finds Manhattan, not Philadelphia (about 130 km away).
    const near = (km: number) =>
      pool.query<{ game_id: string }>(
        `SELECT game_id FROM read.games
          WHERE public.earth_box(public.ll_to_earth(40.7506, -73.9972), $1) OPERATOR(public.@>) place
            AND public.earth_distance(public.ll_to_earth(40.7506, -73.9972), place::public.earth) <= $1
          ORDER BY game_id`,
        [km * 1000],
      );
    expect((await near(16)).rows.map((row) => row.game_id)).toEqual(['manhattan']);
    expect((await near(161)).rows.map((row) => row.game_id)).toEqual(['manhattan', 'philadelphia']);

    // Announced after the batch commits: a reader may see the commit first.
    await expect
      .poll(() => new Set(notices.flatMap((notice) => notice.keys)))
      .toEqual(
        new Set([
          'game:manhattan',
          'game:philadelphia',
          'user:captain',
          'user:ann',
          'user:bob',
          'user:cy',
          'owner:owner',
          'field:f1',
          'admin',
        ]),
      );
  });

  it('keeps the line for team spots, the waitlist and their offers as the decider folds them (issue #29)', async () => {
    // Runs after the test above, on its projector.
    const history: GameEvent[] = [];
    let minute = 0;
    const run = (command: GameCommand, actorId: string | null) => {
      const now = new Date(Date.parse('2026-11-21T10:00:00.000Z') + (minute += 1) * 60_000);
      history.push(...gameDecider.decide(command, fold(gameDecider, history), { now, newId: () => 'x', actorId }));
    };
    const details = testGameDetails({
      gameId: 'full',
      maxPlayers: 14,
      sidelineSize: 2,
      minPlayers: 10,
      decisionHours: 5,
    });
    run({ type: 'ScheduleGame', details, rentalPaymentId: null, rentalCents: 0 }, 'captain');
    const join = (playerId: string, team: 0 | 1 | 2) =>
      run({ type: 'JoinGame', playerId, username: playerId, team, payment: null }, playerId);
    for (let n = 0; n < 14; n++) join(`p${n}`, n < 7 ? 1 : 2);
    join('s1', 0);
    join('s2', 0);
    for (const waiting of ['w1', 'w2', 'w3'])
      run({ type: 'JoinWaitlist', playerId: waiting, username: waiting }, waiting);
    run({ type: 'LeaveGame', playerId: 'p0' }, 'p0');
    run({ type: 'DeclineSpot', playerId: 's1' }, 's1');
    run({ type: 'LeaveWaitlist', playerId: 'w2' }, 'w2');
    run({ type: 'MovePlayer', playerId: 'p8', to: 0, actorIsAdmin: false }, 'p8');
    // Appended at today's schema versions, as the command side does (GameScheduled at version 2).
    const last = await checkEventSchemas(store).appendToStream(gameStream('full'), history, {
      expectedRevision: 'no_stream',
    });
    const progress = new ProjectionProgress(pool, database.url);
    await progress.start();
    expect(await progress.waitFor(['games'], last.checkpoint, 10_000)).toBe(true);
    await progress.close();

    const state = fold(gameDecider, history);
    const line = lineOf(state);
    const waitlist = waitlistOf(state);
    // Something to compare: offers on both lists, and a line reordered by the decline and the move.
    expect(line.map((place) => place.playerId)).toEqual(['s2', 's1', 'p8']);
    expect(line.some((place) => place.offer !== null)).toBe(true);
    expect(waitlist.some((place) => place.offer !== null)).toBe(true);
    const { rows: lineRows } = await pool.query(
      `SELECT player_id, offer_team, offer_expires_at FROM read.game_participants
        WHERE game_id = 'full' AND team = 0 ORDER BY line_position`,
    );
    expect(lineRows).toEqual(
      line.map((place) => ({
        player_id: place.playerId,
        offer_team: place.offer?.team ?? null,
        offer_expires_at: place.offer ? new Date(place.offer.expiresAt) : null,
      })),
    );
    const { rows: waitlistRows } = await pool.query(
      `SELECT player_id, offer_expires_at FROM read.game_waitlist WHERE game_id = 'full' ORDER BY joined_position`,
    );
    expect(waitlistRows).toEqual(
      waitlist.map((place) => ({
        player_id: place.playerId,
        offer_expires_at: place.offer ? new Date(place.offer.expiresAt) : null,
      })),
    );
    const { rows: game } = await pool.query(
      `SELECT sideline_size, min_players, decision_at FROM read.games WHERE game_id = 'full'`,
    );
    expect(game).toEqual([{ sideline_size: 2, min_players: 10, decision_at: new Date('2026-11-22T13:00:00.000Z') }]);
  });

  it("tells a field's followers of a game only when its check-in count may change, not when it is made or joined", async () => {
    // Runs after the tests above, on their projector. A field's page shows its bookings (the bookings read
    // model) and, of each booked game, how many checked in.
    const history: GameEvent[] = [];
    const run = (command: GameCommand, actorId: string) =>
      history.push(
        ...gameDecider.decide(command, fold(gameDecider, history), {
          now: new Date('2026-11-22T10:00:00.000Z'),
          newId: () => 'x',
          actorId,
        }),
      );
    run(
      {
        type: 'ScheduleGame',
        details: testGameDetails({ gameId: 'checkins', fieldId: 'f2' }),
        rentalPaymentId: null,
        rentalCents: 0,
      },
      'captain',
    );
    for (const player of ['dee', 'eve'])
      run({ type: 'JoinGame', playerId: player, username: player, team: 1, payment: null }, player);
    const made = await store.appendToStream(gameStream('checkins'), history, { expectedRevision: 'no_stream' });
    const announcedSince = async (after: LogCheckpoint, through: LogCheckpoint) => {
      const progress = new ProjectionProgress(pool, database.url);
      await progress.start();
      expect(await progress.waitFor(['games'], through, 10_000)).toBe(true);
      await progress.close();
      // Each notice is announced after its batch commits: wait for the one that reached `through`.
      const reached = (notice: ChangeNotice) => compareCheckpoints(parseCheckpoint(notice.checkpoint)!, through) >= 0;
      await expect.poll(() => notices.some(reached)).toBe(true);
      return notices
        .filter((notice) => compareCheckpoints(parseCheckpoint(notice.checkpoint)!, after) > 0)
        .flatMap((notice) => notice.keys);
    };
    const before = parseCheckpoint(notices.at(-1)!.checkpoint)!;
    const madeKeys = await announcedSince(before, made.checkpoint);
    expect(madeKeys).toContain('game:checkins');
    expect(madeKeys).not.toContain('field:f2');

    const checkedIn = await store.appendToStream(
      gameStream('checkins'),
      [
        {
          type: 'PlayerCheckedIn',
          data: { gameId: 'checkins', playerId: 'dee', window: 0, at: '2026-11-22T17:55:00.000Z' },
        },
      ],
      { expectedRevision: made.nextRevision },
    );
    expect(await announcedSince(made.checkpoint, checkedIn.checkpoint)).toContain('field:f2');
  });
});
