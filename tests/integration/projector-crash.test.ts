import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type pg from 'pg';
import { createPool } from '@playtime/shared/infra/db/pool';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { createProjector } from '@playtime/projector/runtime/projector';
import { streamTotalsProjection } from '@playtime/projector/runtime/testing/stream-totals-projection';
import { createTestDatabase } from '../support/postgres';

const TOTAL_EVENTS = 30_000;
const script = path.resolve(import.meta.dirname, '../support/crash-projector-process.ts');

function startProjectorProcess(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`projector process exited early (${code})`)));
  });
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('projector crash safety', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase('crash');
    store = await PostgresEventStore.connect(database.url);
    pool = createPool(database.url);
    for (let i = 0; i < TOTAL_EVENTS; i += 1000) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          store.appendToStream(
            `crash-${j}`,
            Array.from({ length: 50 }, (_, k) => ({ type: 'Counted', data: { n: i + j * 50 + k } })),
            { expectedRevision: 'any' },
          ),
        ),
      );
    }
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  const eventsDone = async () =>
    (
      await pool.query<{ n: number }>(
        `SELECT COALESCE(SUM(events_done), 0)::bigint AS n FROM projection_checkpoints WHERE name = 'stream_totals'`,
      )
    ).rows[0]?.n ?? 0;
  const snapshot = async () => ({
    totals: (await pool.query('SELECT * FROM read.stream_totals ORDER BY stream_id')).rows,
    events: (
      await pool.query(
        'SELECT count(*)::int AS n, sum(n)::bigint AS sum, sum(global_position)::bigint AS positions FROM read.stream_events',
      )
    ).rows,
  });

  it('after SIGKILLs at random points of a long catch-up, the read model equals a clean rebuild', async () => {
    // Each kill lands at a random point of its own stretch of the catch-up. The points are chosen by
    // progress, not by time: a catch-up of 30,000 events can finish within the first second, and a kill
    // after it would test nothing.
    const KILLS = 6;
    const progressAtKills: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const stretch = TOTAL_EVENTS / (KILLS + 1);
      const target = Math.floor(stretch * (kill + 0.1 + 0.8 * Math.random()));
      const child = await startProjectorProcess(database.url);
      const deadlineKill = Date.now() + 30_000;
      while ((await eventsDone()) < target && Date.now() < deadlineKill)
        await new Promise((resolve) => setTimeout(resolve, 2));
      await killHard(child);
      progressAtKills.push(await eventsDone().catch(() => 0));
    }
    const last = await startProjectorProcess(database.url);
    const deadline = Date.now() + 60_000;
    while ((await eventsDone()) < TOTAL_EVENTS && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await killHard(last);

    // The kills must have landed in the middle of the catch-up for the test to mean anything.
    expect(progressAtKills.every((done) => done > 0 && done < TOTAL_EVENTS)).toBe(true);
    expect(await eventsDone()).toBe(TOTAL_EVENTS);
    const afterCrashes = await snapshot();

    const projector = createProjector({
      store,
      pool,
      connectionString: database.url,
      projections: [streamTotalsProjection()],
      announcer: { announce: () => undefined },
      logger: pino({ level: 'silent' }),
      leaseHeartbeatMs: 100,
    });
    await projector.start();
    projector.rebuild('stream_totals');
    const deadlineRebuild = Date.now() + 60_000;
    while ((await projector.rebuildProgress('stream_totals'))?.status !== 'switched' && Date.now() < deadlineRebuild) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await projector.stop();
    expect((await projector.rebuildProgress('stream_totals'))?.status).toBe('switched');
    expect(await snapshot()).toEqual(afterCrashes);
    expect(afterCrashes.events).toEqual([
      { n: TOTAL_EVENTS, sum: (TOTAL_EVENTS * (TOTAL_EVENTS - 1)) / 2, positions: expect.any(Number) },
    ]);
  });
});
