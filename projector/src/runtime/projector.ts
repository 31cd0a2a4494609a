import type pg from 'pg';
import { migrate } from '@playtime/shared/infra/db/migrations';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import type { Logger } from '@playtime/shared/infra/logging';
import { projectionMigrations } from '@playtime/shared/infra/projections/schema';
import type { ChangeAnnouncer, Projection } from './projection';
import { ProjectionLeases } from './projection-leases';
import {
  ProjectionRunner,
  readRebuildProgress,
  type ProjectionRunnerOptions,
  type RebuildProgress,
} from './projection-runner';

export interface ProjectorOptions {
  store: EventStore;
  pool: pg.Pool;
  connectionString: string;
  projections: Projection[];
  announcer: ChangeAnnouncer;
  logger: Logger;
  batchSize?: number;
  rebuildBatchSize?: number;
  /** How often the projection leases are renewed, and a standby tries to take them (default 1 s). */
  leaseHeartbeatMs?: number;
  /** How long a lease outlives its last renewal: a standby takes over this long after a hang (default 3 s). */
  leaseTtlMs?: number;
  progress?: ProjectionRunnerOptions['progress'];
  onBatch?: ProjectionRunnerOptions['onBatch'];
  onPush?: ProjectionRunnerOptions['onPush'];
  /** How often this process looks for rebuilds an admin asked for (default 500 ms). */
  rebuildRequestIntervalMs?: number;
}

export interface Projector {
  start(): Promise<void>;
  stop(): Promise<void>;
  rebuild(projection: string): void;
  rebuildProgress(projection: string): Promise<RebuildProgress | null>;
  readonly runners: ProjectionRunner[];
  /** Who holds which projection: this process's side of it. */
  readonly leases: ProjectionLeases;
}

/**
 * Runs every projection; several projector processes may run this at once. Each projection has one
 * owner at a time, the holder of its lease; the other processes are standbys that take over when the
 * owner stops renewing it (see ProjectionLeases).
 */
export function createProjector(options: ProjectorOptions): Projector {
  const leases = new ProjectionLeases({
    connectionString: options.connectionString,
    logger: options.logger,
    heartbeatMs: options.leaseHeartbeatMs,
    ttlMs: options.leaseTtlMs,
  });
  const runners = options.projections.map(
    (projection) =>
      new ProjectionRunner({
        store: options.store,
        pool: options.pool,
        connectionString: options.connectionString,
        leases,
        projection,
        announcer: options.announcer,
        logger: options.logger,
        batchSize: options.batchSize,
        rebuildBatchSize: options.rebuildBatchSize,
        progress: options.progress,
        onBatch: options.onBatch,
        onPush: options.onPush,
      }),
  );
  const byName = new Map(runners.map((runner) => [runner.name, runner]));
  let requests: NodeJS.Timeout | null = null;
  let taking: Promise<void> = Promise.resolve();
  // A request is taken (deleted) only by the process owning that projection, which then rebuilds it.
  // Checked against the lease too: a process resuming from a pause may not have noticed its loss yet.
  const takeRebuildRequests = async () => {
    const owned = runners.filter((runner) => runner.isOwner).map((runner) => runner.name);
    if (owned.length === 0) return;
    const { rows } = await options.pool.query<{ name: string }>(
      `DELETE FROM projection_rebuild_requests request WHERE name = ANY($1::text[])
          AND EXISTS (SELECT FROM projection_leases lease
                       WHERE lease.name = request.name AND lease.holder = $2 AND lease.expires_at > now())
       RETURNING name`,
      [owned, leases.holder],
    );
    for (const { name } of rows) {
      options.logger.info({ projection: name }, 'rebuilding a projection an admin asked for');
      byName.get(name)!.requestRebuild();
    }
  };
  return {
    runners,
    leases,
    async start() {
      await migrate(options.pool, 'projections', projectionMigrations);
      leases.start();
      for (const runner of runners) runner.start();
      requests = setInterval(() => {
        taking = taking
          .then(takeRebuildRequests)
          .catch((error: unknown) => options.logger.warn({ err: error }, 'could not read rebuild requests'));
      }, options.rebuildRequestIntervalMs ?? 500);
      requests.unref();
    },
    async stop() {
      if (requests) clearInterval(requests);
      await taking;
      // Runners hand their leases back first: standbys take over at their next heartbeat.
      await Promise.all(runners.map((runner) => runner.stop()));
      await leases.stop();
    },
    rebuild(projection) {
      const runner = byName.get(projection);
      if (!runner) throw new Error(`Unknown projection ${projection}`);
      runner.requestRebuild();
    },
    rebuildProgress: (projection) => readRebuildProgress(options.pool, projection),
  };
}
