import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import pg from 'pg';
import { createPool } from '@playtime/shared/infra/db/pool';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
import { PROJECTION_PROGRESS_CHANNEL } from '@playtime/shared/infra/projections/schema';
import { createTestDatabase } from '../../../tests/support/postgres';
import type { StoredEvent } from '@playtime/shared/infra/eventstore/port';
import {
  silentAnnouncer,
  type ChangeAnnouncer,
  type ChangeNotice,
  type Projection,
  type WriteOnlyProjection,
} from './projection';
import { createProjector, type Projector } from './projector';
import type { PushStages } from './projection-runner';
import { streamTotalsProjection } from './testing/stream-totals-projection';

const logger = pino({ level: process.env.TEST_LOG ?? 'silent' });

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch((error: unknown) => error as T);
    if (accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One row per event with the event's note, sent by the runner as one script per batch. */
const noteLog: WriteOnlyProjection = {
  name: 'note_log',
  version: 1,
  tables: ['notes'],
  schemaSql: 'CREATE TABLE notes (global_position bigint PRIMARY KEY, stream_id text NOT NULL, note text NOT NULL)',
  writes: (events) => ({
    statements: [
      {
        text: `INSERT INTO notes SELECT * FROM jsonb_to_recordset($1::jsonb) AS e(global_position bigint, stream_id text, note text)`,
        values: [
          JSON.stringify(
            events.map((event) => ({
              global_position: event.globalPosition,
              stream_id: event.streamId,
              note: (event.data as { note: string }).note,
            })),
          ),
        ],
      },
      {
        text: 'SELECT $1::text AS same_text, $2::int AS number, $3::boolean AS flag, $4::text AS nothing',
        values: ["it's", 7, true, null],
        // A key read off the statement's result, as the games projection reads who shows a game.
        changedBy: (rows) => rows.map((row) => `number:${String(row.number)}`),
      },
    ],
    changed: events.map((event) => `stream:${event.streamId}`),
  }),
};
describe('projector runtime', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  let pool: pg.Pool;
  const projectors: Projector[] = [];

  beforeEach(async () => {
    database = await createTestDatabase('proj');
    store = await PostgresEventStore.connect(database.url, { pollIntervalMs: 100 });
    pool = createPool(database.url);
  });
  afterEach(async () => {
    await Promise.all(projectors.splice(0).map((projector) => projector.stop()));
    await store.close();
    await pool.end();
    await database.drop();
  });

  function startProjector(
    options: {
      version?: number;
      notices?: ChangeNotice[];
      projection?: Projection;
      projections?: Projection[];
      leaseTtlMs?: number;
      pushes?: PushStages[];
      announcer?: ChangeAnnouncer;
      progress?: ProjectionProgress;
    } = {},
  ): Projector {
    const projector = createProjector({
      store,
      pool,
      connectionString: database.url,
      projections: options.projections ?? [options.projection ?? streamTotalsProjection(options.version)],
      announcer: options.announcer ?? { announce: (notice) => void options.notices?.push(notice) },
      logger,
      batchSize: 100,
      rebuildBatchSize: 250,
      leaseHeartbeatMs: 100,
      leaseTtlMs: options.leaseTtlMs,
      onPush: (stages) => void options.pushes?.push(stages),
      progress: options.progress,
    });
    projectors.push(projector);
    return projector;
  }

  async function appendEvents(count: number, streams = 10) {
    for (let i = 0; i < count; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, count - i) }, (_, j) =>
          store.appendToStream(`s-${(i + j) % streams}`, [{ type: 'Counted', data: { n: i + j } }], {
            expectedRevision: 'any',
          }),
        ),
      );
    }
  }

  /** The sessions a projector process with this lease holder keeps open: its lease keeper's, named after the holder. */
  const sessionsOf = async (holder: string) =>
    (
      await pool.query<{ pid: number; backend_start: Date }>(
        `SELECT pid, backend_start FROM pg_stat_activity WHERE application_name = $1`,
        [`playtime-leases ${holder}`.slice(0, 63)],
      )
    ).rows;

  const totals = async () =>
    (
      await pool.query<{ events: number; total: number }>(
        'SELECT COALESCE(SUM(events), 0)::bigint AS events, COALESCE(SUM(total), 0)::bigint AS total FROM read.stream_totals',
      )
    ).rows[0]!;

  it('catches up, follows live appends, announces changed keys, and lets a reader wait for its own write', async () => {
    await appendEvents(300);
    const notices: ChangeNotice[] = [];
    await startProjector({ notices }).start();
    await eventually(totals, (t) => t.events === 300);

    const progress = new ProjectionProgress(pool, database.url);
    await progress.start();
    const written = await store.appendToStream('s-live', [{ type: 'Counted', data: { n: 1000 } }], {
      expectedRevision: 'no_stream',
    });
    expect(await progress.waitFor(['stream_totals'], written.checkpoint, 5000)).toBe(true);
    const { rows } = await pool.query('SELECT total FROM read.stream_totals WHERE stream_id = $1', ['s-live']);
    expect(rows[0]).toEqual({ total: 1000 });
    // Announced after the batch commits: the waiting reader may see the commit first.
    await expect.poll(() => notices.some((notice) => notice.keys.includes('stream:s-live'))).toBe(true);
    expect(notices.every((notice) => /^\d+:\d+$/.test(notice.checkpoint))).toBe(true);
    expect(
      await progress.waitFor(['stream_totals'], { commit: written.checkpoint.commit + 1_000_000, position: 0 }, 200),
    ).toBe(false);
    await progress.close();
  });

  it('tells readers of its own process of each move itself when none are elsewhere (standalone), with no NOTIFY', async () => {
    const listening = new pg.Client({ connectionString: database.url });
    await listening.connect();
    const heard: string[] = [];
    listening.on('notification', (notice) => void heard.push(notice.payload ?? ''));
    await listening.query(`LISTEN ${PROJECTION_PROGRESS_CHANNEL}`);
    const progress = new ProjectionProgress(pool, database.url, false);
    await progress.start();
    const moved = vi.spyOn(progress, 'moved');
    try {
      await startProjector({ progress }).start();
      const written = await store.appendToStream('s-here', [{ type: 'Counted', data: { n: 7 } }], {
        expectedRevision: 'no_stream',
      });
      expect(await progress.waitFor(['stream_totals'], written.checkpoint, 5000)).toBe(true);
      expect(moved).toHaveBeenCalled();
      // Notices arrive in commit order: once this later one is heard, any the move sent was heard before it.
      await pool.query(`SELECT pg_notify($1, 'after the move')`, [PROJECTION_PROGRESS_CHANNEL]);
      await expect.poll(() => heard.includes('after the move')).toBe(true);
      expect(heard).toEqual(['after the move']);
    } finally {
      await progress.close();
      await listening.end();
    }
  });

  it("tells where a live push's time went: written to heard, heard to applied, applied to announced", async () => {
    const pushes: PushStages[] = [];
    await startProjector({ pushes }).start();
    await appendEvents(1);
    await expect.poll(() => pushes.length).toBeGreaterThan(0);
    const [push] = pushes;
    expect(push!.projection).toBe('stream_totals');
    // Milliseconds on this machine's clock; the log's time is the database's, on the same machine.
    for (const stage of [push!.heardMs, push!.appliedMs, push!.announcedMs]) {
      expect(Number.isFinite(stage)).toBe(true);
      expect(stage).toBeGreaterThan(-50);
    }
    expect(push!.appliedMs).toBeGreaterThanOrEqual(0);
    expect(push!.announcedMs).toBeGreaterThanOrEqual(0);
  });

  it('reads and applies the next batch while the sockets of the one before are still being written', async () => {
    // An announcer whose writes end only when the test says so: a room of a thousand slow sockets.
    const notices: ChangeNotice[] = [];
    let release = () => {};
    const written = new Promise<void>((resolve) => (release = resolve));
    const pushes: PushStages[] = [];
    await startProjector({
      pushes,
      announcer: {
        announce: async (notice) => {
          notices.push(notice);
          await written;
        },
      },
    }).start();
    await store.appendToStream('s-first', [{ type: 'Counted', data: { n: 1 } }], { expectedRevision: 'no_stream' });
    await expect.poll(() => notices.length).toBe(1);
    await store.appendToStream('s-second', [{ type: 'Counted', data: { n: 2 } }], { expectedRevision: 'no_stream' });
    await eventually(totals, (t) => t.events === 2);
    await expect.poll(() => notices.length).toBe(2);
    expect(notices.map((notice) => notice.keys)).toEqual([['stream:s-first'], ['stream:s-second']]);
    // A push's last stage ends when its sockets were written, not when it was handed over.
    expect(pushes).toEqual([]);
    release();
    await expect.poll(() => pushes.length).toBe(2);
  });

  it('keeps applying batches when an announcement fails', async () => {
    await startProjector({
      announcer: {
        announce: () => {
          throw new Error('the room is gone');
        },
      },
    }).start();
    await appendEvents(3);
    await eventually(totals, (t) => t.events === 3);
    await store.appendToStream('s-later', [{ type: 'Counted', data: { n: 5 } }], { expectedRevision: 'no_stream' });
    await eventually(totals, (t) => t.events === 4);
  });

  it('moves past events a projection does not handle without applying them, so readers waiting on it are not held up', async () => {
    const applied: string[] = [];
    const projection = streamTotalsProjection();
    const projector = createProjector({
      store,
      pool,
      connectionString: database.url,
      projections: [
        {
          ...projection,
          handles: ['Counted'],
          apply: async (events, db) => {
            applied.push(...events.map((event) => event.type));
            return projection.apply(events, db);
          },
        },
      ],
      announcer: { announce: () => undefined },
      logger,
      leaseHeartbeatMs: 100,
    });
    projectors.push(projector);
    await store.appendToStream('s-mixed', [{ type: 'Counted', data: { n: 5 } }], { expectedRevision: 'no_stream' });
    await projector.start();
    await eventually(totals, (t) => t.events === 1);

    const progress = new ProjectionProgress(pool, database.url);
    await progress.start();
    const unrelated = await store.appendToStream('s-other', [{ type: 'SomethingElse', data: {} }], {
      expectedRevision: 'no_stream',
    });
    expect(await progress.waitFor(['stream_totals'], unrelated.checkpoint, 5000)).toBe(true);
    // A burst of batches it does not handle is recorded in fewer moves, yet every event is counted
    // and the checkpoint ends at the last one.
    let last = unrelated;
    for (let index = 1; index <= 30; index++)
      last = await store.appendToStream('s-other', [{ type: 'SomethingElse', data: {} }], {
        expectedRevision: index - 1,
      });
    expect(await progress.waitFor(['stream_totals'], last.checkpoint, 5000)).toBe(true);
    const { rows } = await pool.query<{ events_done: string }>(
      `SELECT events_done FROM projection_checkpoints WHERE name = 'stream_totals'`,
    );
    expect(Number(rows[0]!.events_done)).toBe(32);
    // A handled event after them moves the checkpoint over any still waiting, in the same transaction.
    await store.appendToStream('s-other', [{ type: 'SomethingElse', data: {} }], { expectedRevision: 30 });
    const counted = await store.appendToStream('s-mixed', [{ type: 'Counted', data: { n: 2 } }], {
      expectedRevision: 0,
    });
    expect(await progress.waitFor(['stream_totals'], counted.checkpoint, 5000)).toBe(true);
    const after = await pool.query<{ events_done: string }>(
      `SELECT events_done FROM projection_checkpoints WHERE name = 'stream_totals'`,
    );
    expect(Number(after.rows[0]!.events_done)).toBe(34);
    await progress.close();
    expect(applied).toEqual(['Counted', 'Counted']);
    expect(await totals()).toMatchObject({ events: 2, total: 7 });
  });

  const owners = (...projectors: Projector[]) =>
    projectors.flatMap((projector) => projector.runners).filter((runner) => runner.isOwner);
  const lease = async () =>
    (
      await pool.query<{ holder: string; token: string }>(
        `SELECT holder, token FROM projection_leases WHERE name = 'stream_totals'`,
      )
    ).rows[0];

  it('runs one owner at a time, and a standby takes over within the lease time when the owner stops renewing', async () => {
    const first = startProjector();
    const second = startProjector();
    await first.start();
    await second.start();
    await appendEvents(200);
    await eventually(totals, (t) => t.events === 200);
    expect(owners(first, second)).toHaveLength(1);
    const [owner, standby] = owners(first).length === 1 ? [first, second] : [second, first];
    expect((await lease())?.holder).toBe(owner.leases.holder);

    // The owner's heartbeat ends without handing the lease back, as when its process dies or hangs:
    // the standby waits for the lease to expire (3 s after the last renewal), no longer than that.
    const lastRenewal = Date.now();
    await owner.leases.stop();
    expect(owners(owner)).toEqual([]);
    await appendEvents(200);
    await eventually(
      async () => owners(standby).length,
      (n) => n === 1,
      6000,
    );
    const tookOver = Date.now() - lastRenewal;
    expect(tookOver).toBeGreaterThan(1500);
    expect(tookOver).toBeLessThan(5000);
    expect((await lease())?.holder).toBe(standby.leases.holder);
    await eventually(totals, (t) => t.events === 400);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM read.stream_events');
    expect(rows[0]).toEqual({ n: 400 });
  });

  it('hands a projection over at once when its owner stops cleanly', async () => {
    const first = startProjector();
    const second = startProjector();
    await first.start();
    await second.start();
    await appendEvents(100);
    await eventually(totals, (t) => t.events === 100);
    const [owner, standby] = owners(first).length === 1 ? [first, second] : [second, first];
    const stoppedAt = Date.now();
    await owner.stop();
    await eventually(
      async () => owners(standby).length,
      (n) => n === 1,
      3000,
    );
    // Well within the lease's 3 s: the stopping owner let its lease go.
    expect(Date.now() - stoppedAt).toBeLessThan(1500);
    await appendEvents(100);
    await eventually(totals, (t) => t.events === 200);
  });

  it('keeps its projections when its heartbeat connection is cut for a moment', async () => {
    const projector = startProjector();
    await projector.start();
    await appendEvents(50);
    await eventually(totals, (t) => t.events === 50);
    const before = await lease();
    await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [
      `playtime-leases ${projector.leases.holder}`.slice(0, 63),
    ]);
    await appendEvents(50);
    await eventually(totals, (t) => t.events === 100);
    // Renewed after reconnecting, with the token it had: nobody took over.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(owners(projector)).toHaveLength(1);
    expect(await lease()).toEqual(before);
  });

  it('undoes a batch of an owner whose lease was taken over while the batch ran, and goes on after the lease returns', async () => {
    const totalsProjection = streamTotalsProjection();
    let takeOverDuring: ((events: StoredEvent[]) => boolean) | null = null;
    const appliedFirst: number[] = [];
    const projector = startProjector({
      projection: {
        ...totalsProjection,
        async apply(events, db) {
          appliedFirst.push(events[0]!.globalPosition);
          if (takeOverDuring?.(events)) {
            takeOverDuring = null;
            // Another projector takes the lease (as after this one hung) while this batch runs.
            await pool.query(
              `UPDATE projection_leases SET holder = 'another projector', token = token + 1,
                      expires_at = now() + interval '1 second' WHERE name = 'stream_totals'`,
            );
          }
          return totalsProjection.apply(events, db);
        },
      },
    });
    await projector.start();
    await appendEvents(100);
    await eventually(totals, (t) => t.events === 100);
    const firstLease = await lease();

    let fenced = 0;
    takeOverDuring = (events) => {
      fenced = events[0]!.globalPosition;
      return true;
    };
    await appendEvents(100);
    // The runner steps down (its checkpoint move failed, or its next renewal found the lease gone)...
    await eventually(
      async () => owners(projector).length,
      (n) => n === 0,
      1000,
    );
    // ...and takes the lease back once the other holder's has expired, applying that batch again.
    await eventually(totals, (t) => t.events === 200);
    expect(appliedFirst.filter((position) => position === fenced)).toHaveLength(2);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM read.stream_events');
    expect(rows[0]).toEqual({ n: 200 });
    expect(Number((await lease())!.token)).toBe(Number(firstLease!.token) + 2);
  });

  it('ends a batch transaction left idle for the lease time, so a paused owner holds no locks past its lease', async () => {
    const totalsProjection = streamTotalsProjection();
    let stall = false;
    let ended: unknown = null;
    const projector = startProjector({
      leaseTtlMs: 1000,
      projection: {
        ...totalsProjection,
        async apply(events, db) {
          const changed = await totalsProjection.apply(events, db);
          if (stall) {
            stall = false;
            // The owner stops between two statements of its transaction, its rows locked.
            db.once('error', (error) => (ended = error));
            await new Promise((resolve) => setTimeout(resolve, 1600));
          }
          return changed;
        },
      },
    });
    await projector.start();
    await appendEvents(50);
    await eventually(totals, (t) => t.events === 50);
    stall = true;
    await appendEvents(50);
    await eventually(totals, (t) => t.events === 100);
    // The server ended the session (and so the transaction, undone and applied again after).
    expect(ended).toMatchObject({ code: '25P03' });
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM read.stream_events');
    expect(rows[0]).toEqual({ n: 100 });
  });

  it('keeps one database session while it waits as a standby', async () => {
    const projections = [streamTotalsProjection(), { ...noteLog, handles: ['Noted'] }];
    const first = startProjector({ projections });
    await first.start();
    await appendEvents(50);
    await eventually(totals, (t) => t.events === 50);
    const second = startProjector({ projections });
    await second.start();
    await eventually(
      () => sessionsOf(second.leases.holder),
      (rows) => rows.length === 1,
      5000,
    );
    expect(owners(second)).toEqual([]);

    // Three seconds: three heartbeats of each process (the old standby opened a session per try).
    const seen = new Set<string>();
    const ownerSessions = new Set<string>();
    for (const until = Date.now() + 3000; Date.now() < until;) {
      const standby = await sessionsOf(second.leases.holder);
      expect(standby).toHaveLength(1);
      seen.add(`${standby[0]!.pid}@${standby[0]!.backend_start}`);
      const projectionSessions = await pool.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'playtime-projection-%'`,
      );
      for (const { pid } of projectionSessions.rows) ownerSessions.add(String(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen.size).toBe(1);
    // The owner's one writer (the write-only projection's), opened once when it became owner.
    expect(ownerSessions.size).toBe(1);
    expect(owners(first)).toHaveLength(2);
  });

  it('stays stopped when it stops while a standby is taking over from an owner stopping at the same moment', async () => {
    await appendEvents(10);
    // Standbys that try to take over every few milliseconds: a stop lands in the middle of a try.
    for (let round = 0; round < 10; round++) {
      const eager = () =>
        createProjector({
          store,
          pool,
          connectionString: database.url,
          projections: [streamTotalsProjection()],
          announcer: silentAnnouncer,
          logger,
          leaseHeartbeatMs: 5,
        });
      const pair = [eager(), eager()];
      for (const projector of pair) await projector.start();
      await eventually(totals, (t) => t.events === 10);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      const stopping = Promise.all(pair.map((projector) => projector.stop())).then(() => 'stopped');
      const outcome = await Promise.race([
        stopping,
        new Promise((resolve) => setTimeout(resolve, 5000, 'still running')),
      ]);
      expect(outcome, `round ${round}`).toBe('stopped');
      expect(pair.flatMap((projector) => projector.runners).filter((runner) => runner.isOwner)).toEqual([]);
    }
  });

  it('rebuilds into a fresh table set with observable progress while readers keep reading', async () => {
    await appendEvents(3000);
    // The rebuild's third batch waits until the test has seen its progress part-way: a rebuild of
    // 3,000 events can finish between two looks, and its progress would then never be seen moving.
    const totalsProjection = streamTotalsProjection();
    let rebuildBatches = 0;
    let seenPartWay: () => void = () => undefined;
    const partWaySeen = new Promise<void>((resolve) => (seenPartWay = resolve));
    const projector = startProjector({
      projection: {
        ...totalsProjection,
        async apply(events, db) {
          const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
          if (rows[0]!.schema.endsWith('_g2') && ++rebuildBatches === 3) await partWaySeen;
          return totalsProjection.apply(events, db);
        },
      },
    });
    await projector.start();
    await eventually(totals, (t) => t.events === 3000);
    const before = await totals();

    let reading = true;
    const readerFailures: unknown[] = [];
    const reader = (async () => {
      while (reading) {
        try {
          const t = await totals();
          if (t.events < 3000) readerFailures.push(`reader saw ${t.events} events`);
        } catch (error) {
          readerFailures.push(error);
        }
      }
    })();

    projector.rebuild('stream_totals');
    const seen = new Set<string>();
    const done = await eventually(
      async () => {
        const progress = await projector.rebuildProgress('stream_totals');
        if (progress) seen.add(`${progress.status}:${progress.eventsDone < progress.eventsTotal ? 'partial' : 'full'}`);
        if (progress?.status === 'running' && progress.eventsDone > 0 && progress.eventsDone < progress.eventsTotal)
          seenPartWay();
        return progress;
      },
      (progress) => progress?.status === 'switched',
    );
    await appendEvents(100);
    await eventually(totals, (t) => t.events === 3100);
    reading = false;
    await reader;

    expect(readerFailures).toEqual([]);
    expect(done).toMatchObject({ generation: 2, eventsTotal: 3000 });
    expect(seen.has('running:partial')).toBe(true);
    expect((await totals()).total).toBe(before.total + (100 * 99) / 2);
    // The old generation's schema is dropped right after the switch (switchOver).
    const schemas = () =>
      pool
        .query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'proj_stream_totals_%' ORDER BY 1`)
        .then((result) => result.rows);
    expect(await eventually(schemas, (rows) => rows.length === 1, 5000)).toEqual([
      { nspname: 'proj_stream_totals_g2' },
    ]);
  });

  it('rebuilds on start when the projection version changed', async () => {
    await appendEvents(500);
    const v1 = startProjector({ version: 1 });
    await v1.start();
    await eventually(totals, (t) => t.events === 500);
    await v1.stop();

    const v2 = startProjector({ version: 2 });
    await v2.start();
    await eventually(
      () => v2.rebuildProgress('stream_totals'),
      (progress) => progress?.status === 'switched',
    );
    expect(await totals()).toMatchObject({ events: 500 });
    // Readers switch first; the old generation is dropped right after (switchOver), not in the same transaction.
    const checkpoints = () =>
      pool
        .query(`SELECT generation, version FROM projection_checkpoints WHERE name = 'stream_totals'`)
        .then((result) => result.rows);
    expect(await eventually(checkpoints, (rows) => rows.length === 1, 5000)).toEqual([{ generation: 2, version: 2 }]);
  });

  describe('a write-only projection', () => {
    const notes = async () =>
      (
        await pool.query<{ stream_id: string; note: string }>(
          'SELECT stream_id, note FROM read.notes ORDER BY global_position',
        )
      ).rows;
    const note = (streamId: string, text: string) =>
      store.appendToStream(streamId, [{ type: 'Noted', data: { note: text } }], { expectedRevision: 'any' });

    it('applies each batch and moves its checkpoint in one pipelined transaction, keeping every character of the data out of the SQL text, and announces the keys its results name', async () => {
      // Every statement any client sends, with the client that sent it.
      const sent: { client: pg.Client; text: string; name?: string }[] = [];
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const config = args[0] as string | { text?: string; name?: string };
        if (typeof config === 'string') sent.push({ client: this, text: config });
        else if (config && typeof config.text === 'string')
          sent.push({ client: this, text: config.text, name: config.name });
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      try {
        const notices: ChangeNotice[] = [];
        await startProjector({ projection: noteLog, notices }).start();
        const tricky = `O'Brien said "hi" \\ back\\slash $1 $$ ; -- not a comment`;
        await note('n-1', tricky);
        await note('n-2', 'plain');
        expect(await eventually(notes, (rows) => rows.length === 2)).toEqual([
          { stream_id: 'n-1', note: tricky },
          { stream_id: 'n-2', note: 'plain' },
        ]);
        await expect
          .poll(() => notices.flatMap((notice) => notice.keys))
          .toEqual(expect.arrayContaining(['stream:n-1', 'stream:n-2', 'number:7']));

        expect(sent.filter((statement) => statement.text.includes("O'Brien"))).toEqual([]);
        const batches = sent.flatMap((statement, index) =>
          statement.text.includes('INSERT INTO notes') ? [index] : [],
        );
        expect(batches.length).toBeGreaterThanOrEqual(1);
        for (const index of batches) {
          const { client } = sent[index]!;
          expect(client.pipeline).toBe(true);
          // The batch on its connection: BEGIN with the table set, the statements, the checkpoint move, COMMIT.
          const transaction = sent
            .filter((statement) => statement.client === client)
            .map((statement) => statement.name ?? statement.text);
          const at = transaction.indexOf(sent[index]!.text);
          expect(transaction.slice(at - 1, at + 4)).toEqual([
            'BEGIN; SET LOCAL search_path TO proj_note_log_g1, public; SET LOCAL idle_in_transaction_session_timeout = 3000',
            sent[index]!.text,
            'SELECT $1::text AS same_text, $2::int AS number, $3::boolean AS flag, $4::text AS nothing',
            'playtime-move-checkpoint',
            'COMMIT',
          ]);
        }
      } finally {
        pg.Client.prototype.query = query;
      }
    });

    it('undoes a batch entirely when another runner moved the checkpoint first, then goes on from there', async () => {
      const projector = startProjector({ projection: noteLog });
      await projector.start();
      await note('n-1', 'first');
      await eventually(notes, (rows) => rows.length === 1);

      // Another runner has applied 'second' already: its checkpoint is past it. This runner's batch
      // with 'second' must not commit, though the checkpoint move is its last statement.
      await store.transaction(async (tx) => {
        const second = await tx.appendToStream('n-2', [{ type: 'Noted', data: { note: 'second' } }], {
          expectedRevision: 'no_stream',
        });
        await pool.query(`UPDATE projection_checkpoints SET commit_id = $1, position = $2 WHERE name = 'note_log'`, [
          second.checkpoint.commit,
          second.checkpoint.position,
        ]);
      });
      await note('n-3', 'third');
      expect(await eventually(notes, (rows) => rows.length >= 2)).toEqual([
        { stream_id: 'n-1', note: 'first' },
        { stream_id: 'n-3', note: 'third' },
      ]);
    });
  });
});
