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
  /** The stretch is events[start..]; what lies before `start` is forgotten and dropped in one go later. */
  private events: StoredEvent[] = [];
  private start = 0;
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

  /** The newest remembered event, if the stretch holds any. */
  private get newest(): StoredEvent | undefined {
    return this.events.length > this.start ? this.events.at(-1) : undefined;
  }

  private remembered(after: LogCheckpoint, limit: number): StoredEvent[] {
    const last = this.newest;
    if (!last || compareCheckpoints(after, this.base) < 0 || compareCheckpoints(after, last.checkpoint) >= 0) return [];
    const first = this.firstAfter(after);
    return this.events.slice(first, first + limit);
  }

  /** Index of the first remembered event after `after` (binary search: the events are in log order). */
  private firstAfter(after: LogCheckpoint): number {
    let low = this.start;
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
    const end = this.newest?.checkpoint ?? this.base;
    const order = compareCheckpoints(after, end);
    if (order === 0) {
      for (const event of batch) this.events.push(event);
    } else if (order > 0) {
      // A read further on than the stretch (nothing read in between): start a new stretch there.
      this.base = after;
      this.events = [...batch];
      this.start = 0;
    } else {
      // A read of older events (a rebuild catching up) leaves the newest stretch as it is.
      return;
    }
    const excess = this.events.length - this.start - this.capacity;
    if (excess > 0) {
      this.start += excess;
      this.base = this.events[this.start - 1]!.checkpoint;
    }
    // Copying the array on every read that overflows it (a slice of 10,000 events per batch) was
    // the app's largest single allocation under load; the forgotten head is dropped once it is as
    // long as the stretch itself, so each event is copied about once.
    if (this.start >= this.capacity) {
      this.events = this.events.slice(this.start);
      this.start = 0;
    }
  }
}
