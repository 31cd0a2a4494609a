import type { Infrastructure } from '@playtime/shared/infra/runtime/infrastructure';
import type { Logger } from '@playtime/shared/infra/logging';
import type { Metrics } from '@playtime/shared/infra/metrics/metrics';
import type { EmailSettings } from '@playtime/shared/infra/email/outbox';
import { productProjections } from './product-projections';
import type { ChangeAnnouncer, Projection } from './runtime/projection';
import { createProjector, type Projector } from './runtime/projector';

/**
 * The projector of the product: every read model, announcing to `announcer`, reporting its lag, and
 * the reactors (the game loop's) that turn events into jobs.
 */
export function createProductProjector(options: {
  infrastructure: Pick<Infrastructure, 'store' | 'pool' | 'databaseUrl' | 'progress'>;
  announcer: ChangeAnnouncer;
  logger: Logger;
  metrics: Metrics;
  reactors: Projection[];
  /** Notifications' mail (the email worker sends it); null: notifications stay in the app. */
  mail: EmailSettings | null;
  /** PROJECTION_REBUILD_BATCH_SIZE. */
  rebuildBatchSize?: number;
}): Projector {
  return createProjector({
    store: options.infrastructure.store,
    pool: options.infrastructure.pool,
    connectionString: options.infrastructure.databaseUrl,
    projections: [...productProjections(options.mail), ...options.reactors],
    announcer: options.announcer,
    progress: options.infrastructure.progress,
    logger: options.logger,
    rebuildBatchSize: options.rebuildBatchSize,
    onBatch: ({ projection, lastEventAt }) =>
      options.metrics.projectionLagMs.set({ projection }, Date.now() - lastEventAt.getTime()),
    onPush: ({ projection, heardMs, appliedMs, announcedMs }) => {
      options.metrics.pushStages.observe({ projection, stage: 'heard' }, heardMs);
      options.metrics.pushStages.observe({ projection, stage: 'applied' }, appliedMs);
      options.metrics.pushStages.observe({ projection, stage: 'announced' }, announcedMs);
    },
  });
}
