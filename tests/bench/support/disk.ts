import { rmSync } from 'node:fs';
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
 * Times an 8 kB write + fdatasync in `folder` every `intervalMs` (on libuv's thread pool) until
 * stopped, as a commit's WAL flush does: a slow flush stalls every synchronous commit behind it, so
 * the e2e latencies can be read against this. During a phase, every 20 ms (about 50 flushes a
 * second: too few to load the disk, enough to see it hang); on its own, back to back.
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
      if (intervalMs > 0) await sleep(intervalMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await handle.close();
      rmSync(file, { force: true });
      return {
        seconds: (nowMs() - started) / 1000,
        fdatasync: summarizeLatencies(latencies),
        over50Ms: latencies.filter((ms) => ms > 50).length,
      };
    },
  };
}

/** Flushes back to back for `seconds`. */
export async function probeDisk(folder: string, seconds: number): Promise<DiskProbe> {
  const watch = await watchDisk(folder, 0);
  await sleep(seconds * 1000);
  return watch.stop();
}
