/** Distributed entry: the command API alone. Needs DATABASE_URL (and EVENTSTORE_URL for EventStoreDB). */
import { randomUUID } from 'node:crypto';
import { createUserResolver } from '@playtime/shared/infra/http/current-user';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { databaseCheck, opsRoutes } from '@playtime/shared/infra/ops/health';
import { setUpIdentity } from '@playtime/shared/infra/runtime/identity';
import { connectInfrastructure } from '@playtime/shared/infra/runtime/infrastructure';
import { runService } from '@playtime/shared/infra/runtime/run-service';
import { createCommandApi } from './command-api';

runService('command-api', async ({ config, logger, metrics }) => {
  const infrastructure = await connectInfrastructure(config, logger, { allowEmbedded: false });
  const { pool, store, progress } = infrastructure;
  const identity = await setUpIdentity({ config, pool, publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`, logger, seedDemoAccounts: false });
  const resolveUser = createUserResolver({ verify: identity.verify, pool, store, progress, adminEmails: config.ADMIN_EMAILS });
  const app = createServiceApp({
    service: 'command-api',
    logger,
    metrics,
    raw: [opsRoutes({ service: 'command-api', metrics, checks: [databaseCheck(pool)] })],
    api: [createCommandApi({ store, metrics, resolveUser, now: () => new Date(), newId: randomUUID })],
  });
  return {
    app,
    close: async () => {
      await identity.close();
      await infrastructure.close();
    },
  };
});
