/**
 * The standalone composition: command API, projector, read API with socket.io, the embedded identity
 * provider and the built web app, in one process on one port. The distributed entries
 * (command-api/src/main.ts, projector/src/main.ts, read-api/src/main.ts) compose the same parts.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createCommandApi } from '@playtime/command-api/command-api';
import { createProductProjector } from '@playtime/projector/product-projector';
import { projectionNames } from '@playtime/projector/projections';
import { socketAnnouncer, type RoomEmitter } from '@playtime/projector/realtime/socket-announcer';
import { createReadApi } from '@playtime/read-api/read-api';
import { createRealtimeServer } from '@playtime/read-api/realtime/socket-server';
import { webAppRoutes } from '@playtime/read-api/web-app';
import type { Config } from '@playtime/shared/infra/config/config';
import { createGeocoder } from '@playtime/shared/infra/geocoding/geocoder';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { createLogger } from '@playtime/shared/infra/logging';
import { createMetrics } from '@playtime/shared/infra/metrics/metrics';
import { databaseCheck, opsRoutes, projectionsCheck } from '@playtime/shared/infra/ops/health';
import { connectServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import { WEB_DIST } from './web-build';

export interface RunningApp {
  url: string;
  port: number;
  databaseUrl: string;
  close(): Promise<void>;
}

export async function startStandalone(config: Config): Promise<RunningApp> {
  const logger = createLogger('playtime');
  const metrics = createMetrics();
  const parts = await connectServiceParts(config, logger, {
    standalone: true,
    seedDemoAccounts: !config.AUTH0_DOMAIN,
    serveIdentityProvider: true,
  });

  let handler: ReturnType<typeof createServiceApp> | null = null;
  const httpServer = createServer((req, res) => handler!(req, res));
  const realtime = await createRealtimeServer({ httpServer, resolveUser: parts.resolveUser, pool: parts.pool, metrics, logger, redisUrl: config.REDIS_URL });
  const projector = createProductProjector({ infrastructure: parts, announcer: socketAnnouncer(realtime.io as unknown as RoomEmitter), logger, metrics });
  await projector.start();

  handler = createServiceApp({
    service: 'standalone',
    logger,
    metrics,
    raw: [
      ...parts.identityRoutes,
      opsRoutes({
        service: 'standalone',
        metrics,
        checks: [
          databaseCheck(parts.pool),
          projectionsCheck({ pool: parts.pool, store: parts.store, projections: projectionNames, maxLagMs: config.READY_MAX_LAG_MS, metrics }),
        ],
      }),
    ],
    api: [
      createCommandApi({ ...parts, metrics, now: () => new Date(), newId: randomUUID, geocoder: createGeocoder(config) }),
      createReadApi({ ...parts, projections: projectionNames, readWaitMs: config.READ_WAIT_MS }),
    ],
    after: [webAppRoutes(WEB_DIST)],
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.PORT, () => resolve());
  });
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ url: parts.publicUrl }, 'Playtime is running');

  let closing: Promise<void> | null = null;
  return {
    url: parts.publicUrl,
    port,
    databaseUrl: parts.databaseUrl,
    close() {
      // Producers before what they feed: the projector announces through socket.io (and its Redis
      // clients), and everything uses the database that parts.close() shuts last.
      closing ??= (async () => {
        await projector.stop();
        await realtime.close();
        httpServer.closeAllConnections();
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await parts.close();
      })();
      return closing;
    },
  };
}
