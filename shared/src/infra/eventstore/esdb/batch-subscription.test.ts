import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { batchSubscription } from './batch-subscription';

/** Stands in for the client's subscription: an object-mode stream with `unsubscribe`. */
function fakeSubscription() {
  const stream = new PassThrough({ objectMode: true });
  return Object.assign(stream, {
    unsubscribed: false,
    async unsubscribe() {
      this.unsubscribed = true;
      stream.destroy();
    },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('batchSubscription', () => {
  it('cuts full batches during catch-up and hands over the rest when caught up', async () => {
    const source = fakeSubscription();
    for (let i = 0; i < 7; i++) source.write(i);
    setTimeout(() => source.emit('caughtUp'), 20);
    const batches: number[][] = [];
    for await (const batch of batchSubscription<number>(source, { batchSize: 3, flushAfterMs: 1_000 })) {
      batches.push(batch);
      if (batches.flat().length === 7) break;
    }
    expect(batches).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(source.unsubscribed).toBe(true);
  });

  it('hands over a partial live batch flushAfterMs after its first event, not before', async () => {
    vi.useFakeTimers();
    try {
      const source = fakeSubscription();
      const iterator = batchSubscription<string>(source, { batchSize: 100, flushAfterMs: 15 })[Symbol.asyncIterator]();
      let first: IteratorResult<string[]> | null = null;
      const next = iterator.next().then((result) => (first = result));
      source.write('a');
      source.write('b');
      await vi.advanceTimersByTimeAsync(14);
      expect(first).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      await next;
      expect(first!.value).toEqual(['a', 'b']);
      await iterator.return?.(undefined);
      expect(source.unsubscribed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops when aborted and unsubscribes', async () => {
    const source = fakeSubscription();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const batches: string[][] = [];
    for await (const batch of batchSubscription<string>(source, {
      batchSize: 10,
      flushAfterMs: 5,
      signal: controller.signal,
    })) {
      batches.push(batch);
    }
    expect(batches).toEqual([]);
    expect(source.unsubscribed).toBe(true);
  });

  it('delivers what it has, then throws the subscription error', async () => {
    const source = fakeSubscription();
    source.write(1);
    setTimeout(() => source.emit('error', new Error('dropped')), 10);
    const seen: number[] = [];
    const run = async () => {
      for await (const batch of batchSubscription<number>(source, { batchSize: 10, flushAfterMs: 1_000 }))
        seen.push(...batch);
    };
    await expect(run()).rejects.toThrow('dropped');
    expect(seen).toEqual([1]);
  });

  it('pauses the source while the consumer is behind and resumes it after', async () => {
    const source = fakeSubscription();
    for (let i = 0; i < 10; i++) source.write(i);
    const iterator = batchSubscription<number>(source, { batchSize: 2, flushAfterMs: 1_000 })[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual([0, 1]);
    await sleep(10);
    expect(source.isPaused()).toBe(true);
    const rest: number[] = [];
    while (rest.length < 8) rest.push(...((await iterator.next()).value as number[]));
    expect(rest).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(source.isPaused()).toBe(false);
    await iterator.return?.(undefined);
  });
});
