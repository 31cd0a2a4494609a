/**
 * The standalone composition: command API, projector, read API with socket.io, the embedded identity
 * provider and the built web app, in one process on one port. The distributed entries
 * (command-api/src/main.ts, projector/src/main.ts, read-api/src/main.ts) compose the same parts.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Router } from 'express';
import { createCommandApi } from '@playtime/command-api/command-api';
import { allProjections, projectionNames } from '@playtime/projector/projections';
import { socketAnnouncer, type RoomEmitter } from '@playtime/projector/realtime/socket-announcer';
import { createProjector } from '@playtime/projector/runtime/projector';
import { createReadApi } from '@playtime/read-api/read-api';
import { createRealtimeServer } from '@playtime/read-api/realtime/socket-server';
import { webAppRoutes } from '@playtime/read-api/web-app';
import type { Config } from '@playtime/shared/infra/config/config';
import { createUserResolver } from '@playtime/shared/infra/http/current-user';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { createLogger } from '@playtime/shared/infra/logging';
import { createMetrics } from '@playtime/shared/infra/metrics/metrics';
import { databaseCheck, opsRoutes, projectionsCheck } from '@playtime/shared/infra/ops/health';
import { setUpIdentity } from '@playtime/shared/infra/runtime/identity';
import { connectInfrastructure } from '@playtime/shared/infra/runtime/infrastructure';
import { readProjectionPositions } from '@playtime/shared/infra/projections/projection-progress';

export { WEB_DIST } from './web-build';
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
  const infrastructure = await connectInfrastructure(config, logger, { allowEmbedded: true });
  const { pool, store, progress } = infrastructure;
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const identity = await setUpIdentity({ config, pool, publicUrl, logger, seedDemoAccounts: !config.AUTH0_DOMAIN });
  const resolveUser = createUserResolver({ verify: identity.verify, pool, store, progress, adminEmails: config.ADMIN_EMAILS });

  let handler: ReturnType<typeof createServiceApp> | null = null;
  const httpServer = createServer((req, res) => handler!(req, res));
  const realtime = await createRealtimeServer({ httpServer, resolveUser, pool, metrics, logger, redisUrl: config.REDIS_URL });
  const projector = createProjector({
    store,
    pool,
    connectionString: infrastructure.databaseUrl,
    projections: allProjections,
    announcer: socketAnnouncer(realtime.io as unknown as RoomEmitter),
    logger,
    onBatch: ({ projection, lastEventAt }) => metrics.projectionLagMs.set({ projection }, Date.now() - lastEventAt.getTime()),
  });
  await projector.start();

  const raw = [
    opsRoutes({
      service: 'standalone',
      metrics,
      checks: [
        databaseCheck(pool),
        projectionsCheck({
          pool,
          projections: projectionNames,
          maxLagMs: config.READY_MAX_LAG_MS,
          metrics,
          eventsBehind: async (name) => {
            const [position] = await readProjectionPositions(pool, [name]);
            return position ? store.countEventsAfter(position.checkpoint) : 0;
          },
        }),
      ],
    }),
  ];
  if (identity.provider) {
    const mounted = Router();
    mounted.use(identity.provider.path, identity.provider.router);
    raw.unshift(mounted);
  }
  handler = createServiceApp({
    service: 'standalone',
    logger,
    metrics,
    raw,
    api: [
      createCommandApi({ store, metrics, resolveUser, now: () => new Date(), newId: randomUUID }),
      createReadApi({
        pool,
        progress,
        projections: projectionNames,
        resolveUser,
        readWaitMs: config.READ_WAIT_MS,
        publicConfig: { auth: identity.auth, partnerFormUrl: config.PARTNER_FORM_URL ?? null },
      }),
    ],
    after: [webAppRoutes(WEB_DIST)],
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.PORT, () => resolve());
  });
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ url: publicUrl }, 'Playtime is running');

  let closing: Promise<void> | null = null;
  return {
    url: publicUrl,
    port,
    databaseUrl: infrastructure.databaseUrl,
    close() {
      closing ??= (async () => {
        await realtime.close();
        httpServer.closeAllConnections();
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await projector.stop();
        await identity.close();
        await infrastructure.close();
      })();
      return closing;
    },
  };
}
