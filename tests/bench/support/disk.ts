import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { summarizeLatencies, type LatencySummary } from './percentiles';
import { nowMs, sleep } from './timing';

export interface DiskProbe {
  seconds: number;
  fdatasync: LatencySummary;
  /** Flushes that took longer than 50 ms: each holds up every commit waiting for the WAL at that moment. */
  over50Ms: number;
}

/**
 * Times 8 kB write + fdatasync in `folder` for `seconds`, as a commit's WAL flush does. A slow flush
 * stalls every synchronous commit behind it, so the e2e latencies can be read against this.
 */
export function probeDisk(folder: string, seconds: number): DiskProbe {
  const file = path.join(folder, `disk-probe-${process.pid}`);
  const block = Buffer.alloc(8192, 1);
  const latencies: number[] = [];
  const descriptor = openSync(file, 'w');
  try {
    const until = nowMs() + seconds * 1000;
    while (nowMs() < until) {
      const started = nowMs();
      writeSync(descriptor, block, 0, block.length, 0);
      fdatasyncSync(descriptor);
      latencies.push(nowMs() - started);
    }
  } finally {
    closeSync(descriptor);
    rmSync(file, { force: true });
  }
  return { seconds, fdatasync: summarizeLatencies(latencies), over50Ms: latencies.filter((ms) => ms > 50).length };
}

/**
 * Flushes 8 kB every `intervalMs` in `folder` on libuv's thread pool while a phase runs (about 50
 * flushes a second: too few to load the disk, enough to see it hang).
 */
export async function watchDisk(folder: string, intervalMs = 20): Promise<{ stop(): Promise<DiskProbe> }> {
  const file = path.join(folder, `disk-watch-${process.pid}`);
  const handle = await open(file, 'w');
  const block = Buffer.alloc(8192, 1);
  const latencies: number[] = [];
  const started = nowMs();
  let running = true;
  const loop = (async () => {
    while (running) {
      const flushStarted = nowMs();
      await handle.write(block, 0, block.length, 0);
      await handle.datasync();
      latencies.push(nowMs() - flushStarted);
      await sleep(intervalMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await handle.close();
      rmSync(file, { force: true });
      return { seconds: (nowMs() - started) / 1000, fdatasync: summarizeLatencies(latencies), over50Ms: latencies.filter((ms) => ms > 50).length };
    },
  };
}
