import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Logger } from '@playtime/shared/infra/logging';
import { Serial } from './serial';

/** This process's right to run one projection, until `signal` aborts. */
export interface ProjectionLease {
  readonly name: string;
  /** Raised by every takeover; each checkpoint move names it, so only the current holder's moves commit. */
  readonly token: number;
  readonly signal: AbortSignal;
}

export interface ProjectionLeasesOptions {
  connectionString: string;
  logger: Logger;
  /** How long a lease lasts after its last renewal (default 3 s). */
  ttlMs?: number;
  /** How often held leases are renewed and wanted ones tried (default 1 s). */
  heartbeatMs?: number;
}

interface HeldLease {
  name: string;
  token: number;
  controller: AbortController;
  /** Local monotonic time until which the database holds the lease for sure. */
  validUntil: number;
}

/** SQLSTATE lock_not_available: a takeover waited longer than lock_timeout for a holder's batch. */
const LOCK_NOT_AVAILABLE = '55P03';

// Renews the leases this process holds; a lease taken over meanwhile (another token) is not returned.
const RENEW = `UPDATE projection_leases SET expires_at = now() + $4 * interval '1 millisecond'
  WHERE holder = $1 AND (name, token) IN (SELECT * FROM unnest($2::text[], $3::bigint[]))
  RETURNING name`;

// Takes the wanted leases nobody holds or whose holder stopped renewing. Live leases are left out
// before the insert: its conflict handling locks the row, and would wait for the holder's batch.
const TAKE = `INSERT INTO projection_leases AS lease (name, holder, token, expires_at)
  SELECT wanted.name, $1, 1, now() + $3 * interval '1 millisecond' FROM unnest($2::text[]) AS wanted(name)
   WHERE NOT EXISTS (SELECT FROM projection_leases live WHERE live.name = wanted.name AND live.expires_at >= now())
  ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, token = lease.token + 1, expires_at = EXCLUDED.expires_at
   WHERE lease.expires_at < now()
  RETURNING name, token::text AS token`;

/**
 * Holds the leases of the projections this process runs, in the database, on one connection: a
 * waiting standby keeps that one session and nothing else. Every heartbeat renews the held leases
 * and tries to take the wanted ones (a statement each, for all projections). Time is the database's:
 * a lease is free once `expires_at` has passed by its clock. Locally a lease ends as soon as a
 * renewal finds it taken over, or when no renewal has succeeded for the lease's whole time to live
 * (the connection is gone, or this process was paused): its holder stops before anyone may take it.
 */
export class ProjectionLeases {
  /** Names this process in `projection_leases.holder` and in its session's application_name. */
  readonly holder = `${os.hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`;
  readonly ttlMs: number;
  readonly heartbeatMs: number;
  private client: pg.Client | null = null;
  /** The connection's statements, one at a time and in order: a release follows any renewal sent before it. */
  private readonly serial = new Serial();
  private reconnectAt = 0;
  private failures = 0;
  private readonly held = new Map<string, HeldLease>();
  private readonly wanted = new Map<string, (lease: ProjectionLease | null) => void>();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private watchdogTimer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private beatAgain = false;
  private stopped = false;

  constructor(private readonly options: ProjectionLeasesOptions) {
    this.ttlMs = options.ttlMs ?? 3000;
    this.heartbeatMs = options.heartbeatMs ?? 1000;
    if (this.heartbeatMs * 2 > this.ttlMs) throw new Error('A lease must outlive at least two heartbeats');
  }

  start(): void {
    this.heartbeatTimer = setInterval(() => this.beat(), this.heartbeatMs);
    this.watchdogTimer = setInterval(() => this.endOverdue(), Math.min(this.heartbeatMs, 250));
    this.heartbeatTimer.unref();
    this.watchdogTimer.unref();
  }

  /** Ends the heartbeat. Held leases end here and expire in the database (runners release theirs first). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.watchdogTimer) clearInterval(this.watchdogTimer);
    for (const resolve of this.wanted.values()) resolve(null);
    this.wanted.clear();
    await this.beating;
    for (const lease of this.held.values()) lease.controller.abort();
    this.held.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Waits until this process holds the lease of `name`; null once `signal` aborts or the keeper stops. */
  acquire(name: string, signal: AbortSignal): Promise<ProjectionLease | null> {
    if (this.stopped || signal.aborted) return Promise.resolve(null);
    if (this.wanted.has(name) || this.held.has(name)) throw new Error(`The lease of ${name} is already wanted here`);
    return new Promise((resolve) => {
      const giveUp = () => {
        if (this.wanted.get(name) !== settle) return;
        this.wanted.delete(name);
        resolve(null);
      };
      const settle = (lease: ProjectionLease | null) => {
        signal.removeEventListener('abort', giveUp);
        resolve(lease);
      };
      this.wanted.set(name, settle);
      signal.addEventListener('abort', giveUp, { once: true });
      // Tried now rather than at the next heartbeat: a first start, or a lease just handed over.
      this.beat();
    });
  }

  /** Ends this holding at once, and lets a standby take the lease at its next heartbeat. */
  async release(lease: ProjectionLease): Promise<void> {
    const held = this.held.get(lease.name);
    if (!held || held.token !== lease.token) return;
    this.end(held);
    // After any renewal already sent, so none extends it again.
    await this.serial.run(() => this.expire(lease));
  }

  private async expire(lease: ProjectionLease): Promise<void> {
    await this.client
      ?.query('UPDATE projection_leases SET expires_at = now() WHERE name = $1 AND holder = $2 AND token = $3', [
        lease.name,
        this.holder,
        lease.token,
      ])
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error, projection: lease.name }, 'could not release a projection lease'),
      );
  }

  private beat(): void {
    if (this.stopped) return;
    if (this.beating) {
      this.beatAgain = true;
      return;
    }
    this.beating = this.serial
      .run(() => this.renewAndTake())
      .catch((error: unknown) => this.failed(error))
      .finally(() => {
        this.beating = null;
        if (this.beatAgain && this.wanted.size > 0) {
          this.beatAgain = false;
          this.beat();
        }
      });
  }

  private async renewAndTake(): Promise<void> {
    const client = await this.connection();
    if (!client) return;
    if (this.held.size > 0) {
      const leases = [...this.held.values()];
      const sentAt = performance.now();
      const { rows } = await client.query<{ name: string }>(RENEW, [
        this.holder,
        leases.map((lease) => lease.name),
        leases.map((lease) => lease.token),
        this.ttlMs,
      ]);
      const renewed = new Set(rows.map((row) => row.name));
      for (const lease of leases) {
        if (this.held.get(lease.name) !== lease) continue;
        if (renewed.has(lease.name)) lease.validUntil = sentAt + this.ttlMs;
        else {
          this.options.logger.warn({ projection: lease.name }, 'another projector took over this projection');
          this.end(lease);
        }
      }
    }
    if (this.wanted.size > 0) {
      const sentAt = performance.now();
      const { rows } = await client.query<{ name: string; token: string }>(TAKE, [
        this.holder,
        [...this.wanted.keys()],
        this.ttlMs,
      ]);
      for (const row of rows) {
        const lease: HeldLease = {
          name: row.name,
          token: Number(row.token),
          controller: new AbortController(),
          validUntil: sentAt + this.ttlMs,
        };
        this.held.set(lease.name, lease);
        const settle = this.wanted.get(lease.name);
        this.wanted.delete(lease.name);
        const taken = { name: lease.name, token: lease.token, signal: lease.controller.signal };
        // Nobody waits for it any more (a runner stopping meanwhile): hand it back.
        if (settle) settle(taken);
        else {
          this.end(lease);
          await this.expire(taken);
        }
      }
    }
  }

  private async connection(): Promise<pg.Client | null> {
    if (this.client) return this.client;
    if (performance.now() < this.reconnectAt) return null;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: `playtime-leases ${this.holder}`.slice(0, 63),
      // A takeover waiting for a paused holder's batch must not hold up the renewals behind it.
      lock_timeout: this.heartbeatMs,
      statement_timeout: this.ttlMs,
      // A database out of reach fails the heartbeat instead of holding it up: it reconnects.
      connectionTimeoutMillis: this.ttlMs,
      query_timeout: this.ttlMs,
    });
    const lost = () => {
      if (this.client === client) this.client = null;
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end();
      return null;
    }
    this.failures = 0;
    this.client = client;
    return client;
  }

  private failed(error: unknown): void {
    if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return;
    if (!this.stopped) this.options.logger.warn({ err: error }, 'projection lease heartbeat failed; reconnecting');
    const client = this.client;
    this.client = null;
    void client?.end().catch(() => undefined);
    this.failures++;
    this.reconnectAt = performance.now() + Math.min(this.ttlMs, this.heartbeatMs * 2 ** (this.failures - 1));
  }

  /** Leases not renewed within their time to live may be taken by now: their holders stop. */
  private endOverdue(): void {
    const now = performance.now();
    for (const lease of this.held.values()) {
      if (now < lease.validUntil) continue;
      this.options.logger.warn({ projection: lease.name }, 'projection lease not renewed in time; stepping down');
      this.end(lease);
    }
  }

  private end(lease: HeldLease): void {
    if (this.held.get(lease.name) === lease) this.held.delete(lease.name);
    lease.controller.abort();
  }
}
