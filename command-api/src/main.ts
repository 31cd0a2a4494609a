/** Distributed entry: the command API alone. Needs DATABASE_URL (and EVENTSTORE_URL for EventStoreDB). */
import { randomUUID } from 'node:crypto';
import { createGeocoder } from '@playtime/shared/infra/geocoding/geocoder';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { databaseCheck, opsRoutes } from '@playtime/shared/infra/ops/health';
import { runService } from '@playtime/shared/infra/runtime/run-service';
import { connectServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import { createCommandApi } from './command-api';

runService('command-api', async ({ config, logger, metrics }) => {
  const parts = await connectServiceParts(config, logger, { standalone: false, seedDemoAccounts: false, serveIdentityProvider: false });
  const app = createServiceApp({
    service: 'command-api',
    logger,
    metrics,
    raw: [opsRoutes({ service: 'command-api', metrics, checks: [databaseCheck(parts.pool)] })],
    api: [createCommandApi({ ...parts, metrics, now: () => new Date(), newId: randomUUID, geocoder: createGeocoder(config) })],
  });
  return { app, close: () => parts.close() };
});
