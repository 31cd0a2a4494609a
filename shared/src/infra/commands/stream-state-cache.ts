import { LRUCache } from 'lru-cache';

interface KnownState {
  /** The decider whose state this is: a stream is read by one decider, but a key must not mix two. */
  decider: object;
  /** Revision of the stream's last event when the state was known. */
  revision: number;
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

  get<State>(streamId: string, decider: object): { revision: number; state: State } | undefined {
    const entry = this.entries.get(streamId);
    if (!entry || entry.decider !== decider) return undefined;
    return { revision: entry.revision, state: entry.state as State };
  }

  set<State>(streamId: string, decider: object, revision: number, state: State): void {
    this.entries.set(streamId, { decider, revision, state });
  }

  get size(): number {
    return this.entries.size;
  }
}
