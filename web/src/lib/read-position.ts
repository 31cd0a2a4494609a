import { compareCheckpoints, parseCheckpoint } from '@playtime/shared/contract/checkpoints';
import { AFTER_HEADER, POSITION_HEADER } from '@playtime/shared/contract/headers';

/**
 * Read-your-writes: every command response names the global position of its last event
 * (`X-Playtime-Position`); sending the highest one seen as `X-Playtime-After` on later reads makes
 * the read API wait until its projections have caught up, so a user never misses their own change.
 */
export { AFTER_HEADER, POSITION_HEADER };

export interface PositionTracker {
  /** Remembers a position reported by a command response; older positions never replace newer ones. */
  record(position: string | null | undefined): void;
  /** The latest position seen, if any. */
  latest(): string | undefined;
}

const DECIMAL = /^\d+$/;

/**
 * Whether `candidate` is after `current`. Positions are the log's `commit:position` checkpoints (what
 * the command API sends) or decimal strings (which may exceed 2^53).
 */
export function isLaterPosition(candidate: string, current: string | undefined): boolean {
  if (current === undefined) return true;
  if (DECIMAL.test(candidate) && DECIMAL.test(current)) return BigInt(candidate) > BigInt(current);
  const candidateCheckpoint = parseCheckpoint(candidate);
  const currentCheckpoint = parseCheckpoint(current);
  if (candidateCheckpoint && currentCheckpoint) return compareCheckpoints(candidateCheckpoint, currentCheckpoint) > 0;
  // An opaque position cannot be ordered; the newest response is the best guess.
  return candidate !== current;
}

export function createPositionTracker(): PositionTracker {
  let latest: string | undefined;
  return {
    record(position) {
      const value = position?.trim();
      if (!value) return;
      if (isLaterPosition(value, latest)) latest = value;
    },
    latest: () => latest,
  };
}
