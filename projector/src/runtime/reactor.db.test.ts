import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type pg from 'pg';
import { createPool } from '@playtime/shared/infra/db/pool';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { createJobQueue } from '@playtime/shared/infra/jobs/bullmq-job-queue';
import { selectJobBackend, type JobQueue } from '@playtime/shared/infra/jobs/port';
import { createTestDatabase } from '../../../tests/support/postgres';
import { createProjector, type Projector } from './projector';
import { reactorProjection, type Reactor } from './reactor';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// On BullMQ's PostgreSQL backend, and on Redis when REDIS_URL is set (CI's second pass).
describe(`reactors (jobs on ${process.env.REDIS_URL ? 'Redis' : 'PostgreSQL'})`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  let pool: pg.Pool;
  let queue: JobQueue<{ greeting: string }>;
  let projector: Projector | null = null;
  const handled: string[] = [];
  /** Every job the reactor asked for, and whether the queue added it or already held its id. */
  const enqueued: Array<{ greeting: string; jobId: string }> = [];
  /** How many jobs each call to the queue carried. */
  const enqueueCalls: number[] = [];

  beforeEach(async () => {
    database = await createTestDatabase('reactor');
    store = await PostgresEventStore.connect(database.url, { pollIntervalMs: 100 });
    pool = createPool(database.url);
    queue = await createJobQueue({
      name: `greetings-${randomUUID()}`,
      backend: selectJobBackend({ databaseUrl: database.url, redisUrl: process.env.REDIS_URL }),
      backoffMs: 50,
    });
    queue.process(async (job) => {
      handled.push(job.data.greeting);
    });
    handled.length = 0;
    enqueued.length = 0;
    enqueueCalls.length = 0;
  });
  afterEach(async () => {
    await projector?.stop();
    projector = null;
    await queue.close();
    await store.close();
    await pool.end();
    await database.drop();
  });

  /** The real queue, noting each enqueue's answer. */
  const noting = (): JobQueue<{ greeting: string }> => ({
    ...queue,
    enqueueMany: async (jobs) => {
      enqueueCalls.push(jobs.length);
      await queue.enqueueMany(jobs);
      enqueued.push(...jobs.map(({ data, options }) => ({ greeting: data.greeting, jobId: options.jobId })));
    },
  });

  const greeter = (): Reactor => {
    const welcomes = noting();
    return {
      name: 'greeter',
      react: (event) =>
        event.type === 'UserRegistered'
          ? [
              {
                queue: welcomes,
                jobName: 'welcome',
                data: { greeting: `welcome ${(event.data as { name: string }).name}` },
              },
            ]
          : [],
    };
  };

  function start(): Promise<void> {
    projector = createProjector({
      store,
      pool,
      connectionString: database.url,
      projections: [reactorProjection(greeter())],
      announcer: { announce: () => undefined },
      logger: pino({ level: 'silent' }),
      leaseHeartbeatMs: 100,
    });
    return projector.start();
  }

  async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out; handled ${JSON.stringify(handled)}`);
      await sleep(50);
    }
  }

  it('hands each matching event to a job once, following the log live', async () => {
    await store.appendToStream('user-a', [{ type: 'UserRegistered', data: { name: 'Ana' } }], {
      expectedRevision: 'no_stream',
    });
    await store.appendToStream('user-a', [{ type: 'UserProfileEdited', data: {} }], { expectedRevision: 0 });
    await start();
    await until(() => handled.length === 1);
    await store.appendToStream('user-b', [{ type: 'UserRegistered', data: { name: 'Bo' } }], {
      expectedRevision: 'no_stream',
    });
    await until(() => handled.length === 2);
    expect(handled).toEqual(['welcome Ana', 'welcome Bo']);
  });

  it("hands a batch's reactions to the queue in one call", async () => {
    for (const name of ['Ana', 'Bo', 'Cy']) {
      await store.appendToStream(`user-${name}`, [{ type: 'UserRegistered', data: { name } }], {
        expectedRevision: 'no_stream',
      });
    }
    await start();
    await until(() => handled.length === 3);
    // Logged before the projector started, the three are one batch.
    expect(enqueueCalls).toEqual([3]);
    expect(new Set(enqueued.map((request) => request.jobId)).size).toBe(3);
    expect([...handled].sort()).toEqual(['welcome Ana', 'welcome Bo', 'welcome Cy']);
  });

  it('never runs a side effect twice when the log is replayed from the start', async () => {
    await store.appendToStream('user-a', [{ type: 'UserRegistered', data: { name: 'Ana' } }], {
      expectedRevision: 'no_stream',
    });
    await start();
    await until(() => handled.length === 1);
    await projector!.stop();

    // As after a crash before the checkpoint committed: the reactor reads the same events again.
    await pool.query(`UPDATE projection_checkpoints SET commit_id = 0, position = 0 WHERE name = 'reactor_greeter'`);
    await start();
    await store.appendToStream('user-c', [{ type: 'UserRegistered', data: { name: 'Cy' } }], {
      expectedRevision: 'no_stream',
    });
    // The replay asked for Ana's welcome again before Cy's (log order); once Cy's has run, the queue
    // has answered both, and a job it did not add can never run.
    await until(() => handled.includes('welcome Cy'));
    // Ana's welcome was asked for twice under one job id, so the queue ran it once.
    expect(enqueued.map((request) => request.greeting)).toEqual(['welcome Ana', 'welcome Ana', 'welcome Cy']);
    expect(enqueued[0]!.jobId).toBe(enqueued[1]!.jobId);
    expect(handled).toEqual(['welcome Ana', 'welcome Cy']);
  });
});
