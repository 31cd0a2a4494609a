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
 * lost notification.
 */
export class ProjectionProgress {
  private waiters = new Set<() => void>();
  private listener: { close(): Promise<void> } | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {}

  /** Resolves once LISTEN is in place; a lost connection is re-established in the background. */
  async start(timeoutMs = 10_000): Promise<void> {
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

  private wakeAll(): void {
    for (const waiter of [...this.waiters]) waiter();
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
    const listener = this.listener;
    this.listener = null;
    await listener?.close();
  }
}
