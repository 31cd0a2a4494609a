/** Distributed entry: the read API and socket.io. Needs DATABASE_URL; REDIS_URL to fan out across processes. */
import { createGeocoder } from '@playtime/shared/infra/geocoding/geocoder';
import { PROJECTION_NAMES as projectionNames } from '@playtime/shared/contract/projections';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { databaseCheck, opsRoutes, projectionsCheck } from '@playtime/shared/infra/ops/health';
import { runService } from '@playtime/shared/infra/runtime/run-service';
import { selectJobBackend } from '@playtime/shared/infra/jobs/port';
import { openJobQueues } from '@playtime/shared/infra/jobs/queues';
import { collectOperations } from '@playtime/shared/infra/ops/operations';
import { connectServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import { createReadApi } from './read-api';
import { WEB_DIST, webAppRoutes } from './web-app';
import { createRealtimeServer } from './realtime/socket-server';

runService('read-api', async ({ config, logger, metrics, httpServer }) => {
  // The read API serves the identity provider's pages when it is the embedded one (no AUTH0_DOMAIN, or EMBEDDED_IDENTITY).
  const parts = await connectServiceParts(config, logger, {
    standalone: false,
    seedDemoAccounts: false,
    serveIdentityProvider: true,
  });
  const realtime = await createRealtimeServer({
    httpServer,
    resolveUser: parts.resolveUser,
    sessions: { verify: parts.identity.verify, ends: parts.identity.sessions },
    pool: parts.pool,
    databaseUrl: parts.databaseUrl,
    metrics,
    logger,
    redisUrl: config.REDIS_URL,
  });
  const jobs = await openJobQueues(
    selectJobBackend({ databaseUrl: parts.databaseUrl, redisUrl: config.REDIS_URL }),
    logger,
  );
  collectOperations(metrics, { ...parts, projections: projectionNames, queues: jobs.queues });
  const app = createServiceApp({
    service: 'read-api',
    logger,
    metrics,
    trustedProxies: config.TRUSTED_PROXIES,
    raw: [
      ...parts.identityRoutes,
      opsRoutes({
        service: 'read-api',
        metrics,
        metricsToken: config.METRICS_TOKEN,
        checks: [
          databaseCheck(parts.pool),
          projectionsCheck({
            pool: parts.pool,
            store: parts.store,
            projections: projectionNames,
            maxLagMs: config.READY_MAX_LAG_MS,
            lagFails: false,
            metrics,
          }),
        ],
      }),
    ],
    api: [
      createReadApi({
        ...parts,
        projections: projectionNames,
        readWaitMs: config.READ_WAIT_MS,
        geocoder: createGeocoder(config),
        metrics,
        jobQueues: jobs.queues,
        partnerSheetUrl: config.PARTNER_SHEET_URL ?? null,
      }),
    ],
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
