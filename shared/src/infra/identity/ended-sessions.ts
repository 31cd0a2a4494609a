import type pg from 'pg';
import { listenToChannel } from '../db/channel-listener';

/**
 * Sessions of the embedded identity provider that ended (logout, a revoked refresh token, a reused
 * one), so their access tokens stop working at once instead of when they expire (an hour). An access
 * token names its session in SESSION_CLAIM: the provider's grant, which every ending of the session
 * revokes (see postgres-adapter.ts, where the provider destroys it). The provider writes the ended
 * grant into identity_ended_grants and NOTIFYs SESSIONS_ENDED_CHANNEL in the same statement; every
 * API process LISTENs and keeps the recent ones in memory, so the check costs no database round trip
 * (while its LISTEN connection is down, it asks the table instead).
 */

export const SESSION_CLAIM = 'playtime_session';
export const SESSIONS_ENDED_CHANNEL = 'playtime_sessions_ended';
/**
 * How long an ended session is remembered: past this, every token of it has expired on its own
 * (access tokens live an hour, plus the verifier's minute of clock tolerance).
 */
export const ENDED_SESSIONS_KEPT_SECONDS = 2 * 60 * 60;

/** What ended-session checks need of sockets and requests. */
export interface SessionEnds {
  hasEnded(session: string): Promise<boolean>;
  /** Calls `listener` with each session that ends from now on; returns how to stop. */
  onEnded(listener: (session: string) => void): () => void;
}

/** Records that a session (grant) ended, and tells every process, in one statement. */
export const END_SESSION_SQL = `
  WITH ended AS (INSERT INTO identity_ended_grants (grant_id) VALUES ($1) ON CONFLICT (grant_id) DO NOTHING)
  SELECT pg_notify('${SESSIONS_ENDED_CHANNEL}', $1)`;

/** Forgets sessions ended longer ago than any of their tokens can live. */
export async function forgetOldEndedSessions(db: Pick<pg.Pool, 'query'>): Promise<void> {
  await db.query('DELETE FROM identity_ended_grants WHERE ended_at <= now() - make_interval(secs => $1)', [
    ENDED_SESSIONS_KEPT_SECONDS,
  ]);
}

export class EndedSessions implements SessionEnds {
  /** Ended session → when this process learnt of it (ms), for forgetting it. */
  private readonly ended = new Map<string, number>();
  private readonly listeners = new Set<(session: string) => void>();
  /** The map is complete: LISTEN is up and the table was read since. */
  private complete = false;
  private readonly listener: { close(): Promise<void> };
  private readonly pruner: NodeJS.Timeout;

  constructor(
    private readonly pool: pg.Pool,
    connectionString: string,
  ) {
    this.listener = listenToChannel(connectionString, SESSIONS_ENDED_CHANNEL, {
      notice: (session) => this.learn(session),
      // Notices sent while the connection was down are lost: read them from the table.
      listening: () => void this.load(),
      lost: () => {
        this.complete = false;
      },
    });
    this.pruner = setInterval(() => this.prune(), 10 * 60_000);
    this.pruner.unref();
  }

  async hasEnded(session: string): Promise<boolean> {
    if (this.ended.has(session)) return true;
    if (this.complete) return false;
    const { rowCount } = await this.pool.query('SELECT 1 FROM identity_ended_grants WHERE grant_id = $1', [session]);
    return Boolean(rowCount);
  }

  onEnded(listener: (session: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    clearInterval(this.pruner);
    this.complete = false;
    await this.listener.close();
  }

  private learn(session: string): void {
    if (this.ended.has(session)) return;
    this.ended.set(session, Date.now());
    for (const listener of this.listeners) listener(session);
  }

  private async load(): Promise<void> {
    try {
      const { rows } = await this.pool.query<{ grant_id: string }>(
        'SELECT grant_id FROM identity_ended_grants WHERE ended_at > now() - make_interval(secs => $1)',
        [ENDED_SESSIONS_KEPT_SECONDS],
      );
      for (const row of rows) this.learn(row.grant_id);
      this.complete = true;
    } catch {
      // Left incomplete: checks ask the table until the next (re)connection reads it.
    }
  }

  private prune(): void {
    const before = Date.now() - ENDED_SESSIONS_KEPT_SECONDS * 1000;
    for (const [session, learnt] of this.ended) if (learnt <= before) this.ended.delete(session);
  }
}
