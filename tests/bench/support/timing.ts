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
