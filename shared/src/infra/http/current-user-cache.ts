import { LRUCache } from 'lru-cache';
import { listenToChannel } from '../db/channel-listener';

/**
 * The users projection NOTIFYs this channel, in the transaction that changes them, with a JSON array
 * of the ids whose role or deleted flag changed: what decides what a request may do.
 */
export const USERS_CHANGED_CHANNEL = 'playtime_users_changed';

/** At most this many ids per NOTIFY (PostgreSQL caps a payload at 8,000 bytes). */
export const USERS_CHANGED_IDS_PER_NOTICE = 100;

export interface CurrentUserCacheOptions {
  /** Longest an entry is trusted, even with every notice delivered. */
  ttlMs?: number;
  capacity?: number;
}

/**
 * Remembers read.users rows for the user lookup every authenticated request makes, so a request
 * costs no database round trip for who its caller is. Safe against role changes and deletions:
 * the users projection announces those over LISTEN/NOTIFY as it commits them, every process
 * forgets the rows at once, and the cache only answers while its LISTEN connection is up (a lost
 * connection clears it). A lookup that raced a notice is not remembered (see `remember`).
 */
export class CurrentUserCache<Row extends object> {
  private readonly entries: LRUCache<string, Row>;
  private listening = false;
  /** Moves on every notice and every lost connection. */
  private generation = 0;
  private readonly listener: { close(): Promise<void> };

  constructor(connectionString: string, options: CurrentUserCacheOptions = {}) {
    this.entries = new LRUCache({ max: options.capacity ?? 50_000, ttl: options.ttlMs ?? 60_000 });
    this.listener = listenToChannel(connectionString, USERS_CHANGED_CHANNEL, {
      notice: (payload) => this.forget(payload),
      listening: () => {
        this.listening = true;
      },
      lost: () => {
        this.listening = false;
        this.generation += 1;
        this.entries.clear();
      },
    });
  }

  /** Take before reading a row; pass to `remember` with what was read. */
  get currentGeneration(): number {
    return this.generation;
  }

  get(userId: string): Row | undefined {
    return this.listening ? this.entries.get(userId) : undefined;
  }

  /**
   * Keeps a row read while the cache was at `generation`. If any notice arrived since, the row may
   * predate that change, so it is not kept (notices are rare: role changes and deletions).
   */
  remember(userId: string, row: Row, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    this.entries.set(userId, row);
  }

  private forget(payload: string): void {
    this.generation += 1;
    let ids: unknown;
    try {
      ids = JSON.parse(payload);
    } catch {
      ids = null;
    }
    if (!Array.isArray(ids)) {
      this.entries.clear();
      return;
    }
    for (const id of ids) this.entries.delete(String(id));
  }

  async close(): Promise<void> {
    this.listening = false;
    this.entries.clear();
    await this.listener.close();
  }
}
