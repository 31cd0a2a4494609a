import { useEffect, useState, useSyncExternalStore } from 'react';
import { createSharedClock } from '../lib/shared-clock';

/** The current time, refreshed every `intervalMs`, for labels that change with the clock (LIVE). */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const clock = createSharedClock();
const readClock = (onTick: () => void) => clock.read(onTick);

/**
 * What a component shows of the time, derived from the page's one clock each second: the component
 * renders again only when that value changes (compared with Object.is, so derive a string, number or
 * boolean). The game page once read the time at its top and rendered its whole tree every second, a
 * long task each second on a phone; its LIVE badge, check-in and play minutes change far less often
 * than its countdown line.
 */
export function useClock<T>(derive: (nowMs: number) => T): T {
  return useSyncExternalStore(readClock, () => derive(clock.now()));
}
