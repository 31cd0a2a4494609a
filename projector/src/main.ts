/** Distributed entry: the projector. Needs DATABASE_URL; with REDIS_URL its change notices reach every read-api's sockets. */
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { databaseCheck, opsRoutes, projectionsCheck } from '@playtime/shared/infra/ops/health';
import { connectInfrastructure } from '@playtime/shared/infra/runtime/infrastructure';
import { runService } from '@playtime/shared/infra/runtime/run-service';
import { createProductProjector } from './product-projector';
import { projectionNames } from './projections';
import { redisSocketAnnouncer } from './realtime/socket-announcer';
import { silentAnnouncer } from './runtime/projection';

runService('projector', async ({ config, logger, metrics }) => {
  const infrastructure = await connectInfrastructure(config, logger, { standalone: false });
  const redis = config.REDIS_URL ? await redisSocketAnnouncer(config.REDIS_URL) : null;
  if (!redis) logger.warn('REDIS_URL is not set: changes are projected but not pushed to browsers');
  const projector = createProductProjector({ infrastructure, announcer: redis?.announcer ?? silentAnnouncer, logger, metrics });
  await projector.start();
  const app = createServiceApp({
    service: 'projector',
    logger,
    metrics,
    raw: [
      opsRoutes({
        service: 'projector',
        metrics,
        checks: [
          databaseCheck(infrastructure.pool),
          projectionsCheck({ pool: infrastructure.pool, store: infrastructure.store, projections: projectionNames, maxLagMs: config.READY_MAX_LAG_MS, metrics }),
        ],
      }),
    ],
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
