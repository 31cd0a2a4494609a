import { describe, expect, it } from 'vitest';
import { compareCheckpoints, type LogCheckpoint } from '../checkpoint';
import type { StoredEvent } from '../port';
import { LogTail } from './log-tail';

/** A log in memory with readAll's contract (events after a checkpoint, in order, up to a limit), counting its reads. */
function logOf(count: number) {
  const events: StoredEvent[] = Array.from({ length: count }, (_, index) => ({
    eventId: `e${index + 1}`,
    streamId: `s${index % 3}`,
    revision: Math.floor(index / 3),
    globalPosition: index + 1,
    checkpoint: { commit: 100 + index, position: index + 1 },
    type: 'Happened',
    data: { n: index + 1 },
    metadata: {},
    createdAt: new Date(0),
  }));
  const reads: Array<{ after: LogCheckpoint | null; limit: number }> = [];
  const readAll = async (after: LogCheckpoint | null, limit: number) => {
    reads.push({ after, limit });
    await Promise.resolve();
    return events.filter((event) => compareCheckpoints(event.checkpoint, after) > 0).slice(0, limit);
  };
  const at = (n: number) => events[n - 1]!.checkpoint;
  const numbers = (batch: StoredEvent[]) => batch.map((event) => event.globalPosition);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
  return { events, reads, readAll, at, numbers, range };
}

describe('LogTail', () => {
  it('lets reads of the same place at the same time share one query', async () => {
    const log = logOf(10);
    const tail = new LogTail(log.readAll);
    const [first, second, third] = await Promise.all([tail.read(null, 5), tail.read(null, 5), tail.read(null, 5)]);
    expect(log.reads).toHaveLength(1);
    expect(log.numbers(first)).toEqual([1, 2, 3, 4, 5]);
    expect(log.numbers(second)).toEqual([1, 2, 3, 4, 5]);
    expect(log.numbers(third)).toEqual([1, 2, 3, 4, 5]);
    second.pop();
    expect(log.numbers(first)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers a read inside what it read before from memory, with exactly the events after that place', async () => {
    const log = logOf(10);
    const tail = new LogTail(log.readAll);
    await tail.read(null, 8);
    expect(log.numbers(await tail.read(null, 500))).toEqual(log.range(1, 8));
    expect(log.numbers(await tail.read(log.at(3), 500))).toEqual(log.range(4, 8));
    expect(log.numbers(await tail.read(log.at(3), 2))).toEqual([4, 5]);
    expect(log.reads).toHaveLength(1);
  });

  it('reads on from the end of what it holds and keeps the stretch whole', async () => {
    const log = logOf(10);
    const tail = new LogTail(log.readAll);
    await tail.read(null, 4);
    expect(log.numbers(await tail.read(log.at(4), 4))).toEqual([5, 6, 7, 8]);
    expect(log.reads).toHaveLength(2);
    expect(log.numbers(await tail.read(log.at(2), 500))).toEqual(log.range(3, 8));
    // At the end of the stretch there is nothing in memory to give: it asks the log.
    expect(log.numbers(await tail.read(log.at(8), 500))).toEqual([9, 10]);
    expect(log.reads).toHaveLength(3);
  });

  it('leaves the newest stretch alone when a read of older events (a rebuild) passes by', async () => {
    const log = logOf(20);
    const tail = new LogTail(log.readAll);
    await tail.read(log.at(15), 500);
    expect(log.numbers(await tail.read(null, 3))).toEqual([1, 2, 3]);
    expect(log.reads).toHaveLength(2);
    expect(log.numbers(await tail.read(log.at(16), 500))).toEqual(log.range(17, 20));
    expect(log.reads).toHaveLength(2);
    // Before the stretch's start: memory cannot tell what lies between, so the log is asked.
    expect(log.numbers(await tail.read(log.at(12), 500))).toEqual(log.range(13, 20));
    expect(log.reads).toHaveLength(3);
  });

  it('starts a new stretch when a read begins past the end of the one it holds', async () => {
    const log = logOf(20);
    const tail = new LogTail(log.readAll);
    await tail.read(null, 3);
    expect(log.numbers(await tail.read(log.at(10), 5))).toEqual(log.range(11, 15));
    expect(log.numbers(await tail.read(log.at(12), 500))).toEqual([13, 14, 15]);
    expect(log.reads).toHaveLength(2);
    expect(log.numbers(await tail.read(log.at(2), 500))).toEqual(log.range(3, 20));
    expect(log.reads).toHaveLength(3);
  });

  it('forgets the oldest events beyond its capacity and then asks the log for them', async () => {
    const log = logOf(10);
    const tail = new LogTail(log.readAll, 4);
    await tail.read(null, 3);
    await tail.read(log.at(3), 3);
    expect(log.numbers(await tail.read(log.at(2), 500))).toEqual(log.range(3, 6));
    expect(log.reads).toHaveLength(2);
    expect(log.numbers(await tail.read(log.at(1), 500))).toEqual(log.range(2, 10));
    expect(log.reads).toHaveLength(3);
  });

  it('keeps answering the newest events from memory as the stretch moves on through many reads', async () => {
    const log = logOf(60);
    const tail = new LogTail(log.readAll, 4);
    for (let last = 0; last < 60; last += 3) {
      expect(log.numbers(await tail.read(last === 0 ? null : log.at(last), 3))).toEqual(log.range(last + 1, last + 3));
      const readsSoFar = log.reads.length;
      // The capacity's worth of newest events, asked again, comes from memory and equals the log.
      const from = Math.max(0, last + 3 - 4);
      expect(log.numbers(await tail.read(from === 0 ? null : log.at(from), 500))).toEqual(
        log.range(from + 1, last + 3),
      );
      expect(log.reads).toHaveLength(readsSoFar);
    }
    // Older than that goes back to the log.
    expect(log.numbers(await tail.read(log.at(50), 500))).toEqual(log.range(51, 60));
    expect(log.reads.at(-1)!.after).toEqual(log.at(50));
  });
});
