import { compareCheckpoints, type LogCheckpoint } from '../checkpoint';
import type { StoredEvent } from '../port';

export type ReadAll = (after: LogCheckpoint | null, limit: number) => Promise<StoredEvent[]>;

const START: LogCheckpoint = { commit: 0, position: 0 };

/**
 * The newest stretch of the log, shared by the subscriptions of one store. Every live projection of
 * a projector reads the same new events, one right after the other: the first read of a stretch goes
 * to the database, the others are answered from memory, and reads of the same place at the same time
 * share one query.
 *
 * The stretch grows only by a read that starts exactly where it ends, so it always holds every event
 * of the log after `base` up to its last event, in log order. A read answered from it is therefore
 * what the database would have answered, perhaps with fewer events (the next read brings the rest).
 * The log is append-only and a read never returns an event of a transaction that may still commit
 * before it (readAll's snapshot rule), so nothing can later appear inside the stretch.
 */
export class LogTail {
  private base: LogCheckpoint = START;
  private events: StoredEvent[] = [];
  private readonly reading = new Map<string, Promise<StoredEvent[]>>();

  constructor(
    private readonly readAll: ReadAll,
    private readonly capacity = 10_000,
  ) {}

  /** Up to `limit` events after `after`, from memory when the stretch covers them. */
  async read(after: LogCheckpoint | null, limit: number): Promise<StoredEvent[]> {
    const from = after ?? START;
    const remembered = this.remembered(from, limit);
    if (remembered.length > 0) return remembered;
    const key = `${from.commit}:${from.position}:${limit}`;
    let shared = this.reading.get(key);
    if (!shared) {
      shared = this.readAll(after, limit)
        .then((batch) => {
          this.remember(from, batch);
          return batch;
        })
        .finally(() => this.reading.delete(key));
      this.reading.set(key, shared);
    }
    // Every caller gets its own array: what one subscriber does with its batch is none of another's.
    return (await shared).slice();
  }

  private remembered(after: LogCheckpoint, limit: number): StoredEvent[] {
    const last = this.events.at(-1);
    if (!last || compareCheckpoints(after, this.base) < 0 || compareCheckpoints(after, last.checkpoint) >= 0) return [];
    const first = this.firstAfter(after);
    return this.events.slice(first, first + limit);
  }

  /** Index of the first remembered event after `after` (binary search: the events are in log order). */
  private firstAfter(after: LogCheckpoint): number {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareCheckpoints(this.events[middle]!.checkpoint, after) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private remember(after: LogCheckpoint, batch: StoredEvent[]): void {
    if (batch.length === 0) return;
    const end = this.events.at(-1)?.checkpoint ?? this.base;
    const order = compareCheckpoints(after, end);
    if (order === 0) {
      this.events.push(...batch);
    } else if (order > 0) {
      // A read further on than the stretch (nothing read in between): start a new stretch there.
      this.base = after;
      this.events = [...batch];
    } else {
      // A read of older events (a rebuild catching up) leaves the newest stretch as it is.
      return;
    }
    const excess = this.events.length - this.capacity;
    if (excess > 0) {
      this.base = this.events[excess - 1]!.checkpoint;
      this.events = this.events.slice(excess);
    }
  }
}
