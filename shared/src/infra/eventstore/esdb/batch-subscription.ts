/**
 * Turns a subscription that emits one event at a time into batches, which is what projections
 * want: one transaction per batch instead of one per event.
 *
 * A batch is handed over when it is full, when the server says the subscription has caught up
 * (everything read so far is all there is), or `flushAfterMs` after its first event arrived, so a
 * quiet live subscription delivers within a few milliseconds. While batches wait for a slow
 * consumer the subscription is paused, which lets gRPC flow control hold the server back.
 */
import type { EventEmitter } from 'node:events';

/**
 * The parts of the client's subscription (a Readable emitting 'data', 'caughtUp', 'error', 'end')
 * this needs; an object-mode PassThrough stands in for it in tests.
 */
export interface SubscriptionSource extends EventEmitter {
  pause(): unknown;
  resume(): unknown;
  unsubscribe(): Promise<void>;
}

export interface BatchOptions {
  batchSize: number;
  flushAfterMs: number;
  signal?: AbortSignal;
}

export async function* batchSubscription<T>(source: SubscriptionSource, options: BatchOptions): AsyncGenerator<T[]> {
  const { batchSize, flushAfterMs, signal } = options;
  const buffer: T[] = [];
  let firstBufferedAt = 0;
  let caughtUp = false;
  let ended = false;
  // Set from event handlers; the cast keeps TypeScript from narrowing it to its initial null.
  let failure = null as { error: unknown } | null;
  let paused = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };

  const onData = (item: T) => {
    buffer.push(item);
    if (buffer.length >= batchSize * 2 && !paused) {
      paused = true;
      source.pause();
    }
    // The first event starts the flush clock (the waiting loop arms its timer); a full batch goes at once.
    if (buffer.length === 1) firstBufferedAt = Date.now();
    if (buffer.length === 1 || buffer.length >= batchSize) notify();
  };
  const onCaughtUp = () => {
    caughtUp = true;
    notify();
  };
  const onError = (error: unknown) => {
    failure ??= { error };
    notify();
  };
  const onEnd = () => {
    ended = true;
    notify();
  };
  source.on('data', onData);
  source.on('caughtUp', onCaughtUp);
  source.on('error', onError);
  source.on('end', onEnd);
  source.on('close', onEnd);
  signal?.addEventListener('abort', notify);

  const take = (): T[] => {
    const batch = buffer.splice(0, batchSize);
    if (buffer.length > 0) firstBufferedAt = Date.now();
    if (paused && buffer.length < batchSize) {
      paused = false;
      source.resume();
    }
    return batch;
  };

  try {
    while (!signal?.aborted) {
      const due =
        buffer.length > 0 && (caughtUp || ended || failure !== null || Date.now() - firstBufferedAt >= flushAfterMs);
      if (buffer.length >= batchSize || due) {
        caughtUp = false;
        yield take();
        continue;
      }
      if (failure) throw failure.error;
      if (ended) return;
      const timer =
        buffer.length > 0 ? setTimeout(notify, Math.max(0, firstBufferedAt + flushAfterMs - Date.now())) : null;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      if (timer) clearTimeout(timer);
    }
  } finally {
    source.off('data', onData);
    source.off('caughtUp', onCaughtUp);
    source.off('end', onEnd);
    source.off('close', onEnd);
    signal?.removeEventListener('abort', notify);
    // Cancelling may still surface an error; with no listener an 'error' event would crash the process.
    source.off('error', onError);
    source.on('error', () => undefined);
    await source.unsubscribe().catch(() => undefined);
  }
}
