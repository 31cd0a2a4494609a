import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/postgres';
import { migrate } from '../db/migrations';
import { createPool } from '../db/pool';
import { ProjectionProgress } from './projection-progress';
import { PROJECTION_PROGRESS_CHANNEL, projectionMigrations } from './schema';

describe('ProjectionProgress (real PostgreSQL)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;
  let progress: ProjectionProgress;

  /** Moves the projection's checkpoint the way the runner does: the row, then a notice. */
  const moveTo = async (commit: number, position: number) => {
    await pool.query('UPDATE projection_checkpoints SET commit_id = $1, position = $2 WHERE name = $3', [
      commit,
      position,
      'things',
    ]);
    await pool.query('SELECT pg_notify($1, $2)', [PROJECTION_PROGRESS_CHANNEL, 'things']);
  };
  const listeners = async () =>
    (
      await pool.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
        [`playtime-listen-${PROJECTION_PROGRESS_CHANNEL}`],
      )
    ).rows[0].n as number;

  beforeAll(async () => {
    database = await createTestDatabase('progress');
    pool = createPool(database.url, { max: 4 });
    await migrate(pool, 'projections', projectionMigrations);
    await pool.query(`INSERT INTO projection_state (name, active_generation) VALUES ('things', 1)`);
    await pool.query(`INSERT INTO projection_checkpoints (name, generation, version) VALUES ('things', 1, 1)`);
    progress = new ProjectionProgress(pool, database.url);
    await progress.start();
  });
  afterAll(async () => {
    await progress.close();
    await pool.end();
    await database.drop();
  });

  it('answers once the projection reaches the position, and false when the wait runs out', async () => {
    const waiting = progress.waitFor(['things'], { commit: 10, position: 5 }, 3000);
    setTimeout(() => void moveTo(10, 5), 50);
    expect(await waiting).toBe(true);
    expect(await progress.waitFor(['things'], { commit: 11, position: 1 }, 150)).toBe(false);
  });

  it('listens again after its connection is cut, and keeps answering', async () => {
    expect(await listeners()).toBe(1);
    await pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
      [`playtime-listen-${PROJECTION_PROGRESS_CHANNEL}`],
    );
    /** Polls the listener count until it is `count` (the cut backend lingers in pg_stat_activity a moment). */
    const listenersBecome = async (count: number) => {
      const started = Date.now();
      while ((await listeners()) !== count && Date.now() - started < 10_000)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return listeners();
    };
    expect(await listenersBecome(0)).toBe(0);
    expect(await listenersBecome(1)).toBe(1);
    const waiting = progress.waitFor(['things'], { commit: 12, position: 1 }, 3000);
    setTimeout(() => void moveTo(12, 1), 50);
    expect(await waiting).toBe(true);
  });
});
