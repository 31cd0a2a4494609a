/** Distributed entry: the read API and socket.io. Needs DATABASE_URL; REDIS_URL to fan out across processes. */
import { createGeocoder } from '@playtime/shared/infra/geocoding/geocoder';
import { PROJECTION_NAMES as projectionNames } from '@playtime/shared/contract/projections';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { projectionOpsRoutes } from '@playtime/shared/infra/ops/health';
import { runService } from '@playtime/shared/infra/runtime/run-service';
import { openConfiguredJobQueues } from '@playtime/shared/infra/jobs/queues';
import { collectOperations } from '@playtime/shared/infra/ops/operations';
import { connectServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import { readApiOf } from './read-api';
import { WEB_DIST, webAppRoutes } from './web-app';
import { startRealtimeServer } from './realtime/socket-server';

runService('read-api', async ({ config, logger, metrics, httpServer }) => {
  // The read API serves the identity provider's pages when it is the embedded one (no AUTH0_DOMAIN, or EMBEDDED_IDENTITY).
  const parts = await connectServiceParts(config, logger, {
    standalone: false,
    seedDemoAccounts: false,
    serveIdentityProvider: true,
  });
  const realtime = await startRealtimeServer(parts, config, { httpServer, metrics, logger });
  const jobs = await openConfiguredJobQueues({ databaseUrl: parts.databaseUrl, redisUrl: config.REDIS_URL }, logger);
  collectOperations(metrics, { ...parts, projections: projectionNames, queues: jobs.queues });
  const app = createServiceApp({
    service: 'read-api',
    logger,
    metrics,
    trustedProxies: config.TRUSTED_PROXIES,
    raw: [
      ...parts.identityRoutes,
      // A slow or hung projector is no reason to pull every read API: answers say X-Playtime-Stale instead.
      projectionOpsRoutes({
        service: 'read-api',
        metrics,
        metricsToken: config.METRICS_TOKEN,
        ...parts,
        projections: projectionNames,
        maxLagMs: config.READY_MAX_LAG_MS,
        lagFails: false,
      }),
    ],
    api: [readApiOf(parts, config, { geocoder: createGeocoder(config), metrics, jobQueues: jobs.queues })],
    // The built web app (`npm run build`), when this checkout has one: a proxy sends every page here.
    after: [webAppRoutes(WEB_DIST)],
    securityHeaders: parts.securityHeaders,
  });
  return {
    app,
    close: async () => {
      await realtime.close();
      await jobs.close();
      await parts.close();
    },
  };
});
