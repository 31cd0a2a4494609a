export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending trailing call. */
  cancel: () => void;
}

/**
 * Runs `fn` at once, then at most once per `waitMs`, finishing with the latest arguments
 * (leading and trailing). Used for the grid tooltip.
 */
export function createThrottle<A extends unknown[]>(
  fn: (...args: A) => void,
  waitMs: number,
  timers: {
    now: () => number;
    setTimeout: (cb: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
  } = {
    now: () => Date.now(),
    setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  },
): Throttled<A> {
  let last = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  let pending: A | null = null;

  const run = (args: A) => {
    last = timers.now();
    fn(...args);
  };

  const throttled = ((...args: A) => {
    const elapsed = timers.now() - last;
    if (elapsed >= waitMs && timer === null) {
      run(args);
      return;
    }
    pending = args;
    if (timer === null) {
      timer = timers.setTimeout(
        () => {
          timer = null;
          if (pending) {
            const next = pending;
            pending = null;
            run(next);
          }
        },
        Math.max(0, waitMs - elapsed),
      );
    }
  }) as Throttled<A>;

  throttled.cancel = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
