import { useClock } from '../../../hooks/use-now';
import { serverNow } from './play-time';

/**
 * `useClock` on the server's clock: what the game page shows of the time is told by the server's, with
 * the offset measured when the game's data arrived (a phone's clock may be minutes off).
 */
export function useServerClock<T>(derive: (serverNowMs: number) => T, offsetMs: number): T {
  return useClock((browserNowMs) => derive(serverNow(offsetMs, browserNowMs)));
}
