import type pg from 'pg';
import { listenToChannel } from '../db/channel-listener';
import { compareCheckpoints, type LogCheckpoint } from '../eventstore/checkpoint';
import { PROJECTION_PROGRESS_CHANNEL } from './schema';

export interface ProjectionPosition {
  name: string;
  checkpoint: LogCheckpoint;
  updatedAt: Date;
}

/** Where the active generation of each projection is in the log. */
export async function readProjectionPositions(
  db: Pick<pg.Pool, 'query'>,
  names?: string[],
): Promise<ProjectionPosition[]> {
  const { rows } = await db.query<{ name: string; commit_id: number; position: number; updated_at: Date }>(
    `SELECT s.name, c.commit_id, c.position, c.updated_at
       FROM projection_state s
       JOIN projection_checkpoints c ON c.name = s.name AND c.generation = s.active_generation
      WHERE $1::text[] IS NULL OR s.name = ANY($1::text[])`,
    [names ?? null],
  );
  return rows.map((row) => ({
    name: row.name,
    checkpoint: { commit: row.commit_id, position: row.position },
    updatedAt: row.updated_at,
  }));
}

/**
 * Lets a reader wait until projections have processed a given point of the log, so a user who just
 * issued a command sees its effect. One LISTEN connection wakes all waiters; a short poll covers a
 * lost notification. Standalone (`crossProcess` off), every projection runs in this process and tells
 * it of each move (`moved`) instead: no LISTEN, and no NOTIFY in each move's transaction, which woke
 * every listening backend of the database several times per command.
 */
export class ProjectionProgress {
  private waiters = new Set<() => void>();
  private readonly followers = new Set<() => void>();
  private listener: { close(): Promise<void> } | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    /** False when every projection that moves runs in this process and calls `moved` (standalone). */
    readonly crossProcess = true,
  ) {}

  /** Resolves once LISTEN is in place; a lost connection is re-established in the background. */
  async start(timeoutMs = 10_000): Promise<void> {
    if (!this.crossProcess) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        void this.listener?.close();
        reject(new Error(`Could not LISTEN for projection progress within ${timeoutMs} ms.`));
      }, timeoutMs);
      this.listener = listenToChannel(this.connectionString, PROJECTION_PROGRESS_CHANNEL, {
        notice: () => this.wakeAll(),
        listening: () => {
          clearTimeout(timer);
          resolve();
        },
        // Waiters poll every 100 ms anyway; wake them so none sleeps through the gap.
        lost: () => this.wakeAll(),
      });
    });
  }

  /** A projection of this process committed a move: its waiting readers look again at once. */
  moved(): void {
    this.wakeAll();
  }

  private wakeAll(): void {
    for (const waiter of [...this.waiters]) waiter();
    for (const follower of [...this.followers]) follower();
  }

  /** Calls `follower` whenever a projection may have moved (a notice, or a lost notice); returns the unfollow. */
  follow(follower: () => void): () => void {
    this.followers.add(follower);
    return () => this.followers.delete(follower);
  }

  /** True once every named projection has reached `target`; false when `timeoutMs` ran out first. */
  async waitFor(names: string[], target: LogCheckpoint, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const positions = await readProjectionPositions(this.pool, names);
      const reached =
        positions.length === names.length &&
        positions.every((position) => compareCheckpoints(position.checkpoint, target) >= 0);
      if (reached) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0 || this.closed) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(remaining, 100));
        this.waiters.add(done);
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    this.followers.clear();
    const listener = this.listener;
    this.listener = null;
    await listener?.close();
  }
}

/** The earliest and the furthest of the named projections' checkpoints, or null while one has none yet. */
export async function projectionSpan(
  db: Pick<pg.Pool, 'query'>,
  names: string[],
): Promise<{ lowest: LogCheckpoint; highest: LogCheckpoint } | null> {
  const positions = await readProjectionPositions(db, names);
  if (positions.length < names.length || positions.length === 0) return null;
  const sorted = positions.map((position) => position.checkpoint).sort(compareCheckpoints);
  return { lowest: sorted[0]!, highest: sorted.at(-1)! };
}

/**
 * Where every one of some projections had got, as last read: checkpoints only move forward, so an
 * answer read after that read reflects at least this much of the log. Read again a moment after
 * each progress notice (at most once per `pauseMs`), so it trails the projections by about that
 * much and, once they are quiet, matches them.
 */
export class ReadPosition {
  private known: LogCheckpoint | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading = false;

  constructor(
    private readonly db: Pick<pg.Pool, 'query'>,
    private readonly names: string[],
    private readonly pauseMs = 50,
  ) {}

  /** Reads it now and after every notice of `progress`, until `progress` closes. */
  start(progress: Pick<ProjectionProgress, 'follow'>): void {
    progress.follow(() => this.readSoon());
    void this.read();
  }

  /** Null until first read, or while a projection has no checkpoint yet. */
  get current(): LogCheckpoint | null {
    return this.known;
  }

  private readSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.read();
    }, this.pauseMs);
    this.timer.unref();
  }

  private async read(): Promise<void> {
    // One read at a time; a notice during it reads once more after it.
    if (this.reading) return this.readSoon();
    this.reading = true;
    try {
      const span = await projectionSpan(this.db, this.names);
      if (span && compareCheckpoints(span.lowest, this.known) > 0) this.known = span.lowest;
    } catch {
      // Not knowing only costs clients a refetch (no header); the next notice reads again.
    } finally {
      this.reading = false;
    }
  }
}
