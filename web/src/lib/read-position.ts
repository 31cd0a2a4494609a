import { compareCheckpoints, parseCheckpoint } from '@playtime/shared/contract/checkpoints';
import { AFTER_HEADER, POSITION_HEADER, READ_AT_HEADER } from '@playtime/shared/contract/headers';

/**
 * Read-your-writes: every command response names the global position of its last event
 * (`X-Playtime-Position`); sending the highest one seen as `X-Playtime-After` on later reads makes
 * the read API wait until its projections have caught up, so a user never misses their own change.
 */
export { AFTER_HEADER, POSITION_HEADER, READ_AT_HEADER };

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

/** Each query answer's X-Playtime-Read-At, by the answer's parsed body (an object; other answers have none). */
const readAt = new WeakMap<object, string>();

/** Remembers how far the read models had got before `answer` was read. */
export function recordReadAt(answer: unknown, position: string | null): void {
  if (position && typeof answer === 'object' && answer !== null) readAt.set(answer, position);
}

/** An infinite query's data: its pages are the answers. */
const pagesOf = (data: unknown): unknown[] | null =>
  typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages)
    ? (data as { pages: unknown[] }).pages
    : null;

/**
 * For a query's structural sharing: an answer equal to the one before keeps the old object (so the
 * screen does not render again), which now stands for the newer read; so do the pages of an
 * infinite query.
 */
export function carryReadAt<T>(kept: T, answer: unknown): T {
  const position = typeof answer === 'object' && answer !== null ? readAt.get(answer) : undefined;
  if (position) recordReadAt(kept, position);
  const keptPages = pagesOf(kept);
  pagesOf(answer)?.forEach((page, index) => {
    if (keptPages && index < keptPages.length) carryReadAt(keptPages[index], page);
  });
  return kept;
}

/**
 * Whether `answer` was read at or after `joinedAt` (a room join's answer): then no change announced
 * before the join is missing from it, and it need not be fetched again. An infinite query's data is
 * when every page is. Unknown means no.
 */
export function readSince(answer: unknown, joinedAt: string | undefined): boolean {
  if (!joinedAt || typeof answer !== 'object' || answer === null) return false;
  const pages = pagesOf(answer);
  if (pages) return pages.length > 0 && pages.every((page) => readSince(page, joinedAt));
  const read = parseCheckpoint(readAt.get(answer) ?? '');
  const joined = parseCheckpoint(joinedAt);
  return read !== null && joined !== null && compareCheckpoints(read, joined) >= 0;
}
