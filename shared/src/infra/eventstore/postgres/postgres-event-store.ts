import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { createPool, withTransaction, type Queryable } from '../../db/pool';
import { migrate } from '../../db/migrations';
import type { LogCheckpoint } from '../checkpoint';
import {
  ConcurrencyError,
  type AppendResult,
  type EventLookup,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type StoredEvent,
  type SubscribeOptions,
} from '../port';
import { eventStoreMigrations } from './schema';
import { GroupCommit, type QueuedAppend } from './group-commit';
import { GroupRead, type QueuedRead } from './group-read';
import { LogNotifier } from './log-notifier';
import { LogTail } from './log-tail';
import { ReadPace } from './read-pace';

const UNIQUE_VIOLATION = '23505';
/** Reads a caught-up subscriber makes at once before they are paced (read-pace.ts). */
const LIVE_READ_BURST = 3;
/**
 * The wait before looking again at events an open transaction still holds back. Shorter waits (1 ms,
 * doubling) cost a quarter of the commands per second at 16 and 64 clients in the bench: under load
 * some transaction is nearly always open, and every subscriber looked again and again.
 */
const HELD_BACK_WAIT_MS = 10;
/**
 * One readAll's reads of the log at most, while its horizon is a transaction that ended during the read.
 * How many reads that takes grows with the machine's load: beside 16 short transactions looping in
 * another database and 4 busy cores' worth of other work on 2 cores, 1,000 reads right after an append
 * needed 1 read 918 times, 2 66 times, 3 12 times and up to 6; on a loaded CI machine 10 were once not
 * enough (a churn test's miss). Each read is one short statement, and the bound still keeps a server
 * where it always happens from a hot loop.
 */
const HORIZON_READS = 50;

/** What an append statement returns for each event it wrote. */
interface AppendedRow {
  global_position: number;
  commit_id: string;
  revision: number;
}

const appendResultOf = (last: AppendedRow): AppendResult => ({
  nextRevision: last.revision,
  position: last.global_position,
  checkpoint: { commit: Number(last.commit_id), position: last.global_position },
});

/** Given ids make a retried append recognisable; the rest get fresh ones. */
const eventIdsOf = (events: NewEvent[]) => events.map((event) => event.eventId ?? randomUUID());

interface EventRow {
  global_position: number;
  commit_id: string;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: StoredEvent['metadata'];
  created_at: Date;
}

const EVENT_COLUMNS = `global_position, transaction_id::text AS commit_id, stream_id, revision, event_id, type, data, metadata, created_at`;

/** A stream's events in order. */
export const READ_STREAM_SQL = `SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = $1 ORDER BY revision`;
export const READ_STREAM_AFTER_SQL = `SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = $1 AND revision > $2 ORDER BY revision`;

/**
 * Several streams' events past a revision each (-1: the whole stream), in one statement (group read):
 * each read's rows carry its 1-based ordinal in $1. The lateral join reads each stream by the
 * (stream_id, revision) index, whatever plan the statement made while the log was small.
 */
export const READ_STREAMS_SQL = `
  SELECT e.global_position, e.transaction_id::text AS commit_id, e.stream_id, e.revision, e.event_id, e.type,
         e.data, e.metadata, e.created_at, r.ord
    FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS r(stream_id, after, ord)
   CROSS JOIN LATERAL (
     SELECT * FROM es_events WHERE stream_id = r.stream_id AND revision > r.after ORDER BY revision
   ) AS e
   ORDER BY r.ord, e.revision`;

/**
 * The transactions of the current snapshot that may still write events here, the oldest of which is the
 * log's horizon: its running transactions, passing over those known to run without a write lock on this
 * database's log. Every append is one statement (appendSql, APPEND_BATCH_SQL; a transaction of the store
 * appends and nothing else), and a statement locks the tables it names before it runs, so an appending transaction holds
 * its lock on es_events from before it has a transaction id until after it has ended.
 * Under the snapshot's plain xmin, any transaction with an id held every subscriber back while it
 * ran: a read model's batch, a job's claim, the mail outbox, a long transaction in another database
 * of the server. With a dozen read models writing after each event, some such transaction was nearly
 * always open, and a new event waited for it.
 *
 * A transaction is passed over only when the lock table, read once after the snapshot, shows its
 * backend holding no such lock (a VACUUM or ANALYZE of the log, autovacuum's too, takes one that no
 * append needs), and the transaction is still running after that read: it ran all
 * along, so had it been appending, the read would have shown its lock. One that ended meanwhile still
 * counts (it may have released its locks one by one while the table was read), so the horizon never
 * passes a transaction whose events this snapshot cannot see. CASE makes the ask whether it still runs
 * come after the read. (pg_locks ties a transaction id to its backend; xid8 to xid is the low 32 bits.)
 */
const HELD_BACK_SQL = `
  SELECT running.xid FROM pg_snapshot_xip(pg_current_snapshot()) AS running(xid)
   WHERE (CASE
            WHEN (running.xid::text::bigint % 4294967296)::text::xid IN (
              SELECT own.transactionid FROM held AS own
               WHERE own.locktype = 'transactionid' AND own.mode = 'ExclusiveLock' AND own.granted
                 AND own.pid IS NOT NULL
                 AND own.pid NOT IN (
                   SELECT log.pid FROM held AS log
                    WHERE log.locktype = 'relation' AND log.pid IS NOT NULL
                      AND log.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND log.relation = 'es_events'::regclass
                      AND log.mode NOT IN ('AccessShareLock', 'RowShareLock', 'ShareUpdateExclusiveLock')))
            THEN pg_xact_status(running.xid) = 'in progress'
            ELSE false
          END) IS NOT TRUE`;

/**
 * The log after a checkpoint, in log order, up to its horizon (see schema.ts). Its first column says
 * whether the transaction that set the horizon had ended by the time the statement asked: that one is
 * most often one that merely ended during the read, not an append still open, and a new read passes it.
 * A statement with no event to return still returns one row (its event columns null) to say so.
 */
export const READ_ALL_SQL = `
  WITH held AS MATERIALIZED (SELECT locktype, pid, transactionid, database, relation, mode, granted FROM pg_locks),
       held_back AS MATERIALIZED (${HELD_BACK_SQL}),
       horizon AS MATERIALIZED (
         SELECT COALESCE(min(xid), pg_snapshot_xmax(pg_current_snapshot())) AS xid,
                COALESCE(pg_xact_status(min(xid)) <> 'in progress', false) AS ended
           FROM held_back)
  SELECT horizon.ended AS horizon_ended, e.* FROM horizon
    LEFT JOIN LATERAL (
      SELECT ${EVENT_COLUMNS}, transaction_id FROM es_events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < horizon.xid
       ORDER BY transaction_id, global_position
       LIMIT $3) AS e ON true
   ORDER BY e.transaction_id, e.global_position`;

/** What an event type or a data key may look like in a lookup (they are written into its query). */
const LOOKUP_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

function toStoredEvent(row: EventRow): StoredEvent {
  const commit = Number(row.commit_id);
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    globalPosition: row.global_position,
    checkpoint: { commit, position: row.global_position },
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    createdAt: row.created_at,
  };
}

/**
 * The stream row is claimed first (insert or conditional update), which both checks the expected
 * revision inside the database and serialises appends to one stream; the events follow in the same
 * statement, so an append is one round trip and one implicit transaction.
 */
function claimStreamSql(expected: ExpectedRevision): string {
  const notRetried = `NOT EXISTS (SELECT 1 FROM es_events WHERE stream_id = $1 AND event_id = ANY($3::uuid[]))`;
  if (expected === 'no_stream') {
    return `INSERT INTO es_streams (stream_id, revision) SELECT $1, $2::bigint - 1 WHERE ${notRetried}
            ON CONFLICT (stream_id) DO NOTHING RETURNING revision`;
  }
  if (expected === 'any') {
    return `INSERT INTO es_streams AS s (stream_id, revision) SELECT $1, $2::bigint - 1 WHERE ${notRetried}
            ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + $2::bigint RETURNING revision`;
  }
  return `UPDATE es_streams SET revision = revision + $2::bigint
          WHERE stream_id = $1 AND revision = $7::bigint AND ${notRetried} RETURNING revision`;
}

export function appendSql(expected: ExpectedRevision): string {
  return `
    WITH stream AS (${claimStreamSql(expected)})
    INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
    SELECT $1, stream.revision - $2::bigint + e.ord, e.event_id, e.type, e.data, e.metadata
    FROM stream,
         unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(event_id, type, data, metadata, ord)
    ORDER BY e.ord
    RETURNING global_position, transaction_id::text AS commit_id, revision`;
}

/**
 * Several streams' appends in one statement (group commit). Each stream is claimed as in
 * claimStreamSql, by insert (-1: must not exist) or by conditional update (its expected revision);
 * a stream whose claim fails gets no events and no rows back, and is resolved alone afterwards.
 * Events carry the 1-based ordinal of their stream in $1 and their 1-based index inside it.
 *
 * It does not look for the event ids in the log, as a lone append does: a retried append never
 * passes its claim here (its stream has moved past the revision it expects), and ids reused by a
 * fresh append break the (stream_id, event_id) key, which sends the batch's appends alone. Looking
 * cost more than the rest of the statement: a prepared statement's generic plan, made while the
 * log was small, checked the ids with a scan of the whole log (or of its event-id index), and kept
 * doing so as the log grew: 2.2 ms per batch at 20,000 events. With 16 statements in flight, the
 * bench's 32 writers appended 11,000-16,000/s with the check and 18,700-19,600/s without it.
 */
export const APPEND_BATCH_SQL = `
  WITH input AS (
    SELECT s.stream_id, s.n, s.expected, s.ord
      FROM unnest($1::text[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS s(stream_id, n, expected, ord)
  ),
  created AS (
    INSERT INTO es_streams (stream_id, revision)
    SELECT stream_id, n - 1 FROM input WHERE expected < 0
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING stream_id, revision
  ),
  moved AS (
    UPDATE es_streams s SET revision = s.revision + input.n
      FROM input
     WHERE input.expected >= 0 AND s.stream_id = input.stream_id AND s.revision = input.expected
    RETURNING s.stream_id, s.revision
  ),
  claimed AS (
    SELECT input.stream_id, input.ord, input.n, c.revision
      FROM (SELECT * FROM created UNION ALL SELECT * FROM moved) c JOIN input USING (stream_id)
  )
  INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
  SELECT claimed.stream_id, claimed.revision - claimed.n + e.k, e.event_id, e.type, e.data, e.metadata
    FROM claimed
    JOIN unnest($4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[], $8::bigint[], $9::bigint[]) WITH ORDINALITY
         AS e(event_id, type, data, metadata, stream_ord, k, pos) ON e.stream_ord = claimed.ord
   ORDER BY e.pos
  RETURNING stream_id, global_position, transaction_id::text AS commit_id, revision`;

/**
 * Whether the log holds a committed event after a checkpoint: asked by a caught-up reader after its
 * read, with the checkpoint that read left it at. A yes means an event its read could not or did not
 * return: one held back behind a transaction that is still open (at or after the log's horizon), or
 * one that became readable only since the read, when a transaction that held the horizon back ended
 * without an append of its own to wake anyone (an append rolled back, or a transaction the read could
 * not yet tell apart from one). Asking only "is anything held back now" misses the second case,
 * and its reader then slept until its next poll.
 *
 * Asked of the newest entry of the log-order index (one entry read from its end), never as
 * EXISTS (... WHERE (transaction_id, global_position) > ...): for that the planner guesses a third of
 * the log matches and, without fresh statistics, scans the whole table; the bench saw 2 to 40 ms per
 * ask, growing with the log.
 */
export const EVENTS_UNREAD_SQL = `
  SELECT COALESCE((SELECT (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
                     FROM es_events ORDER BY transaction_id DESC, global_position DESC LIMIT 1), false) AS pending`;

function batchParams(batch: QueuedAppend[]): unknown[] {
  const events = batch.flatMap((entry, streamIndex) =>
    entry.events.map((event, index) => ({
      event,
      id: entry.eventIds[index]!,
      streamOrd: streamIndex + 1,
      k: index + 1,
    })),
  );
  return [
    batch.map((entry) => entry.streamId),
    batch.map((entry) => entry.events.length),
    batch.map((entry) => (entry.expected === 'no_stream' ? -1 : entry.expected)),
    events.map((item) => item.id),
    events.map((item) => item.event.type),
    events.map((item) => JSON.stringify(item.event.data ?? null)),
    events.map((item) => JSON.stringify(item.event.metadata ?? {})),
    events.map((item) => item.streamOrd),
    events.map((item) => item.k),
  ];
}

export interface PostgresEventStoreOptions {
  /** How often a caught-up subscriber looks for new events when no notification arrives. */
  pollIntervalMs?: number;
  /**
   * Append statements in flight at once; appends arriving beyond that are committed together.
   * Default 4. Fewer, fuller statements cost less per append on both sides. On this project's
   * 2-core machine the bench's 32 writers appended 22,768/s with 4 in flight against 18,734/s with
   * 16 (8 writers: 9,753/s against 9,095/s); measured apart, PostgreSQL spent 41-51 µs of CPU per
   * append with 4 against 82-94 µs with 16. An earlier measurement that favoured 16 was made while
   * each batch statement still read the log.
   */
  appendBatchesInFlight?: number;
  /**
   * Stream reads in flight at once; reads arriving beyond that are made together, in one statement.
   * Default 2: in the bookings bench (32 captains, each booking reading a field's, a sub-field's and
   * an account's stream) 4 in flight left 3.2 read statements per booking of 4.4, 1 left 1.2; 2 lets
   * one long read (a whole stream) hold up the others only as long as it takes the other batch.
   */
  readBatchesInFlight?: number;
  /** Least time between two reads, on average, of a subscriber that has caught up with the log while reads keep coming. */
  liveReadIntervalMs?: number;
  /**
   * Whether subscribers in other processes are told of appends (NOTIFY/LISTEN); default true. Off
   * when every subscriber of the database lives in this process; others would then only poll.
   */
  crossProcessNotices?: boolean;
}

export class PostgresEventStore implements EventStore {
  private readonly notifier: LogNotifier;
  private readonly pollIntervalMs: number;
  private readonly liveReadIntervalMs: number;
  private readonly groupCommit: GroupCommit;
  private readonly groupRead: GroupRead;
  /** What subscriptions read: the projections of a projector read the same new events in turn. */
  private readonly tail = new LogTail((after, limit) => this.readAll({ after, limit }));

  private constructor(
    private readonly pool: pg.Pool,
    private readonly ownsPool: boolean,
    connectionString: string,
    options: PostgresEventStoreOptions,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.liveReadIntervalMs = options.liveReadIntervalMs ?? 10;
    this.notifier = new LogNotifier(connectionString, pool, options.crossProcessNotices ?? true);
    this.groupCommit = new GroupCommit((batch) => this.writeBatch(batch), {
      maxInFlight: options.appendBatchesInFlight ?? 4,
      maxEventsPerBatch: 1000,
    });
    this.groupRead = new GroupRead((batch) => this.readBatch(batch), {
      maxInFlight: options.readBatchesInFlight ?? 2,
      maxReadsPerBatch: 100,
    });
  }

  static async connect(
    connectionString: string,
    options: PostgresEventStoreOptions & { pool?: pg.Pool; poolSize?: number } = {},
  ): Promise<PostgresEventStore> {
    const pool =
      options.pool ??
      createPool(connectionString, { max: options.poolSize ?? 20, applicationName: 'playtime-eventstore' });
    await migrate(pool, 'eventstore', eventStoreMigrations);
    return new PostgresEventStore(pool, !options.pool, connectionString, options);
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const eventIds = eventIdsOf(events);
    if (options.expectedRevision === 'any') {
      const result = await this.append(this.pool, streamId, events, eventIds, 'any', false);
      this.notifier.appended();
      return result;
    }
    return this.groupCommit.append({ streamId, events, eventIds, expected: options.expectedRevision });
  }

  /** One batch of the group commit: settles every append in it. */
  private async writeBatch(batch: QueuedAppend[]): Promise<void> {
    const appendAlone = (entry: QueuedAppend) =>
      this.append(this.pool, entry.streamId, entry.events, entry.eventIds, entry.expected, false).then(
        entry.resolve,
        entry.reject,
      );
    try {
      if (batch.length === 1) return await appendAlone(batch[0]!);
      let rows: Array<AppendedRow & { stream_id: string }>;
      try {
        ({ rows } = await this.pool.query({
          name: 'playtime-append-batch',
          text: APPEND_BATCH_SQL,
          values: batchParams(batch),
        }));
      } catch {
        // A concurrent append of the same event ids (unique violation), a deadlock with another
        // process's batch: each append alone then gets the answer it would have got by itself.
        await Promise.all(batch.map(appendAlone));
        return;
      }
      const lastByStream = new Map<string, (typeof rows)[number]>();
      for (const row of rows) lastByStream.set(row.stream_id, row);
      await Promise.all(
        batch.map(async (entry) => {
          const last = lastByStream.get(entry.streamId);
          if (last) entry.resolve(appendResultOf(last));
          else
            await this.resolveRejectedAppend(this.pool, entry.streamId, entry.eventIds, entry.expected).then(
              entry.resolve,
              entry.reject,
            );
        }),
      );
    } finally {
      this.notifier.appended();
    }
  }

  /**
   * Runs appends inside one database transaction of the caller's. Used by the contract suite to
   * hold transactions open and roll some back; events become visible to subscribers only on commit.
   */
  async transaction<T>(work: (tx: Pick<EventStore, 'appendToStream'>) => Promise<T>): Promise<T> {
    try {
      return await withTransaction(this.pool, (client) =>
        work({
          appendToStream: (streamId, events, options) =>
            this.append(client, streamId, events, eventIdsOf(events), options.expectedRevision, true),
        }),
      );
    } finally {
      this.notifier.appended();
    }
  }

  private async append(
    db: Queryable,
    streamId: string,
    events: NewEvent[],
    ids: string[],
    expected: ExpectedRevision,
    inTransaction: boolean,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const params = [
      streamId,
      events.length,
      ids,
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data ?? null)),
      events.map((event) => JSON.stringify(event.metadata ?? {})),
    ];
    if (typeof expected === 'number') params.push(expected);
    try {
      // A named statement is parsed and planned once per connection: the bench measured appends at
      // 32 writers going from 42% to over 100% of a plain INSERT's rate with it.
      const { rows } = await db.query<AppendedRow>({
        name: `playtime-append-${typeof expected === 'number' ? 'revision' : expected}`,
        text: appendSql(expected),
        values: params,
      });
      const last = rows.at(-1);
      if (last) {
        return appendResultOf(last);
      }
    } catch (error) {
      // A unique violation means a concurrent append of the same event ids won the race.
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      // Inside the caller's transaction the failed statement aborted it: nothing more can be read.
      if (inTransaction) throw new ConcurrencyError(streamId, expected, 'no_stream');
    }
    return this.resolveRejectedAppend(db, streamId, ids, expected);
  }

  /** Nothing was written: either this exact append was stored before (a retry) or the stream moved on. */
  private async resolveRejectedAppend(
    db: Queryable,
    streamId: string,
    ids: string[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const { rows } = await db.query<AppendedRow>(
      `SELECT global_position, transaction_id::text AS commit_id, revision
         FROM es_events WHERE stream_id = $1 AND event_id = ANY($2::uuid[]) ORDER BY revision`,
      [streamId, ids],
    );
    const last = rows.at(-1);
    if (last && rows.length === ids.length) {
      return appendResultOf(last);
    }
    const current = await db.query<{ revision: number }>('SELECT revision FROM es_streams WHERE stream_id = $1', [
      streamId,
    ]);
    throw new ConcurrencyError(streamId, expected, current.rows[0]?.revision ?? 'no_stream');
  }

  readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    return this.groupRead.read(streamId, options.after);
  }

  /** One batch of the group read: a lone read by its own statement, several by one for them all. */
  private async readBatch(batch: QueuedRead[]): Promise<void> {
    if (batch.length === 1) {
      const [read] = batch as [QueuedRead];
      const { rows } =
        read.after === undefined
          ? await this.pool.query<EventRow>({
              name: 'playtime-read-stream',
              text: READ_STREAM_SQL,
              values: [read.streamId],
            })
          : await this.pool.query<EventRow>({
              name: 'playtime-read-stream-after',
              text: READ_STREAM_AFTER_SQL,
              values: [read.streamId, read.after],
            });
      return read.resolve(rows.map(toStoredEvent));
    }
    const { rows } = await this.pool.query<EventRow & { ord: number }>({
      name: 'playtime-read-streams',
      text: READ_STREAMS_SQL,
      values: [batch.map((read) => read.streamId), batch.map((read) => read.after ?? -1)],
    });
    const events: StoredEvent[][] = batch.map(() => []);
    for (const row of rows) events[row.ord - 1]!.push(toStoredEvent(row));
    batch.forEach((read, index) => read.resolve(events[index]!));
  }

  async findEvent(lookup: EventLookup): Promise<StoredEvent | null> {
    return (await this.lookUp(lookup, 1))[0] ?? null;
  }

  findEvents(lookup: EventLookup): Promise<StoredEvent[]> {
    return this.lookUp(lookup, null);
  }

  private async lookUp({ type, key, value }: EventLookup, limit: number | null): Promise<StoredEvent[]> {
    // Type and key are written into the query so that the partial expression indexes of schema.ts serve it.
    if (!LOOKUP_NAME.test(type) || !LOOKUP_NAME.test(key))
      throw new Error(`Not an event type and data key to look up: ${type}.${key}`);
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events WHERE type = '${type}' AND data->>'${key}' = $1 ORDER BY global_position${limit === null ? '' : ` LIMIT ${limit}`}`,
      [value],
    );
    return rows.map(toStoredEvent);
  }

  async readAll({ after, limit }: { after: LogCheckpoint | null; limit: number }): Promise<StoredEvent[]> {
    for (let read = 1; ; read++) {
      const { rows } = await this.pool.query<EventRow & { horizon_ended: boolean }>({
        name: 'playtime-read-all',
        text: READ_ALL_SQL,
        values: [String(after?.commit ?? 0), after?.position ?? 0, limit],
      });
      const events = rows.filter((row) => row.event_id !== null).map(toStoredEvent);
      // A horizon set by a transaction that has already ended is read past at once. On a busy server
      // some transaction of one of its databases often ends during the read: beside 16 pgbench clients
      // in another database, 355 of 2,000 reads right after an append stopped short of it, and such a
      // reader waited HELD_BACK_WAIT_MS for its next look. Each read stops short so with the same small
      // chance, so the next read nearly always passes; the bound keeps a server where it always happens
      // from a hot loop.
      if (events.length === limit || !rows[0]?.horizon_ended || read === HORIZON_READS) return events;
    }
  }

  /** The last question whether events lie after a checkpoint, with when it was asked. */
  private unreadCheck: { askedAt: number; after: string; pending: Promise<boolean> } | null = null;

  /**
   * True when the log holds an event after `after` that a read begun at `readAt` did not return (see
   * EVENTS_UNREAD_SQL). Caught-up subscribers of this store share their reads, so they usually ask
   * at the same checkpoint after the same read, and one answer asked after it serves them all.
   */
  private hasUnreadEvents(readAt: number, after: LogCheckpoint | null): Promise<boolean> {
    const values = [String(after?.commit ?? 0), after?.position ?? 0] as const;
    const key = values.join(':');
    const last = this.unreadCheck;
    if (last && last.askedAt >= readAt && last.after === key) return last.pending;
    const check = {
      askedAt: performance.now(),
      after: key,
      pending: this.pool
        .query<{ pending: boolean }>({ name: 'playtime-events-unread', text: EVENTS_UNREAD_SQL, values: [...values] })
        .then(({ rows }) => rows[0]?.pending ?? false),
    };
    // A failed question is asked again by the next caller, not answered from memory.
    check.pending.catch(() => {
      if (this.unreadCheck === check) this.unreadCheck = null;
    });
    this.unreadCheck = check;
    return check.pending;
  }

  async *subscribeToAll({ after, batchSize = 500, signal }: SubscribeOptions): AsyncIterable<StoredEvent[]> {
    let checkpoint = after;
    let caughtUp = false;
    let lastReadAt = 0;
    // A caught-up subscriber's reads go at once while they are few and are paced at one per
    // liveReadIntervalMs under load, so that each read then brings a batch (read-pace.ts).
    const pace = new ReadPace(this.liveReadIntervalMs, LIVE_READ_BURST);
    while (!signal?.aborted) {
      // Register interest before reading, so an append that lands during the read still wakes us.
      const wake = this.notifier.nextWake();
      const wait = caughtUp ? pace.take() : 0;
      if (wait > 0) await delay(wait, undefined, { signal }).catch(() => undefined);
      lastReadAt = performance.now();
      const batch = await this.tail.read(checkpoint, batchSize);
      caughtUp = batch.length < batchSize;
      if (batch.length > 0) {
        checkpoint = batch.at(-1)!.checkpoint;
        yield batch;
        if (!caughtUp) continue;
      }
      // Under load the next append has usually been noticed while this batch was handled: read again
      // at once. Only after progress, so an open transaction that holds the log back is not polled hot.
      if (batch.length > 0 && wake.woken) continue;
      const soon = await this.hasUnreadEvents(lastReadAt, checkpoint);
      await wake.wait(soon ? HELD_BACK_WAIT_MS : this.pollIntervalMs, signal);
    }
  }

  async countEventsAfter(after: LogCheckpoint | null): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>(
      `SELECT count(*)::bigint AS count FROM es_events WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`,
      [String(after?.commit ?? 0), after?.position ?? 0],
    );
    return rows[0]?.count ?? 0;
  }

  async close(): Promise<void> {
    await this.notifier.close();
    if (this.ownsPool) await this.pool.end();
  }
}
