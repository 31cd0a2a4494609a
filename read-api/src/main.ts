/** Distributed entry: the read API and socket.io. Needs DATABASE_URL; REDIS_URL to fan out across processes. */
import { Router } from 'express';
import { projectionNames } from '@playtime/projector/projections';
import { createUserResolver } from '@playtime/shared/infra/http/current-user';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { databaseCheck, opsRoutes } from '@playtime/shared/infra/ops/health';
import { setUpIdentity } from '@playtime/shared/infra/runtime/identity';
import { connectInfrastructure } from '@playtime/shared/infra/runtime/infrastructure';
import { runService } from '@playtime/shared/infra/runtime/run-service';
import { createReadApi } from './read-api';
import { createRealtimeServer } from './realtime/socket-server';

runService('read-api', async ({ config, logger, metrics, httpServer }) => {
  const infrastructure = await connectInfrastructure(config, logger, { allowEmbedded: false });
  const { pool, store, progress } = infrastructure;
  const identity = await setUpIdentity({ config, pool, publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`, logger, seedDemoAccounts: false });
  const resolveUser = createUserResolver({ verify: identity.verify, pool, store, progress, adminEmails: config.ADMIN_EMAILS });
  const realtime = await createRealtimeServer({ httpServer, resolveUser, pool, metrics, logger, redisUrl: config.REDIS_URL });
  const raw = [opsRoutes({ service: 'read-api', metrics, checks: [databaseCheck(pool)] })];
  if (identity.provider) raw.unshift(Router().use(identity.provider.path, identity.provider.router));
  const app = createServiceApp({
    service: 'read-api',
    logger,
    metrics,
    raw,
    api: [
      createReadApi({
        pool,
        progress,
        projections: projectionNames,
        resolveUser,
        readWaitMs: config.READ_WAIT_MS,
        publicConfig: { auth: identity.auth, partnerFormUrl: config.PARTNER_FORM_URL ?? null },
      }),
    ],
  });
  return {
    app,
    close: async () => {
      await realtime.close();
      await identity.close();
      await infrastructure.close();
    },
  };
});
