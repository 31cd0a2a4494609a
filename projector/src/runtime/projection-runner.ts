import pg from 'pg';
import { compareCheckpoints, formatCheckpoint, type LogCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import { withTransaction } from '@playtime/shared/infra/db/pool';
import type { EventStore, StoredEvent } from '@playtime/shared/infra/eventstore/port';
import type { Logger } from '@playtime/shared/infra/logging';
import type { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
import {
  CHECKPOINT_MOVED_ELSEWHERE,
  generationSchema,
  PROJECTION_PROGRESS_CHANNEL,
} from '@playtime/shared/infra/projections/schema';
import type { ChangeAnnouncer, Projection, SqlStatement } from './projection';
import type { ProjectionLease, ProjectionLeases } from './projection-leases';
import { Serial } from './serial';
import { runInOneRoundTrip } from './sql-script';
import { EVERY_SOCKET } from '@playtime/shared/contract/rooms';

const START: LogCheckpoint = { commit: 0, position: 0 };

export interface ProjectionRunnerOptions {
  store: EventStore;
  pool: pg.Pool;
  connectionString: string;
  /** This process's lease keeper: the runner runs while it holds its projection's lease. */
  leases: ProjectionLeases;
  projection: Projection;
  announcer: ChangeAnnouncer;
  logger: Logger;
  batchSize?: number;
  rebuildBatchSize?: number;
  /**
   * Readers waiting for projections to move. Told by a NOTIFY in each live move's transaction when
   * they may be in other processes (`crossProcess`, and when not given), and in this process after
   * each live move commits.
   */
  progress?: Pick<ProjectionProgress, 'crossProcess' | 'moved'>;
  /** Called after each committed live batch (metrics). */
  onBatch?: (info: { projection: string; events: number; lastEventAt: Date }) => void;
  /** Called after each live batch that changed rooms is announced: where its push's time went (metrics). */
  onPush?: (stages: PushStages) => void;
}

/**
 * A push's way through the projector, in milliseconds: from its batch's last event being written to the
 * log until this runner read the batch (the commit, the wake-up, the read), then until the batch's
 * read-model writes committed (a batch before it still running included), then until the change was
 * handed to every socket of its rooms (socket.io's encoding and its writes queued, or the Redis publish;
 * an earlier message to the same room first). The runner reads and applies its next batch meanwhile.
 */
export interface PushStages {
  projection: string;
  heardMs: number;
  appliedMs: number;
  announcedMs: number;
}

export interface RebuildProgress {
  generation: number;
  status: 'running' | 'switched' | 'abandoned';
  eventsDone: number;
  eventsTotal: number;
}

/** Another runner moved the checkpoint, or took the lease: this one no longer owns the projection. */
class LostOwnership extends Error {}

interface Generation {
  generation: number;
  /** The token of the lease this generation is written under: its moves commit only while it is current. */
  token: number;
  /** Where the stored checkpoint is (what the next move compares and sets). */
  checkpoint: LogCheckpoint;
  /** Live batches with none of the projection's events, read but not yet recorded (see deferMove). */
  pending?: { to: LogCheckpoint; events: number; timer: NodeJS.Timeout };
}

/**
 * How long a live batch with none of a projection's events may wait to move its checkpoint. With a
 * dozen projections each committing a move per batch, most of the projector's writes were such moves;
 * waiting lets one move cover many batches. A reader waiting for this projection to pass a write of
 * another waits at most this much longer.
 */
const IDLE_MOVE_DELAY_MS = 20;

/**
 * Keeps one projection up to date with the log. Only the holder of the projection's lease (see
 * ProjectionLeases) runs; others wait and take over when it stops renewing it, be it dead, paused or
 * cut off. Each batch's read-model writes and the new checkpoint commit together, guarded by
 * compare-and-set on the checkpoint and by the lease's token, so neither a crash at any point nor a
 * paused owner that resumes after a takeover loses or repeats an event. A rebuild fills a new
 * generation next to the live one and switches readers over when it has caught up.
 */
export class ProjectionRunner {
  private readonly projection: Projection;
  private readonly batchSize: number;
  private readonly rebuildBatchSize: number;
  private readonly handles: ReadonlySet<string> | null;
  private readonly serial = new Serial();
  private stopped = false;
  private readonly stopping = new AbortController();
  private lease: ProjectionLease | null = null;
  /** The owner's pipelined connection for a write-only projection's batches. */
  private writer: pg.Client | null = null;
  private ownership: AbortController | null = null;
  private liveLoop: AbortController | null = null;
  private live: Generation | null = null;
  private rebuild: Generation | null = null;
  private rebuildRequested = false;
  private loopDone: Promise<void> = Promise.resolve();

  /**
   * Each projector transaction sets this: an owner paused in the middle of one (SIGSTOP, a stalled VM)
   * loses its session before a standby may take over, and with it the row locks the new owner needs.
   */
  private readonly transactionSetup: string;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.projection = options.projection;
    this.transactionSetup = `SET LOCAL idle_in_transaction_session_timeout = ${Math.round(options.leases.ttlMs)}`;
    this.batchSize = options.batchSize ?? 500;
    this.rebuildBatchSize = options.rebuildBatchSize ?? 2000;
    this.handles = this.projection.handles ? new Set(this.projection.handles) : null;
    if (!/^[a-z][a-z0-9_]*$/.test(this.projection.name)) throw new Error(`Bad projection name ${this.projection.name}`);
  }

  get name(): string {
    return this.projection.name;
  }

  get isOwner(): boolean {
    return this.ownership !== null && !this.ownership.signal.aborted;
  }

  start(): void {
    this.loopDone = this.superviseLoop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    this.ownership?.abort();
    await this.loopDone;
  }

  /** Rebuild from the start of the log into a fresh table set; readers switch when it caught up. */
  requestRebuild(): void {
    this.rebuildRequested = true;
    if (this.isOwner && this.lease && !this.rebuild) void this.runRebuild(this.ownership!.signal, this.lease.token);
  }

  private async superviseLoop(): Promise<void> {
    while (!this.stopped) {
      const lease = await this.options.leases.acquire(this.name, this.stopping.signal);
      if (!lease) return;
      let failed = false;
      try {
        await this.takeOwnership(lease);
        // A stop() during the take found no ownership to end: the lease won after it is let go at once.
        if (!this.stopped) await this.runWhileOwner();
      } catch (error) {
        if (!(error instanceof LostOwnership) && !this.stopped && !lease.signal.aborted) {
          this.options.logger.error({ err: error, projection: this.name }, 'projection runner failed; retrying');
          failed = true;
        }
      } finally {
        await this.releaseOwnership();
      }
      if (failed && !this.stopped) await sleep(this.options.leases.heartbeatMs);
    }
  }

  private async takeOwnership(lease: ProjectionLease): Promise<void> {
    const ownership = new AbortController();
    if (lease.signal.aborted) ownership.abort();
    else lease.signal.addEventListener('abort', () => ownership.abort(), { once: true });
    this.lease = lease;
    this.ownership = ownership;
    if (!this.projection.writes) return;
    // Pipelined: a write-only projection's batches run on this connection, one round trip each (see
    // runInOneRoundTrip). Its loss ends this ownership; the lease lets another process take over.
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: `playtime-projection-${this.name}`,
      pipeline: true,
    });
    client.on('error', () => ownership.abort());
    client.on('end', () => ownership.abort());
    this.writer = client;
    await client.connect();
  }

  /** Ends this ownership and hands the lease back, so a standby takes over without waiting for it to expire. */
  private async releaseOwnership(): Promise<void> {
    this.ownership?.abort();
    this.liveLoop?.abort();
    this.ownership = null;
    this.rebuild = null;
    const writer = this.writer;
    const lease = this.lease;
    this.writer = null;
    this.lease = null;
    await writer?.end().catch(() => undefined);
    if (lease) await this.options.leases.release(lease);
  }

  /**
   * Ends a bookkeeping transaction of the owner: it commits only while this runner's lease is the
   * current one. Locked, so a takeover waits for the commit and the new owner reads what it wrote.
   */
  private async confirmLease(client: pg.PoolClient, token = this.lease?.token): Promise<number> {
    const { rows } = await client.query(
      'SELECT FROM public.projection_leases WHERE name = $1 AND token = $2 FOR SHARE',
      [this.name, token ?? null],
    );
    if (rows.length === 0 || token === undefined) {
      this.ownership?.abort();
      throw new LostOwnership();
    }
    return token;
  }

  private async runWhileOwner(): Promise<void> {
    const owned = this.ownership!.signal;
    this.live = await this.ensureActiveGeneration();
    const { rows } = await this.options.pool.query<{ version: number }>(
      'SELECT version FROM projection_checkpoints WHERE name = $1 AND generation = $2',
      [this.name, this.live.generation],
    );
    if (rows[0]?.version !== this.projection.version) this.rebuildRequested = true;
    if (this.rebuildRequested || (await this.hasUnfinishedRebuild())) void this.runRebuild(owned, this.live.token);

    while (!owned.aborted) {
      this.liveLoop = new AbortController();
      const loopSignal = AbortSignal.any([owned, this.liveLoop.signal]);
      for await (const batch of this.options.store.subscribeToAll({
        after: this.live.checkpoint,
        batchSize: this.batchSize,
        signal: loopSignal,
      })) {
        if (loopSignal.aborted) break;
        const readAt = Date.now();
        await this.serial.run(async () => {
          // A switch-over may have happened while this batch waited: it belongs to the old generation.
          if (loopSignal.aborted) return;
          const keys = await this.applyBatch(this.live!, batch, true);
          const appliedAt = Date.now();
          const last = batch.at(-1)!;
          this.options.onBatch?.({ projection: this.name, events: batch.length, lastEventAt: last.createdAt });
          if (keys.size > 0) this.announceLive(keys, last, readAt, appliedAt);
        });
      }
    }
  }

  /**
   * Hands a committed live batch's changes to the announcer without waiting for the sockets: the next
   * batch is read and applied while they are written (the announcer keeps each room's messages in order).
   * Writing to a thousand sockets took 17 ms, and a batch waiting behind it was heard that much later.
   */
  private announceLive(keys: Set<string>, last: StoredEvent, readAt: number, appliedAt: number): void {
    const handed = (async () =>
      this.options.announcer.announce({
        projection: this.name,
        keys: [...keys],
        checkpoint: formatCheckpoint(last.checkpoint),
      }))();
    handed.then(
      () =>
        this.options.onPush?.({
          projection: this.name,
          heardMs: readAt - last.createdAt.getTime(),
          appliedMs: appliedAt - readAt,
          announcedMs: Date.now() - appliedAt,
        }),
      (error: unknown) =>
        this.options.logger.warn({ err: error, projection: this.name }, 'could not announce a change to its rooms'),
    );
  }

  /** The active generation, creating generation 1 on a first start. */
  private ensureActiveGeneration(): Promise<Generation> {
    return withTransaction(
      this.options.pool,
      async (client) => {
        await client.query(
          'INSERT INTO projection_state (name, active_generation) VALUES ($1, 1) ON CONFLICT (name) DO NOTHING',
          [this.name],
        );
        const state = await client.query<{ active_generation: number }>(
          'SELECT active_generation FROM projection_state WHERE name = $1',
          [this.name],
        );
        const generation = state.rows[0]!.active_generation;
        const existing = await client.query<{ commit_id: number; position: number }>(
          'SELECT commit_id, position FROM projection_checkpoints WHERE name = $1 AND generation = $2',
          [this.name, generation],
        );
        if (existing.rows[0]) {
          const token = await this.confirmLease(client);
          return {
            generation,
            token,
            checkpoint: { commit: existing.rows[0].commit_id, position: existing.rows[0].position },
          };
        }
        await this.createGeneration(client, generation);
        await this.pointViewsAt(client, generation);
        return { generation, token: await this.confirmLease(client), checkpoint: START };
      },
      this.transactionSetup,
    );
  }

  private async createGeneration(client: pg.PoolClient, generation: number): Promise<void> {
    const schema = generationSchema(this.name, generation);
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`SET LOCAL search_path TO ${schema}, public`);
    await client.query(this.projection.schemaSql);
    await client.query(`SET LOCAL search_path TO DEFAULT`);
    await client.query(
      `INSERT INTO projection_checkpoints (name, generation, version) VALUES ($1, $2, $3)
       ON CONFLICT (name, generation) DO UPDATE SET version = EXCLUDED.version, commit_id = 0, position = 0, events_done = 0`,
      [this.name, generation, this.projection.version],
    );
  }

  private async pointViewsAt(client: pg.PoolClient, generation: number): Promise<void> {
    const schema = generationSchema(this.name, generation);
    for (const table of this.projection.tables) {
      await client.query(`DROP VIEW IF EXISTS read.${table}`);
      await client.query(`CREATE VIEW read.${table} AS SELECT * FROM ${schema}.${table}`);
    }
  }

  /** Applies a batch to one generation and moves its checkpoint, in one transaction. */
  private async applyBatch(target: Generation, batch: StoredEvent[], live: boolean): Promise<Set<string>> {
    const last = batch.at(-1)!.checkpoint;
    const handled = this.handles ? batch.filter((event) => this.handles!.has(event.type)) : batch;
    if (handled.length === 0 && live) {
      this.deferMove(target, last, batch.length);
      return new Set();
    }
    // This move records the batches still waiting too: it sets the checkpoint from where it is stored.
    const waiting = this.takePending(target);
    const move = this.checkpointMove(target, last, batch.length + waiting, live);
    // Names the projection's own table set (its name and a number, never user text).
    const setup = `SET LOCAL search_path TO ${generationSchema(this.name, target.generation)}, public; ${this.transactionSetup}`;
    let keys = new Set<string>();
    try {
      if (handled.length === 0) {
        await this.options.pool.query(move);
      } else if (this.projection.writes) {
        const writes = this.projection.writes(handled);
        // On the owner's own connection: batches are serial anyway.
        const client = this.writer;
        if (!client || !this.isOwner) throw new LostOwnership();
        const results = await runInOneRoundTrip(client, setup, [...writes.statements, move]);
        keys = new Set(writes.changed);
        writes.statements.forEach((statement, index) => {
          if (statement.changedBy) for (const key of statement.changedBy(results[index]!.rows)) keys.add(key);
        });
      } else {
        const { apply } = this.projection;
        keys = await withTransaction(
          this.options.pool,
          async (client) => {
            const changed = new Set(await apply(handled, client));
            await client.query(move);
            return changed;
          },
          // The projection's plain table names mean its generation's tables; live batches wait for
          // every round trip of this transaction, so the setting travels with BEGIN.
          setup,
        );
      }
    } catch (error) {
      if ((error as { code?: unknown }).code === CHECKPOINT_MOVED_ELSEWHERE) {
        this.ownership?.abort();
        throw new LostOwnership();
      }
      throw error;
    }
    target.checkpoint = last;
    if (live) this.options.progress?.moved();
    return keys;
  }

  /** Records a batch of none of the projection's events a moment later, together with those that follow. */
  private deferMove(target: Generation, to: LogCheckpoint, events: number): void {
    if (target.pending) {
      target.pending.to = to;
      target.pending.events += events;
      return;
    }
    const timer = setTimeout(() => {
      void this.serial
        .run(() => this.movePending(target))
        .catch((error: unknown) =>
          this.options.logger.warn(
            { err: error, projection: this.name },
            'could not record the checkpoint; the next batch will',
          ),
        );
    }, IDLE_MOVE_DELAY_MS);
    timer.unref();
    target.pending = { to, events, timer };
  }

  private takePending(target: Generation): number {
    const pending = target.pending;
    if (!pending) return 0;
    clearTimeout(pending.timer);
    target.pending = undefined;
    return pending.events;
  }

  private async movePending(target: Generation): Promise<void> {
    const pending = target.pending;
    // Recorded by a batch meanwhile, or this generation is no longer the one being kept live.
    if (!pending || target !== this.live || !this.isOwner) return;
    const move = this.checkpointMove(target, pending.to, pending.events, true);
    try {
      await this.options.pool.query(move);
    } catch (error) {
      if ((error as { code?: unknown }).code === CHECKPOINT_MOVED_ELSEWHERE) {
        this.ownership?.abort();
        return;
      }
      throw error;
    }
    this.takePending(target);
    target.checkpoint = pending.to;
    this.options.progress?.moved();
  }

  /**
   * Compare-and-set of a generation's checkpoint (and the progress notice for waiting readers). It
   * fails with CHECKPOINT_MOVED_ELSEWHERE, undoing the batch, when another runner moved it first, or
   * when this runner's lease was taken over (fencing: a paused owner that resumes writes nothing). It
   * locks the lease row until the batch commits, so a takeover waits for a batch already this far.
   *
   * Every projector transaction ends with this statement, so it is where the transaction is told not
   * to wait for its WAL to reach the disk. A crash can then lose the last few projector commits, but a
   * read model and its checkpoint commit together, so it falls back to an earlier consistent point and
   * the projector re-applies those events from the log, which is written with synchronous commit.
   * Waiting for the flush only delayed each batch, and every push and read-your-writes wait behind it.
   */
  private checkpointMove(
    target: Generation,
    to: LogCheckpoint,
    events: number,
    live: boolean,
  ): pg.QueryConfig & SqlStatement {
    return {
      name: 'playtime-move-checkpoint',
      text: `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
       leased AS (SELECT FROM public.projection_leases WHERE name = $1 AND token = $10 FOR SHARE),
       moved AS (
         UPDATE public.projection_checkpoints
            SET commit_id = $3, position = $4, events_done = events_done + $5, updated_at = now()
          WHERE name = $1 AND generation = $2 AND commit_id = $6 AND position = $7 AND EXISTS (SELECT FROM leased)
         RETURNING 1)
       SELECT public.projection_checkpoint_moved(EXISTS (SELECT FROM moved)), CASE WHEN $8 THEN pg_notify($9, $1) END FROM async_commit`,
      values: [
        this.name,
        target.generation,
        to.commit,
        to.position,
        events,
        target.checkpoint.commit,
        target.checkpoint.position,
        live && this.tellsOtherProcesses,
        PROJECTION_PROGRESS_CHANNEL,
        target.token,
      ],
    };
  }

  /** Whether a move is told by NOTIFY, for readers of other processes (see the `progress` option). */
  private get tellsOtherProcesses(): boolean {
    return this.options.progress?.crossProcess ?? true;
  }

  private async hasUnfinishedRebuild(): Promise<boolean> {
    const { rows } = await this.options.pool.query(
      `SELECT 1 FROM projection_rebuilds WHERE name = $1 AND status = 'running'`,
      [this.name],
    );
    return rows.length > 0;
  }

  private async runRebuild(owned: AbortSignal, token: number): Promise<void> {
    if (this.rebuild) return;
    this.rebuildRequested = false;
    try {
      this.rebuild = await this.serial.run(() => this.prepareRebuild(token));
      const target = this.rebuild;
      if (compareCheckpoints(target.checkpoint, this.live!.checkpoint) >= 0) {
        await this.serial.run(() => this.switchOver(target));
        return;
      }
      for await (const batch of this.options.store.subscribeToAll({
        after: target.checkpoint,
        batchSize: this.rebuildBatchSize,
        signal: owned,
      })) {
        const switched = await this.serial.run(async () => {
          await this.applyBatch(target, batch, false);
          if (compareCheckpoints(target.checkpoint, this.live!.checkpoint) < 0) return false;
          await this.switchOver(target);
          return true;
        });
        if (switched) return;
      }
    } catch (error) {
      if (!owned.aborted) this.options.logger.error({ err: error, projection: this.name }, 'projection rebuild failed');
    } finally {
      this.rebuild = null;
    }
  }

  /** Resumes an unfinished rebuild's generation, or starts the next one from the start of the log. */
  private async prepareRebuild(token: number): Promise<Generation> {
    // Counted before the transaction: it would wait idle meanwhile, and an idle transaction is ended (transactionSetup).
    const total = await this.options.store.countEventsAfter(null);
    return withTransaction(
      this.options.pool,
      async (client) => {
        const running = await client.query<{
          generation: number;
          commit_id: number;
          position: number;
          version: number;
        }>(
          `SELECT r.generation, c.commit_id, c.position, c.version FROM projection_rebuilds r
           JOIN projection_checkpoints c ON c.name = r.name AND c.generation = r.generation
          WHERE r.name = $1 AND r.status = 'running'`,
          [this.name],
        );
        const resumable = running.rows[0];
        if (resumable && resumable.version === this.projection.version) {
          return {
            generation: resumable.generation,
            token: await this.confirmLease(client, token),
            checkpoint: { commit: resumable.commit_id, position: resumable.position },
          };
        }
        await client.query(
          `UPDATE projection_rebuilds SET status = 'abandoned', finished_at = now() WHERE name = $1 AND status = 'running'`,
          [this.name],
        );
        const next = await client.query<{ generation: number }>(
          'SELECT COALESCE(MAX(generation), 0) + 1 AS generation FROM projection_checkpoints WHERE name = $1',
          [this.name],
        );
        const generation = next.rows[0]!.generation;
        await this.createGeneration(client, generation);
        await client.query(
          `INSERT INTO projection_rebuilds (name, generation, status, events_total) VALUES ($1, $2, 'running', $3)`,
          [this.name, generation, total],
        );
        return { generation, token: await this.confirmLease(client, token), checkpoint: START };
      },
      this.transactionSetup,
    );
  }

  /** Readers move to the rebuilt generation in one transaction; the old table set is dropped after. */
  private async switchOver(target: Generation): Promise<void> {
    const previous = this.live!.generation;
    await withTransaction(
      this.options.pool,
      async (client) => {
        await client.query('UPDATE projection_state SET active_generation = $2, updated_at = now() WHERE name = $1', [
          this.name,
          target.generation,
        ]);
        await this.pointViewsAt(client, target.generation);
        await client.query(
          `UPDATE projection_rebuilds SET status = 'switched', finished_at = now() WHERE name = $1 AND generation = $2`,
          [this.name, target.generation],
        );
        if (this.tellsOtherProcesses)
          await client.query(`SELECT pg_notify($1, $2)`, [PROJECTION_PROGRESS_CHANNEL, this.name]);
        await this.confirmLease(client, target.token);
      },
      this.transactionSetup,
    );
    this.options.progress?.moved();
    this.live = { generation: target.generation, token: target.token, checkpoint: { ...target.checkpoint } };
    this.liveLoop?.abort();
    await this.options.pool.query(`DROP SCHEMA IF EXISTS ${generationSchema(this.name, previous)} CASCADE`);
    await this.options.pool.query('DELETE FROM projection_checkpoints WHERE name = $1 AND generation = $2', [
      this.name,
      previous,
    ]);
    this.options.logger.info(
      { projection: this.name, generation: target.generation },
      'projection rebuilt and switched over',
    );
    await this.options.announcer.announce({
      projection: this.name,
      keys: [EVERY_SOCKET],
      checkpoint: formatCheckpoint(target.checkpoint),
    });
  }
}

export async function readRebuildProgress(pool: pg.Pool, projection: string): Promise<RebuildProgress | null> {
  const { rows } = await pool.query<{
    generation: number;
    status: RebuildProgress['status'];
    events_total: number;
    events_done: number | null;
  }>(
    `SELECT r.generation, r.status, r.events_total, c.events_done
       FROM projection_rebuilds r
       LEFT JOIN projection_checkpoints c ON c.name = r.name AND c.generation = r.generation
      WHERE r.name = $1 ORDER BY r.generation DESC LIMIT 1`,
    [projection],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    generation: row.generation,
    status: row.status,
    eventsTotal: row.events_total,
    eventsDone: row.status === 'switched' ? row.events_total : (row.events_done ?? 0),
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
