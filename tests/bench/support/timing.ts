/** Monotonic milliseconds with sub-millisecond resolution. */
export function nowMs(): number {
  return performance.now();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns true; throws after `timeoutMs`. Returns the elapsed milliseconds. */
export async function pollUntil(
  check: () => Promise<boolean>,
  options: { intervalMs: number; timeoutMs: number; what: string },
): Promise<number> {
  const started = nowMs();
  while (!(await check())) {
    if (nowMs() - started > options.timeoutMs)
      throw new Error(`Timed out after ${options.timeoutMs} ms waiting for ${options.what}`);
    await sleep(options.intervalMs);
  }
  return nowMs() - started;
}

/**
 * Calls `tick` at a steady `perSecond` for `seconds` (each tick once the one before answered), the first
 * one interval from now. A measured phase follows a warm-up (a probe heard by every socket, a thousand
 * sockets joining, the app's metrics read): starting at once made its first command a burst on top of
 * that work, and its last sockets alone set the p99 of a phase of twenty commands (101 ms against
 * 28–59 ms for the rest, in one run of the joins).
 */
export async function paceSteadily(
  { perSecond, seconds }: { perSecond: number; seconds: number },
  tick: (index: number) => Promise<void>,
): Promise<void> {
  const everyMs = 1000 / perSecond;
  await sleep(everyMs);
  const deadline = nowMs() + seconds * 1000;
  for (let index = 0; nowMs() < deadline; index++) {
    const began = nowMs();
    await tick(index);
    await sleep(Math.max(0, began + everyMs - nowMs()));
  }
}
