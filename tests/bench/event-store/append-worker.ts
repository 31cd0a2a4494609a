/**
 * Child process of the appends section: measures one store at one writer count against one fresh
 * database, and reports the numbers with its own memory use.
 */
import { serveOneRequest } from '../support/child';
import { memorySnapshot, startMemorySampler, type MemoryPeak, type MemorySnapshot } from '../support/memory';
import { runAppendLoad, type AppendLoadResult } from './append-load';
import { loadTarget, type TargetName } from './append-target';

export interface AppendCellInput {
  target: TargetName;
  url: string;
  writers: number;
  poolSize: number;
  streamsPerWriter: number;
  warmupMs: number;
  durationMs: number;
}

export interface AppendCellResult extends AppendLoadResult {
  target: TargetName;
  stored: number;
  memory: { before: MemorySnapshot; after: MemorySnapshot; peak: MemoryPeak };
}

serveOneRequest<AppendCellInput, AppendCellResult>(async (input) => {
  const target = await loadTarget(input.target);
  const open = await target.open(input.url, { poolSize: input.poolSize, streamsPerWriter: input.streamsPerWriter });
  try {
    const before = memorySnapshot();
    const sampler = startMemorySampler();
    const writers = Array.from({ length: input.writers }, (_, index) => open.writer(index));
    const load = await runAppendLoad(writers, { warmupMs: input.warmupMs, durationMs: input.durationMs });
    const peak = sampler.stop();
    const after = memorySnapshot();
    const stored = await open.countStored();
    return { ...load, target: input.target, stored, memory: { before, after, peak } };
  } finally {
    await open.close();
  }
});
