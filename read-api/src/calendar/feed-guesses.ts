import { LRUCache } from 'lru-cache';
import { CALENDAR_FEED_GUESS_MINUTES, CALENDAR_FEED_GUESSES } from '@playtime/shared/contract/calendar';
import { clientNetworkKey } from '@playtime/shared/infra/http/client-network';

/** Networks remembered at once: an attacker with more of them pushes the oldest out, never memory up. */
const NETWORKS_REMEMBERED = 100_000;

/**
 * Counts the unknown feed addresses each network asks for (issue #41): after CALENDAR_FEED_GUESSES
 * within CALENDAR_FEED_GUESS_MINUTES of its first, the network waits out the rest of that time, right
 * addresses too (a hit must not look different from a miss). A request is counted before its lookup
 * and given back when its address is found, so many guesses sent at once are held back as if they came
 * one by one. The counts are this process's: a deployment with N read APIs lets a network guess N times
 * as often, still a few an hour against addresses of 192 random bits.
 */
export class FeedGuesses {
  private readonly counts = new LRUCache<string, { guesses: number }>({
    max: NETWORKS_REMEMBERED,
    ttl: CALENDAR_FEED_GUESS_MINUTES * 60_000,
  });

  /** Counts a request from `ip`'s network: 0 when it may look the address up, else the whole seconds to wait. */
  reserve(ip: string): number {
    const network = clientNetworkKey(ip);
    const count = this.counts.get(network);
    if (!count) {
      this.counts.set(network, { guesses: 1 });
      return 0;
    }
    if (count.guesses >= CALENDAR_FEED_GUESSES)
      return Math.max(1, Math.ceil(this.counts.getRemainingTTL(network) / 1000));
    count.guesses += 1;
    return 0;
  }

  /** The address was found: the request was no guess. */
  found(ip: string): void {
    const count = this.counts.get(clientNetworkKey(ip));
    if (count) count.guesses = Math.max(0, count.guesses - 1);
  }
}
