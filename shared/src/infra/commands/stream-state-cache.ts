import { LRUCache } from 'lru-cache';

interface KnownState {
  /** The decider whose state this is: a stream is read by one decider, but a key must not mix two. */
  decider: object;
  /** Revision of the stream's last event when the state was known. */
  revision: number;
  state: unknown;
}

/**
 * The state a stream had after this process's last successful append to it, so the next command on
 * that stream can decide without reading the stream again. An entry is only ever a guess: the append
 * carries the entry's revision, so if anyone else wrote to the stream meanwhile the store refuses it
 * and the command is decided again on a fresh read. Refusals and no-op decisions are never trusted to
 * a cached state either (see handleCommand). Bounded; the least recently used entries go first.
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

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }
}
