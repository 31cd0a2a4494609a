/**
 * A place in the global log. Events are ordered by (commit, position):
 * - PostgreSQL: commit = the appending transaction's id (xid8), position = the global sequence number.
 *   Ordering by transaction id first is what lets a subscriber never skip an event whose
 *   transaction committed after a later-numbered one (see postgres-event-store.ts).
 * - EventStoreDB: commit and prepare positions of $all.
 * Its text form travels in X-Playtime-Position / X-Playtime-After and in realtime messages, so the
 * web orders positions with the same code the services use.
 */
export interface LogCheckpoint {
  commit: number;
  position: number;
}

export function compareCheckpoints(a: LogCheckpoint | null, b: LogCheckpoint | null): number {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  return a.commit - b.commit || a.position - b.position;
}

/** The later of two places in the log; null only when both are. */
export const laterCheckpoint = (a: LogCheckpoint | null, b: LogCheckpoint | null): LogCheckpoint | null =>
  compareCheckpoints(a, b) >= 0 ? a : b;

/** The text form carried in HTTP headers and socket messages: `commit:position`. */
export function formatCheckpoint(checkpoint: LogCheckpoint): string {
  return `${checkpoint.commit}:${checkpoint.position}`;
}

export function parseCheckpoint(text: string): LogCheckpoint | null {
  const match = /^(\d{1,16}):(\d{1,16})$/.exec(text.trim());
  if (!match) return null;
  return { commit: Number(match[1]), position: Number(match[2]) };
}
