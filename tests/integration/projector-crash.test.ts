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

/** What each projector process logged (warnings and errors). */
const logs = new Map<ChildProcess, string>();

function startProjectorProcess(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  logs.set(child, '');
  child.stderr!.on('data', (chunk: Buffer) => logs.set(child, logs.get(child) + chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`projector process exited early (${code})`)));
  });
}

async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function fillLog(store: PostgresEventStore): Promise<void> {
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
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `accept` holds, failing after `timeoutMs`. */
async function until<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await sleep(20);
  }
}

/** The read model, for comparing a run with a clean rebuild. */
async function snapshot(pool: pg.Pool) {
  return {
    totals: (await pool.query('SELECT * FROM read.stream_totals ORDER BY stream_id')).rows,
    events: (
      await pool.query(
        'SELECT count(*)::int AS n, sum(n)::bigint AS sum, sum(global_position)::bigint AS positions FROM read.stream_events',
      )
    ).rows,
  };
}

async function eventsDone(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT COALESCE(SUM(events_done), 0)::bigint AS n FROM projection_checkpoints WHERE name = 'stream_totals'`,
  );
  return rows[0]?.n ?? 0;
}

/** Rebuilds the stream totals from the log in this process; the read model is then a clean rebuild. */
async function rebuildCleanly(store: PostgresEventStore, pool: pg.Pool, connectionString: string): Promise<void> {
  const projector = createProjector({
    store,
    pool,
    connectionString,
    projections: [streamTotalsProjection()],
    announcer: { announce: () => undefined },
    logger: pino({ level: 'silent' }),
    leaseHeartbeatMs: 100,
  });
  await projector.start();
  projector.rebuild('stream_totals');
  const deadlineRebuild = Date.now() + 60_000;
  while ((await projector.rebuildProgress('stream_totals'))?.status !== 'switched' && Date.now() < deadlineRebuild) {
    await sleep(100);
  }
  await projector.stop();
  expect((await projector.rebuildProgress('stream_totals'))?.status).toBe('switched');
}

/**
 * A fresh database holding the test log (fillLog), its event store and a pool, opened before the
 * suite's tests; after them, `beforeClose` runs (to end what the tests left running) and all is dropped.
 */
function filledLogSuite(prefix: string, beforeClose: () => Promise<void> = async () => undefined) {
  const log = {} as { url: string; store: PostgresEventStore; pool: pg.Pool; drop: () => Promise<void> };
  beforeAll(async () => {
    const database = await createTestDatabase(prefix);
    Object.assign(log, { url: database.url, drop: database.drop });
    log.store = await PostgresEventStore.connect(database.url);
    log.pool = createPool(database.url);
    await fillLog(log.store);
  });
  afterAll(async () => {
    await beforeClose();
    await log.store.close();
    await log.pool.end();
    await log.drop();
  });
  return log;
}

describe('projector crash safety', () => {
  const log = filledLogSuite('crash');

  it('after SIGKILLs at random points of a long catch-up, the read model equals a clean rebuild', async () => {
    // Each kill lands at a random point of its own stretch of the catch-up. The points are chosen by
    // progress, not by time: a catch-up of 30,000 events can finish within the first second, and a kill
    // after it would test nothing.
    const KILLS = 6;
    const progressAtKills: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const stretch = TOTAL_EVENTS / (KILLS + 1);
      const target = Math.floor(stretch * (kill + 0.1 + 0.8 * Math.random()));
      const child = await startProjectorProcess(log.url);
      const deadlineKill = Date.now() + 30_000;
      while ((await eventsDone(log.pool)) < target && Date.now() < deadlineKill) await sleep(2);
      await killHard(child);
      progressAtKills.push(await eventsDone(log.pool).catch(() => 0));
    }
    const last = await startProjectorProcess(log.url);
    const deadline = Date.now() + 60_000;
    while ((await eventsDone(log.pool)) < TOTAL_EVENTS && Date.now() < deadline) await sleep(100);
    await killHard(last);

    // The kills must have landed in the middle of the catch-up for the test to mean anything.
    expect(progressAtKills.every((done) => done > 0 && done < TOTAL_EVENTS)).toBe(true);
    expect(await eventsDone(log.pool)).toBe(TOTAL_EVENTS);
    const afterCrashes = await snapshot(log.pool);

    await rebuildCleanly(log.store, log.pool, log.url);
    expect(await snapshot(log.pool)).toEqual(afterCrashes);
    expect(afterCrashes.events).toEqual([
      { n: TOTAL_EVENTS, sum: (TOTAL_EVENTS * (TOTAL_EVENTS - 1)) / 2, positions: expect.any(Number) },
    ]);
  });
});

describe('projector hang safety', () => {
  const children: ChildProcess[] = [];
  const log = filledLogSuite('hang', async () => {
    for (const child of children) {
      child.kill('SIGCONT');
      await killHard(child);
    }
  });

  /** The pid of the process holding the stream totals' lease (holders are `host/pid/random`). */
  const holderPid = async () => {
    const { rows } = await log.pool.query<{ holder: string }>(
      `SELECT holder FROM projection_leases WHERE name = 'stream_totals' AND expires_at > now()`,
    );
    return rows[0] ? Number(rows[0].holder.split('/')[1]) : null;
  };

  it('a standby takes over within 5 s of a SIGSTOP of the owner, and the owner resumed by SIGCONT writes nothing', async () => {
    const first = await startProjectorProcess(log.url);
    children.push(first);
    await until(holderPid, (pid) => pid === first.pid, 10_000);
    const second = await startProjectorProcess(log.url);
    children.push(second);
    // The standby is up and trying: its one session, named after its holder, is there.
    await until(
      async () =>
        (
          await log.pool.query(`SELECT 1 FROM pg_stat_activity WHERE application_name LIKE $1`, [
            `playtime-leases %/${second.pid}/%`,
          ])
        ).rows.length,
      (sessions) => sessions === 1,
      10_000,
    );

    // Hung in the middle of the catch-up: it keeps its connections, its transactions and its lease.
    await until(
      () => eventsDone(log.pool),
      (done) => done >= TOTAL_EVENTS / 5,
      30_000,
    );
    first.kill('SIGSTOP');
    const stoppedAt = Date.now();
    const doneAtStop = await eventsDone(log.pool);
    expect(doneAtStop).toBeLessThan(TOTAL_EVENTS);

    // The standby owns the projection and the catch-up moves on. A batch the owner had sent before
    // the stop may still commit, so progress counts only once the standby holds the lease.
    await until(holderPid, (pid) => pid === second.pid, 6000);
    const tookOverAfter = Date.now() - stoppedAt;
    const doneAtTakeover = await eventsDone(log.pool);
    await until(
      () => eventsDone(log.pool),
      (done) => done > doneAtTakeover,
      6000,
    );
    const resumedAfter = Date.now() - stoppedAt;
    expect(resumedAfter).toBeLessThan(5000);

    // The zombie wakes up in the middle of the standby's catch-up, with a batch perhaps half sent.
    const doneAtResume = await eventsDone(log.pool);
    first.kill('SIGCONT');
    await until(
      () => eventsDone(log.pool),
      (done) => done === TOTAL_EVENTS,
      60_000,
    );
    // Nothing counted twice, and the resumed process is a standby now.
    await sleep(1500);
    expect(await eventsDone(log.pool)).toBe(TOTAL_EVENTS);
    expect(await holderPid()).toBe(second.pid);
    // It learnt that it no longer holds the projection: by the failed renewal, by the lease's time, or
    // because the database ended the transaction it was paused in (idle_in_transaction_session_timeout)
    // and closed its connection. The driver names that close by what the process did first on waking:
    // read from the closed socket (a connection error) or wrote to it (EPIPE).
    expect(logs.get(first)).toMatch(
      /another projector took over this projection|projection lease not renewed in time|Client has encountered a connection error|write EPIPE/,
    );
    console.info(
      `SIGSTOP at ${doneAtStop} of ${TOTAL_EVENTS} events; lease taken after ${tookOverAfter} ms, progress after ${resumedAfter} ms; SIGCONT at ${doneAtResume}`,
    );

    // It works as a standby: killing the new owner hands the projection back to it.
    await killHard(second);
    const killedAt = Date.now();
    await until(holderPid, (pid) => pid === first.pid, 6000);
    expect(Date.now() - killedAt).toBeLessThan(5000);
    await killHard(first);

    const afterHang = await snapshot(log.pool);
    expect(afterHang.events).toEqual([
      { n: TOTAL_EVENTS, sum: (TOTAL_EVENTS * (TOTAL_EVENTS - 1)) / 2, positions: expect.any(Number) },
    ]);
    await rebuildCleanly(log.store, log.pool, log.url);
    expect(await snapshot(log.pool)).toEqual(afterHang);
  });
});
