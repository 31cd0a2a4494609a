import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type pg from 'pg';
import { fold } from '@playtime/shared/domain/decider';
import { gameDecider, type GameCommand } from '@playtime/shared/domain/games/decider';
import { gameStream, type GameDetails, type GameEvent } from '@playtime/shared/domain/games/events';
import { createPool } from '@playtime/shared/infra/db/pool';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
import { testGameDetails } from '@playtime/shared/testing/games';
import { createTestDatabase } from '../../../tests/support/postgres';
import { createProjector, type Projector } from '../runtime/projector';
import { gamesProjection } from './games-projection';

const game = (gameId: string, latitude: number, longitude: number): GameDetails =>
  testGameDetails({ gameId, name: `${gameId} game`, latitude, longitude });

describe('games projection', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  let pool: pg.Pool;
  let projector: Projector;

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

    const notices: string[][] = [];
    projector = createProjector({
      store,
      pool,
      connectionString: database.url,
      projections: [gamesProjection],
      announcer: { announce: (notice) => void notices.push(notice.keys) },
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
      .poll(() => new Set(notices.flat()))
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
});
