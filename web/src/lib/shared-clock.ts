/**
 * One clock ticking each second for every component on the page that shows the time (useClock), running
 * while any reads it. Its time moves only when it ticks: React renders a page in slices and checks that
 * every store it read still says the same before showing it; a time read afresh at each call would
 * differ by then, and React would render the whole page again in one blocking task to be consistent.
 */
export interface SharedClock {
  /** Starts reading: `onTick` runs at each tick until the returned function is called. */
  read(onTick: () => void): () => void;
  /** The time of the last tick, or of the first read since the clock last stopped, in ms. */
  now(): number;
}

/** `wallClock` is read at each tick, not bound once: a test's or a browser tool's fake Date is followed. */
export function createSharedClock(tickMs = 1000, wallClock: () => number = () => Date.now()): SharedClock {
  const readers = new Set<() => void>();
  let ticker: ReturnType<typeof setInterval> | undefined;
  let tickedAtMs: number | undefined;

  return {
    read(onTick) {
      readers.add(onTick);
      if (ticker === undefined) {
        // The time the first readers rendered with stays until the first tick: a time moved here would
        // make React render them again at once, blocking, to show the new one.
        tickedAtMs ??= wallClock();
        ticker = setInterval(() => {
          tickedAtMs = wallClock();
          for (const notify of readers) notify();
        }, tickMs);
      }
      return () => {
        readers.delete(onTick);
        if (readers.size > 0 || ticker === undefined) return;
        clearInterval(ticker);
        ticker = undefined;
        // A page that reads the clock again later starts from the time then, not from the last tick.
        tickedAtMs = undefined;
      };
    },
    now() {
      tickedAtMs ??= wallClock();
      return tickedAtMs;
    },
  };
}
