/** Distributed entry: the projector. Needs DATABASE_URL; with REDIS_URL its change notices reach every read-api's sockets. */
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { databaseCheck, opsRoutes } from '@playtime/shared/infra/ops/health';
import { connectInfrastructure } from '@playtime/shared/infra/runtime/infrastructure';
import { runService } from '@playtime/shared/infra/runtime/run-service';
import { allProjections } from './projections';
import { redisSocketAnnouncer } from './realtime/socket-announcer';
import { createProjector } from './runtime/projector';
import { silentAnnouncer } from './runtime/projection';

runService('projector', async ({ config, logger, metrics }) => {
  const infrastructure = await connectInfrastructure(config, logger, { allowEmbedded: false });
  const redis = config.REDIS_URL ? await redisSocketAnnouncer(config.REDIS_URL) : null;
  if (!redis) logger.warn('REDIS_URL is not set: changes are projected but not pushed to browsers');
  const projector = createProjector({
    store: infrastructure.store,
    pool: infrastructure.pool,
    connectionString: infrastructure.databaseUrl,
    projections: allProjections,
    announcer: redis?.announcer ?? silentAnnouncer,
    logger,
    onBatch: ({ projection, lastEventAt }) => metrics.projectionLagMs.set({ projection }, Date.now() - lastEventAt.getTime()),
  });
  await projector.start();
  const app = createServiceApp({
    service: 'projector',
    logger,
    metrics,
    raw: [opsRoutes({ service: 'projector', metrics, checks: [databaseCheck(infrastructure.pool)] })],
    api: [],
  });
  return {
    app,
    close: async () => {
      await projector.stop();
      await redis?.close();
      await infrastructure.close();
    },
  };
});
