/**
 * When a subscriber that has caught up with the log may read it again. A read comes at once while reads
 * are few: an event after a quiet spell is read the moment it is noticed, and so are the next few of a
 * command's follow-ups (a booking appends its hold, its payment and its game within milliseconds). Only
 * while reads keep coming faster than one per `intervalMs` do they wait, so that under load each read
 * brings a batch: each read is a transaction in every projection that follows the log.
 *
 * A token bucket: `burst` reads at once, refilled at one per `intervalMs`; sustained, one per interval.
 * A fixed least interval instead held the booking's game back by 8 ms on average at 10 bookings a
 * second, behind the read its payment had just made.
 */
export class ReadPace {
  private tokens: number;
  private at: number;

  constructor(
    private readonly intervalMs: number,
    private readonly burst: number,
    now = performance.now(),
  ) {
    this.tokens = burst;
    this.at = now;
  }

  /** Counts a read about to be made and answers how long it must wait first (0: at once). */
  take(now = performance.now()): number {
    this.tokens = Math.min(this.burst, this.tokens + (now - this.at) / this.intervalMs) - 1;
    this.at = now;
    return this.tokens >= 0 ? 0 : -this.tokens * this.intervalMs;
  }
}

/**
 * How long to wait before looking again when the log holds events a read could not yet return (an
 * earlier transaction is still open): 1 ms, then twice as long each time, up to `maxMs`. Most such
 * transactions end within a millisecond or two; a long one is not polled hot.
 */
export function heldBackWaitMs(previousMs: number, maxMs: number): number {
  return Math.min(maxMs, Math.max(1, previousMs * 2));
}
