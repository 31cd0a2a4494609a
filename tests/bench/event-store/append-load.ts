import { nowMs } from '../support/timing';
import type { AppendWriter } from './append-target';

export interface AppendLoadResult {
  writers: number;
  /** Appends that started inside the measured window and succeeded. */
  measuredAppends: number;
  /** Every acknowledged append, warm-up included (to compare with the rows stored). */
  totalAppends: number;
  errors: number;
  firstError: string | null;
  measuredMs: number;
  appendsPerSecond: number;
  /** Milliseconds of every measured append, in completion order. */
  latencies: number[];
}

/**
 * Closed loop: every writer appends, waits for the acknowledgement, appends again. Appends that start
 * during the warm-up are not measured; none starts after the window closes, and the window is
 * extended to the last measured append's acknowledgement.
 */
export async function runAppendLoad(
  writers: AppendWriter[],
  options: { warmupMs: number; durationMs: number },
): Promise<AppendLoadResult> {
  const latencies: number[] = [];
  let totalAppends = 0;
  let errors = 0;
  let firstError: string | null = null;
  let lastFinish = 0;
  const started = nowMs();
  const measureFrom = started + options.warmupMs;
  const measureUntil = measureFrom + options.durationMs;

  await Promise.all(
    writers.map(async (writer) => {
      for (;;) {
        const begin = nowMs();
        if (begin >= measureUntil) return;
        try {
          await writer.append();
        } catch (error) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
          // A writer whose append failed cannot know its streams' revisions any more: it stops.
          return;
        }
        const end = nowMs();
        totalAppends += 1;
        if (begin >= measureFrom) {
          latencies.push(end - begin);
          lastFinish = Math.max(lastFinish, end);
        }
      }
    }),
  );

  const measuredMs = Math.max(lastFinish, measureUntil) - measureFrom;
  return {
    writers: writers.length,
    measuredAppends: latencies.length,
    totalAppends,
    errors,
    firstError,
    measuredMs,
    appendsPerSecond: latencies.length / (measuredMs / 1000),
    latencies,
  };
}
