import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPool } from '../../db/pool';
import { createTestDatabase } from '../../../../../tests/support/postgres';
import { describeEventStoreContract } from '../contract/event-store.contract';
import { checkEventSchemas } from '../schema-checked-event-store';
import type { LogCheckpoint } from '../checkpoint';
import {
  APPEND_BATCH_SQL,
  appendSql,
  EVENTS_UNREAD_SQL,
  PostgresEventStore,
  READ_ALL_SQL,
  READ_STREAM_AFTER_SQL,
  READ_STREAM_SQL,
  READ_STREAMS_SQL,
} from './postgres-event-store';

class Rollback extends Error {}

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase('es');
  const store = await PostgresEventStore.connect(database.url, { pollIntervalMs: 200 });
  return {
    store,
    appendHeldOpen: async (streamId, events, holdMs, rollback) => {
      await store
        .transaction(async (tx) => {
          await tx.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
          await new Promise((resolve) => setTimeout(resolve, holdMs));
          if (rollback) throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
    },
    teardown: async () => {
      await store.close();
      await database.drop();
    },
  };
});

/**
 * The query plans of the store's statements, on a log that grew since its last ANALYZE (none
 * here, autovacuum off): the planner knows nothing of its 20,000 rows.
 */
describe('PostgreSQL store: plans over a grown log', () => {
  let database: { url: string; drop: () => Promise<void> };
  let store: PostgresEventStore;
  let client: pg.Client;
  const fillLog = () =>
    client.query(`INSERT INTO es_events (stream_id, revision, event_id, type, data)
                  SELECT 'stream-' || gen_random_uuid(), 0, gen_random_uuid(), 'Counted', '{}' FROM generate_series(1, 20000)`);
  const explain = async (sql: string) =>
    (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`)).rows.map(
      (row) => row['QUERY PLAN'],
    );

  beforeEach(async () => {
    database = await createTestDatabase('esplans');
    store = await PostgresEventStore.connect(database.url);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('ALTER TABLE es_events SET (autovacuum_enabled = false)');
    await client.query('ALTER TABLE es_streams SET (autovacuum_enabled = false)');
  });
  afterEach(async () => {
    await client.end();
    await store.close();
    await database.drop();
  });

  it('asks whether events lie after a checkpoint by reading a few index entries, not the whole log', async () => {
    await fillLog();
    const { rows: newest } = await client.query<{ commit_id: string; global_position: string }>(
      'SELECT transaction_id::text AS commit_id, global_position FROM es_events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
    );
    const atEnd = [newest[0]!.commit_id, newest[0]!.global_position];
    const sql = EVENTS_UNREAD_SQL.replace('$1', `'${atEnd[0]}'`).replace('$2', atEnd[1]!);
    const lines = await explain(sql);
    expect(lines.join('\n')).not.toMatch(/Seq Scan/);
    expect(lines.join('\n')).toMatch(/Index Only Scan Backward using es_events_log_order/);
    const pendingAfter = async (values: unknown[]) =>
      (await client.query<{ pending: boolean }>(EVENTS_UNREAD_SQL, values)).rows[0]!.pending;
    expect(await pendingAfter(atEnd)).toBe(false);
    expect(await pendingAfter([atEnd[0], Number(atEnd[1]) - 1])).toBe(true);
    expect(await pendingAfter(['0', 0])).toBe(true);
  });

  /**
   * A pooled connection keeps the generic plan of a prepared statement it made early on, maybe
   * while the log was empty. Each statement is prepared then, run once, and explained after the
   * log grew to 20,000 events: it must touch a few pages, not a share of the log.
   */
  async function planAfterGrowth(
    sql: string,
    firstRun: string[],
    explained: () => string[],
  ): Promise<{ lines: string[]; buffers: number }> {
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE statement AS ${sql}`);
    await client.query(`EXECUTE statement(${firstRun.join(', ')})`);
    await fillLog();
    const values = explained().join(', ');
    // Twice, each rolled back, keeping the fewer pages: DDL in another database of the server (a
    // migration of a test file running beside this one) can overflow the server's queue of catalog
    // changes, and the backend then rebuilds its catalog caches inside the next statement it runs,
    // 236 pages more on the machine's PostgreSQL in CI. That is not the plan's doing, and it does not
    // happen twice in a row.
    const runs: { lines: string[]; buffers: number }[] = [];
    for (const _ of [1, 2]) {
      await client.query('BEGIN');
      const lines = await explain(`EXECUTE statement(${values})`);
      await client.query('ROLLBACK');
      expect(lines.join('\n')).not.toMatch(/Seq Scan on es_events/);
      // The first Buffers line is the top node's: the buffers of the whole statement.
      const buffers = lines
        .map((line) => /^\s*Buffers: shared hit=(\d+)/.exec(line)?.[1])
        .find((hit) => hit !== undefined);
      expect(buffers, lines.join('\n')).toBeDefined();
      runs.push({ lines, buffers: Number(buffers) });
    }
    await client.query(`EXECUTE statement(${values})`);
    return runs.reduce((fewer, run) => (run.buffers < fewer.buffers ? run : fewer));
  }
  const text = (value: unknown) => `'${String(value)}'`;
  const array = (values: unknown[]) => text(`{${values.map((value) => JSON.stringify(String(value))).join(',')}}`);
  const newEvents = (count: number) => [
    array(Array.from({ length: count }, () => crypto.randomUUID())),
    array(Array(count).fill('Counted')),
    array(Array(count).fill('{}')),
    array(Array(count).fill('{}')),
  ];

  it('appends a batch touching a few pages, not the log, with the plan it made while the log was empty', async () => {
    const batch = (streams: string[], expected: number) => [
      array(streams),
      array(streams.map(() => 1)),
      array(streams.map(() => expected)),
      ...newEvents(streams.length),
      array(streams.map((_, i) => i + 1)),
      array(streams.map(() => 1)),
    ];
    const { lines, buffers } = await planAfterGrowth(APPEND_BATCH_SQL, batch(['plan-a', 'plan-b'], -1), () =>
      batch(['plan-a', 'plan-b'], 0),
    );
    expect(lines[0]).toMatch(/^Insert on es_events .*rows=2(\.00)? loops=1/);
    // Two streams' rows and their index entries (a check of the ids through the log's index read over 200 here).
    expect(buffers, lines.join('\n')).toBeLessThan(100);
    expect((await store.readStream('plan-a')).map((event) => event.revision)).toEqual([0, 1]);
  });

  it('appends alone, by each kind of expected revision, touching a few pages with the plan it made while the log was empty', async () => {
    for (const [expected, first, then] of [
      ['no_stream', [], []],
      ['any', [], []],
      [0, [text(5)], [text(0)]],
    ] as const) {
      await client.query('DEALLOCATE ALL');
      await client.query('TRUNCATE es_events, es_streams');
      const stream = `alone-${String(expected)}`;
      if (typeof expected === 'number')
        await store.appendToStream(stream, [{ type: 'Counted', data: {} }], { expectedRevision: 'no_stream' });
      const { lines, buffers } = await planAfterGrowth(
        appendSql(expected),
        [text(`${stream}-first`), text(1), ...newEvents(1), ...first],
        () => [text(stream), text(1), ...newEvents(1), ...then],
      );
      expect(lines[0], String(expected)).toMatch(/^Insert on es_events .*rows=1(\.00)? loops=1/);
      expect(buffers, String(expected)).toBeLessThan(60);
    }
  });

  it('reads a stream and the log after a checkpoint touching a few pages with the plans it made while the log was empty', async () => {
    await store.appendToStream(
      'read-me',
      [
        { type: 'Counted', data: {} },
        { type: 'Counted', data: {} },
      ],
      { expectedRevision: 'no_stream' },
    );
    const stream = await planAfterGrowth(READ_STREAM_SQL, [text('read-me')], () => [text('read-me')]);
    expect(stream.lines[0]).toMatch(/rows=2(\.00)? loops=1/);
    expect(stream.buffers).toBeLessThan(30);
    await client.query('DEALLOCATE ALL');
    const tail = await planAfterGrowth(READ_STREAM_AFTER_SQL, [text('read-me'), text(0)], () => [
      text('read-me'),
      text(0),
    ]);
    expect(tail.lines[0]).toMatch(/rows=1(\.00)? loops=1/);
    expect(tail.buffers).toBeLessThan(30);

    // Three reads in one statement: a tail, a whole stream and a stream that is not there.
    await client.query('DEALLOCATE ALL');
    const streams = await planAfterGrowth(READ_STREAMS_SQL, [array(['read-me', 'nothing']), array([0, -1])], () => [
      array(['read-me', 'read-me', 'nothing']),
      array([0, -1, -1]),
    ]);
    expect(streams.lines[0]).toMatch(/rows=3(\.00)? loops=1/);
    expect(streams.buffers).toBeLessThan(40);

    // A subscriber 100 events behind the end of the log, which then grows by 20,000 more.
    await client.query('DEALLOCATE ALL');
    const { rows } = await client.query<{ commit: string; position: string }>(
      'SELECT transaction_id::text AS commit, global_position::text AS position FROM es_events ORDER BY global_position DESC LIMIT 1 OFFSET 100',
    );
    const log = await planAfterGrowth(READ_ALL_SQL, [text(0), text(0), text(500)], () => [
      text(rows[0]!.commit),
      text(rows[0]!.position),
      text(500),
    ]);
    expect(log.lines[0]).toMatch(/rows=500(\.00)? loops=1/);
    expect(log.buffers).toBeLessThan(60);
  });
});

describe('PostgreSQL store: group commit', () => {
  let database: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;
  let store: PostgresEventStore;
  /** Statements that appended, by prepared statement name. */
  const appendStatements: string[] = [];
  /** Statements that read streams, by prepared statement name. */
  const readStatements: string[] = [];
  let failNextBatch = false;

  beforeAll(async () => {
    database = await createTestDatabase('esgroup');
    pool = createPool(database.url, { max: 10 });
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
      const name = (args[0] as { name?: string }).name;
      if (name?.startsWith('playtime-read-stream')) readStatements.push(name);
      if (name?.startsWith('playtime-append')) {
        appendStatements.push(name);
        if (name === 'playtime-append-batch' && failNextBatch) {
          failNextBatch = false;
          return Promise.reject(new Error('deadlock detected'));
        }
      }
      return query(...args);
    };
    store = await PostgresEventStore.connect(database.url, { pool, appendBatchesInFlight: 1, readBatchesInFlight: 1 });
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  const event = (n: number) => ({ type: 'Counted', data: { n } });

  it('commits appends that arrive together in fewer statements, each with its own answer', async () => {
    appendStatements.length = 0;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        store.appendToStream(`group-a-${i}`, [event(i), event(i + 100)], { expectedRevision: 'no_stream' }),
      ),
    );
    expect(results.every((result) => result.nextRevision === 1)).toBe(true);
    expect(appendStatements.length).toBeLessThan(10);
    for (const i of [0, 17, 39]) {
      const stored = await store.readStream(`group-a-${i}`);
      expect(stored.map((e) => [e.revision, (e.data as { n: number }).n])).toEqual([
        [0, i],
        [1, i + 100],
      ]);
      expect(results[i]!.position).toBe(stored[1]!.globalPosition);
    }
    // One commit: every event of a batch shares its transaction, in the order the appends came.
    const log = await store.readAll({ after: null, limit: 1000 });
    expect(log.map((e) => e.streamId)).toEqual(
      Array.from({ length: 40 }, (_, i) => [`group-a-${i}`, `group-a-${i}`]).flat(),
    );
  });

  it('refuses a stale revision and replays a retried append inside a batch, without disturbing the others', async () => {
    await store.appendToStream('group-b-stale', [event(1)], { expectedRevision: 'no_stream' });
    const retriedId = '7d4b1c52-0c1e-4d7e-9a43-1d2f3a4b5c6d';
    const first = await store.appendToStream('group-b-retry', [{ ...event(2), eventId: retriedId }], {
      expectedRevision: 'no_stream',
    });
    await store.appendToStream('group-b-existing', [event(3)], { expectedRevision: 'no_stream' });

    appendStatements.length = 0;
    // All six go in one or two statements (the first may go alone if the store is idle): a batch either way.
    const [, stale, exists, retried, moved, fresh] = await Promise.allSettled([
      store.appendToStream('group-b-lead', [event(0)], { expectedRevision: 'no_stream' }),
      store.appendToStream('group-b-stale', [event(4)], { expectedRevision: 5 }),
      store.appendToStream('group-b-existing', [event(5)], { expectedRevision: 'no_stream' }),
      store.appendToStream('group-b-retry', [{ ...event(2), eventId: retriedId }], { expectedRevision: 'no_stream' }),
      store.appendToStream('group-b-existing-2', [event(6)], { expectedRevision: 'no_stream' }),
      store.appendToStream('group-b-stale-2', [event(7)], { expectedRevision: 'no_stream' }),
    ]);
    expect(appendStatements.at(-1)).toBe('playtime-append-batch');
    expect(appendStatements.length).toBeLessThanOrEqual(2);
    expect(stale).toMatchObject({ status: 'rejected', reason: { name: 'ConcurrencyError', actual: 0 } });
    expect(exists).toMatchObject({ status: 'rejected', reason: { name: 'ConcurrencyError', actual: 0 } });
    expect(retried).toEqual({ status: 'fulfilled', value: first });
    expect(moved).toMatchObject({ status: 'fulfilled', value: { nextRevision: 0 } });
    expect(fresh).toMatchObject({ status: 'fulfilled', value: { nextRevision: 0 } });
    expect((await store.readStream('group-b-stale')).length).toBe(1);
    expect((await store.readStream('group-b-retry')).length).toBe(1);
  });

  it("keeps two appends to one stream in order, the second meeting the first one's revision", async () => {
    const [first, second] = await Promise.allSettled([
      store.appendToStream('group-c', [event(1)], { expectedRevision: 'no_stream' }),
      store.appendToStream('group-c', [event(2)], { expectedRevision: 'no_stream' }),
      store.appendToStream('group-c-other', [event(3)], { expectedRevision: 'no_stream' }),
    ]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { nextRevision: 0 } });
    expect(second).toMatchObject({ status: 'rejected', reason: { name: 'ConcurrencyError', actual: 0 } });
  });

  it('reads streams asked for together in fewer statements, each read getting its own stream from its own revision', async () => {
    await store.appendToStream('group-r-a', [event(1), event(2), event(3)], { expectedRevision: 'no_stream' });
    await store.appendToStream('group-r-b', [event(4)], { expectedRevision: 'no_stream' });
    readStatements.length = 0;
    const asked = [
      ['group-r-a', undefined],
      ['group-r-a', 0],
      ['group-r-b', undefined],
      ['group-r-missing', undefined],
      ['group-r-a', 2],
      ['group-r-b', -1],
    ] as const;
    const read = await Promise.all(
      Array.from({ length: 5 }, () =>
        asked.map(([stream, after]) => store.readStream(stream, after === undefined ? {} : { after })),
      ).flat(),
    );
    // The first goes alone at once; the 29 others wait for it and go together.
    expect(readStatements).toEqual(['playtime-read-stream', 'playtime-read-streams']);
    const numbers = (events: Awaited<ReturnType<typeof store.readStream>>) =>
      events.map((e) => [e.streamId, e.revision, (e.data as { n: number }).n]);
    const expected = [
      [
        ['group-r-a', 0, 1],
        ['group-r-a', 1, 2],
        ['group-r-a', 2, 3],
      ],
      [
        ['group-r-a', 1, 2],
        ['group-r-a', 2, 3],
      ],
      [['group-r-b', 0, 4]],
      [],
      [],
      [['group-r-b', 0, 4]],
    ];
    expect(read.map(numbers)).toEqual(Array.from({ length: 5 }, () => expected).flat());
    // Each read has events of its own, not another read's.
    expect(read[0]).not.toBe(read[6]);
  });

  it('sees in a read made together with others every append that committed before it was asked for', async () => {
    readStatements.length = 0;
    const appended = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await store.appendToStream(`group-s-${i}`, [event(i)], { expectedRevision: 'no_stream' });
        // Each read is asked for once its own append has committed, while the others' reads are under way.
        return store.readStream(`group-s-${i}`);
      }),
    );
    expect(appended.map((events) => events.map((e) => (e.data as { n: number }).n))).toEqual(
      Array.from({ length: 20 }, (_, i) => [i]),
    );
    expect(readStatements).toContain('playtime-read-streams');
  });

  it('falls back to appending one by one when a batch statement fails', async () => {
    appendStatements.length = 0;
    failNextBatch = true;
    // The first goes alone at once; the rest wait for it and form a batch, which fails.
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        store.appendToStream(`group-d-${i}`, [event(i)], { expectedRevision: 'no_stream' }),
      ),
    );
    expect(appendStatements).toContain('playtime-append-batch');
    expect(results.map((result) => result.nextRevision)).toEqual([0, 0, 0, 0, 0, 0]);
    for (let i = 0; i < 6; i++) expect((await store.readStream(`group-d-${i}`)).map((e) => e.data)).toEqual([{ n: i }]);
  });
});

describe('PostgreSQL store behind the event schemas', () => {
  let database: { url: string; drop: () => Promise<void> };
  let store: PostgresEventStore;
  let db: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase('eschecked');
    store = await PostgresEventStore.connect(database.url);
    db = createPool(database.url);
  });
  afterAll(async () => {
    await db.end();
    await store.close();
    await database.drop();
  });

  it('writes neither the events nor the stream of an append its schemas refuse, while appends beside it commit', async () => {
    const checked = checkEventSchemas(store);
    const edited = (userId: string) => ({ type: 'UserProfileEdited', data: { userId, bio: '', profilePicture: '' } });
    const outcomes = await Promise.allSettled([
      checked.appendToStream('user-ok-1', [edited('ok-1')], { expectedRevision: 'no_stream' }),
      checked.appendToStream(
        'user-refused',
        [edited('refused'), { type: 'UserProfileEdited', data: { userId: 'refused', bio: 7 } }],
        { expectedRevision: 'no_stream' },
      ),
      checked.appendToStream('user-ok-2', [edited('ok-2')], { expectedRevision: 'no_stream' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const refusal = (outcomes[1] as PromiseRejectedResult).reason as Error;
    expect(refusal.name).toBe('Error');
    expect(refusal.message).toBe(
      'Event UserProfileEdited (version 1) does not match its schema: bio: Invalid input: expected string, received number; profilePicture: Invalid input: expected string, received undefined',
    );
    const { rows: events } = await db.query<{ stream_id: string; version: number }>(
      `SELECT stream_id, (metadata->>'schemaVersion')::int AS version FROM es_events ORDER BY stream_id`,
    );
    expect(events).toEqual([
      { stream_id: 'user-ok-1', version: 1 },
      { stream_id: 'user-ok-2', version: 1 },
    ]);
    const { rows: streams } = await db.query<{ stream_id: string }>(
      `SELECT stream_id FROM es_streams ORDER BY stream_id`,
    );
    expect(streams.map((row) => row.stream_id)).toEqual(['user-ok-1', 'user-ok-2']);
  });
});

describe('PostgreSQL store: telling subscribers of appends', () => {
  let database: { url: string; drop: () => Promise<void> };
  const stores: PostgresEventStore[] = [];
  const subscriptions: AbortController[] = [];
  // Polling alone would take 60 s: a subscriber that sees an append sooner was told of it.
  const connect = async (options: { crossProcessNotices?: boolean } = {}) => {
    const store = await PostgresEventStore.connect(database.url, { pollIntervalMs: 60_000, ...options });
    stores.push(store);
    return store;
  };
  /**
   * The checkpoint of the log's last committed event, read from the table itself. readAll is not that:
   * it stops at the log's horizon, which a transaction of any database of the server holds back while it
   * may still be appending (HELD_BACK_SQL). It reads again past one that ended during the read, but one
   * still running that it cannot tell from an append (one here holding a write lock on the log) holds it
   * back, so readAll can stop short of events committed before it was called.
   */
  const logEnd = async (): Promise<LogCheckpoint | null> => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ commit: string; position: string }>(
        `SELECT transaction_id::text AS commit, global_position::text AS position FROM es_events
          ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      return rows[0] ? { commit: Number(rows[0].commit), position: Number(rows[0].position) } : null;
    } finally {
      await client.end();
    }
  };
  /** Subscribes from the log's current end; resolves with the stream of the first event that arrives. */
  const firstNewEvent = async (store: PostgresEventStore): Promise<{ arrived: Promise<string> }> => {
    const controller = new AbortController();
    subscriptions.push(controller);
    const events = store.subscribeToAll({ after: await logEnd(), signal: controller.signal });
    const subscription = events[Symbol.asyncIterator]();
    const arrived = subscription.next().then((next) => (next.value as Array<{ streamId: string }>)[0]!.streamId);
    // The subscription has read once and is waiting when its first read has been made.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { arrived };
  };
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms)),
    ]);

  beforeAll(async () => {
    database = await createTestDatabase('esnotice');
  });
  afterAll(async () => {
    for (const controller of subscriptions) controller.abort();
    for (const store of stores) await store.close();
    await database.drop();
  });

  it('wakes a subscriber in another process at once by default', async () => {
    const appending = await connect();
    const subscribing = await connect();
    const { arrived } = await firstNewEvent(subscribing);
    await appending.appendToStream('notice-a', [{ type: 'Happened', data: {} }], { expectedRevision: 'no_stream' });
    expect(await within(arrived, 5_000)).toBe('notice-a');
  });

  it('reads past transactions that cannot append here, and stops before an append still open in its own database', async () => {
    const store = await connect({ crossProcessNotices: false });
    const before = await logEnd();
    const elsewhere = await createTestDatabase('esother');
    const open = async (url: string, firstWrite: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('BEGIN');
      await client.query(firstWrite);
      return client;
    };
    const readStreams = async () => (await store.readAll({ after: before, limit: 10 })).map((event) => event.streamId);
    // Takes a transaction id, as a read model's write does.
    const takesAnId = 'SELECT pg_current_xact_id()';
    const otherDatabase = await open(elsewhere.url, takesAnId);
    const readModelWrite = await open(database.url, takesAnId);
    // An ANALYZE of the log (autovacuum runs them as the log grows) locks it against other ANALYZEs
    // and schema changes only, never taking a lock that an append needs.
    const analysing = await open(database.url, 'ANALYZE es_events');
    await analysing.query(takesAnId);
    try {
      await store.appendToStream('horizon-a', [{ type: 'Happened', data: {} }], { expectedRevision: 'no_stream' });
      // Neither another database's open transaction nor one here that holds no write lock on the log
      // can write events before the append: it is readable at once.
      expect(await readStreams()).toEqual(['horizon-a']);
      const appending = await open(
        database.url,
        `INSERT INTO es_events (stream_id, revision, event_id, type, data) VALUES ('horizon-open', 0, gen_random_uuid(), 'Happened', '{}')`,
      );
      try {
        await store.appendToStream('horizon-b', [{ type: 'Happened', data: {} }], { expectedRevision: 'no_stream' });
        // An append still open here may commit its event before the later one: the reader waits for it.
        expect(await readStreams()).toEqual(['horizon-a']);
      } finally {
        await appending.query('ROLLBACK');
        await appending.end();
      }
      expect(await readStreams()).toEqual(['horizon-a', 'horizon-b']);
    } finally {
      for (const client of [otherDatabase, readModelWrite, analysing]) {
        await client.query('ROLLBACK');
        await client.end();
      }
      await elsewhere.drop();
    }
  });

  it('reads an append at once while transactions of another database keep ending', async () => {
    const store = await connect({ crossProcessNotices: false });
    const elsewhere = await createTestDatabase('eschurn');
    // Short transactions that each take an id, as other apps' (or test files') writes do: one of them
    // often ends while a read of this log is under way.
    let churning = true;
    const churn = Array.from({ length: 8 }, async () => {
      const client = new pg.Client({ connectionString: elsewhere.url });
      await client.connect();
      while (churning) {
        await client.query('BEGIN');
        await client.query('SELECT pg_current_xact_id()');
        await client.query('COMMIT');
      }
      await client.end();
    });
    try {
      const missed: number[] = [];
      let before = await logEnd();
      for (let append = 0; append < 500; append++) {
        const { checkpoint } = await store.appendToStream(`churn-${append}`, [{ type: 'Happened', data: {} }], {
          expectedRevision: 'no_stream',
        });
        const read = await store.readAll({ after: before, limit: 10 });
        // A read that stops short only of a transaction that ended during it is passed by the next read:
        // that is the miss this test is about. (An autovacuum ANALYZE of the log, which held reads back
        // until it ended, made such misses too, three in one CI run, until the horizon passed it.)
        if (read.length !== 1 && (await store.readAll({ after: before, limit: 10 })).length === 1) missed.push(append);
        before = checkpoint;
      }
      expect(missed).toEqual([]);
    } finally {
      churning = false;
      await Promise.all(churn);
      await elsewhere.drop();
    }
  });

  it('reads again at once when a transaction that held its read back ends without an append to wake it', async () => {
    const store = await connect({ crossProcessNotices: false });
    const { arrived } = await firstNewEvent(store);
    // An append of this database still open (it holds the log's write lock): the log's readers wait for it.
    const holding = new pg.Client({ connectionString: database.url });
    await holding.connect();
    await holding.query('BEGIN');
    await holding.query(
      `INSERT INTO es_events (stream_id, revision, event_id, type, data) VALUES ('rolled-back', 0, gen_random_uuid(), 'Happened', '{}')`,
    );
    // It ends just after the woken subscriber's read and before its question what that read left unread.
    const query = pg.Pool.prototype.query;
    let ended = false;
    const questions = vi.spyOn(pg.Pool.prototype, 'query').mockImplementation(function (
      this: pg.Pool,
      ...args: unknown[]
    ) {
      const asks = (args[0] as { name?: string } | undefined)?.name === 'playtime-events-unread';
      if (!asks || ended) return (query as (...all: unknown[]) => unknown).apply(this, args);
      ended = true;
      return holding.query('ROLLBACK').then(() => (query as (...all: unknown[]) => unknown).apply(this, args));
    } as typeof pg.Pool.prototype.query);
    try {
      await store.appendToStream('held-back', [{ type: 'Happened', data: {} }], { expectedRevision: 'no_stream' });
      expect(await within(arrived, 5_000)).toBe('held-back');
      expect(ended).toBe(true);
    } finally {
      questions.mockRestore();
      if (!ended) await holding.query('ROLLBACK');
      await holding.end();
    }
  });

  it('never skips an append while transactions that write no events come and go beside it', async () => {
    const store = await connect({ crossProcessNotices: false });
    const end = await logEnd();
    const run = randomUUID();
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * ms)));
    const seen: string[] = [];
    const controller = new AbortController();
    const reading = (async () => {
      for await (const batch of store.subscribeToAll({ after: end, signal: controller.signal }))
        for (const event of batch) if ((event.data as { run?: string }).run === run) seen.push(event.eventId);
    })();
    // Read-model writes: transactions with an id and no lock on the log, which readers now pass over,
    // ending while appends that began before or after them are still open.
    const others = new pg.Pool({ connectionString: database.url, max: 8 });
    let writing = true;
    const readModelWrites = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (writing) {
          const client = await others.connect();
          try {
            await client.query('BEGIN');
            await client.query('SELECT pg_current_xact_id()');
            await pause(10);
            await client.query('COMMIT');
          } finally {
            client.release();
          }
        }
      }),
    );
    const committed = new Set<string>();
    try {
      await Promise.all(
        Array.from({ length: 8 }, async (_, writer) => {
          for (let append = 0; append < 30; append++) {
            const eventId = randomUUID();
            // Held open a moment after its statement, as a slow commit is.
            await store.transaction(async (tx) => {
              await tx.appendToStream(`mixed-${run}-${writer}-${append}`, [{ eventId, type: 'Mixed', data: { run } }], {
                expectedRevision: 'no_stream',
              });
              await pause(30);
            });
            committed.add(eventId);
          }
        }),
      );
    } finally {
      writing = false;
      await readModelWrites;
      await others.end();
    }
    try {
      await within(
        (async () => {
          while (seen.length < committed.size) await new Promise((resolve) => setTimeout(resolve, 10));
        })(),
        10_000,
      );
    } finally {
      controller.abort();
      await reading;
    }
    expect(seen).toHaveLength(committed.size);
    expect(new Set(seen)).toEqual(committed);
  });

  it('asks once, not once per subscriber, whether events are unread after the read that woke them all', async () => {
    const store = await connect({ crossProcessNotices: false });
    const end = await logEnd();
    const SUBSCRIBERS = 5;
    const APPENDS = 10;
    const seen = Array.from({ length: SUBSCRIBERS }, () => 0);
    for (const index of seen.keys()) {
      const controller = new AbortController();
      subscriptions.push(controller);
      void (async () => {
        for await (const batch of store.subscribeToAll({ after: end, signal: controller.signal }))
          seen[index]! += batch.length;
      })();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Every pool's queries pass here; only this store is reading, and its questions carry the statement's name.
    const queries = vi.spyOn(pg.Pool.prototype, 'query');
    const asked = () =>
      queries.mock.calls.filter(([query]) => (query as { name?: string }).name === 'playtime-events-unread').length;
    try {
      for (let append = 0; append < APPENDS; append++) {
        await store.appendToStream(`in-flight-${append}`, [{ type: 'Happened', data: {} }], {
          expectedRevision: 'no_stream',
        });
        // Each append wakes all five, which read it together and then ask.
        await within(
          (async () => {
            while (seen.some((count) => count < append + 1)) await new Promise((resolve) => setTimeout(resolve, 5));
          })(),
          5_000,
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Asked by each subscriber on its own, it would be 5 questions an append.
      expect(asked()).toBeGreaterThanOrEqual(APPENDS);
      expect(asked()).toBeLessThanOrEqual(2 * APPENDS);
    } finally {
      queries.mockRestore();
    }
  });

  it('without cross-process notices sends no NOTIFY, and still wakes its own subscribers at once', async () => {
    const appending = await connect({ crossProcessNotices: false });
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const notices: string[] = [];
    listener.on('notification', (message) => notices.push(message.channel));
    await listener.query('LISTEN playtime_events_appended');
    try {
      const { arrived } = await firstNewEvent(appending);
      await appending.appendToStream('notice-b', [{ type: 'Happened', data: {} }], { expectedRevision: 'no_stream' });
      expect(await within(arrived, 5_000)).toBe('notice-b');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(notices).toEqual([]);
      // The same append through a store that does tell other processes is heard.
      const telling = await connect();
      await telling.appendToStream('notice-c', [{ type: 'Happened', data: {} }], { expectedRevision: 'no_stream' });
      await within(
        (async () => {
          while (notices.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        })(),
        5_000,
      );
      expect(notices).toContain('playtime_events_appended');
    } finally {
      await listener.end();
    }
  });
});
