import { LRUCache } from 'lru-cache';
import type { LogCheckpoint } from '../eventstore/checkpoint';

/** Where a stream's last event sits: its revision in the stream, and its checkpoint in the global log. */
export interface StreamEnd {
  revision: number;
  /** A reader who waits for it sees the stream as far as this revision (read-your-writes). */
  checkpoint: LogCheckpoint;
}

interface KnownState extends StreamEnd {
  /** The decider whose state this is: a stream is read by one decider, but a key must not mix two. */
  decider: object;
  state: unknown;
}

/**
 * The state a stream had at a revision, as this process last folded or appended it. Every entry is
 * true of its revision, since streams only grow; whether the stream is still at that revision is a
 * guess. Readers bring an entry up to date with the events after its revision (readCurrentState);
 * a command may decide on it without reading at all, because its append carries the entry's
 * revision: if anyone else wrote to the stream meanwhile the store refuses it and the command is
 * decided again on what came since. Refusals and no-op decisions are never trusted to a cached state
 * (see handleCommand). Bounded; the least recently used entries go first.
 */
export class StreamStateCache {
  private readonly entries: LRUCache<string, KnownState>;

  constructor(capacity = 10_000) {
    this.entries = new LRUCache({ max: capacity });
  }

  get<State>(streamId: string, decider: object): (StreamEnd & { state: State }) | undefined {
    const entry = this.entries.get(streamId);
    if (!entry || entry.decider !== decider) return undefined;
    return { revision: entry.revision, checkpoint: entry.checkpoint, state: entry.state as State };
  }

  set<State>(streamId: string, decider: object, end: StreamEnd, state: State): void {
    this.entries.set(streamId, { decider, revision: end.revision, checkpoint: end.checkpoint, state });
  }

  get size(): number {
    return this.entries.size;
  }
}
