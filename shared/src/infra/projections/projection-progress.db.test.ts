import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/postgres';
import { migrate } from '../db/migrations';
import { createPool } from '../db/pool';
import { ProjectionProgress, ReadPosition, projectionSpan } from './projection-progress';
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

  it('knows where every projection had got as last read, follows them after a notice, and never goes back', async () => {
    await pool.query(`INSERT INTO projection_state (name, active_generation) VALUES ('others', 1)`);
    const position = new ReadPosition(pool, ['things', 'others'], 10);
    position.start(progress);
    // A projection without a checkpoint yet: nothing can be said.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(position.current).toBeNull();
    expect(await projectionSpan(pool, ['things', 'others'])).toBeNull();

    await pool.query(
      `INSERT INTO projection_checkpoints (name, generation, version, commit_id, position) VALUES ('others', 1, 1, 20, 3)`,
    );
    await moveTo(21, 1);
    await expect.poll(() => position.current, { timeout: 5000 }).toEqual({ commit: 20, position: 3 });
    expect(await projectionSpan(pool, ['things', 'others'])).toEqual({
      lowest: { commit: 20, position: 3 },
      highest: { commit: 21, position: 1 },
    });

    await pool.query(`UPDATE projection_checkpoints SET commit_id = 22, position = 7 WHERE name = 'others'`);
    await moveTo(22, 9);
    await expect.poll(() => position.current, { timeout: 5000 }).toEqual({ commit: 22, position: 7 });
    // A read that finds less (it cannot happen: checkpoints only move on) does not move it back.
    await pool.query(`UPDATE projection_checkpoints SET commit_id = 5, position = 1 WHERE name = 'others'`);
    await moveTo(22, 10);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(position.current).toEqual({ commit: 22, position: 7 });
  });
});
