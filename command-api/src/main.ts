/** Distributed entry: the command API alone. Needs DATABASE_URL (and EVENTSTORE_URL for EventStoreDB). */
import { userRowInLog } from './users/users-in-log';
import { createGeocoder } from '@playtime/shared/infra/geocoding/geocoder';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { databaseCheck, opsRoutes } from '@playtime/shared/infra/ops/health';
import { runService } from '@playtime/shared/infra/runtime/run-service';
import { connectServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import { openConfiguredJobQueues } from '@playtime/shared/infra/jobs/queues';
import { commandApiOf, setUpCommandApiPayments } from './command-api';
import { startPartnerSheetImport } from './partners/sheet-import';
import { paymentWebhookRoutes } from './payments/webhook-routes';
import { prepareAtStart } from './demo/seed-demo';
import { pictureUploadRoutes } from './pictures/routes';
import { openChatSendLimit } from './chat/send-rate-limit';

runService('command-api', async ({ config, logger, metrics }) => {
  const parts = await connectServiceParts(config, logger, {
    userInLog: userRowInLog,
    standalone: false,
    seedDemoAccounts: config.SEED_DEMO ?? false,
    serveIdentityProvider: false,
    metrics,
  });
  const payments = await setUpCommandApiPayments(parts, config, logger);
  const geocoder = createGeocoder(config);
  await prepareAtStart(parts, { config, geocoder, payments, logger, standalone: false });
  const jobs = await openConfiguredJobQueues({ databaseUrl: parts.databaseUrl, redisUrl: config.REDIS_URL }, logger);
  const chatSendLimit = await openChatSendLimit({ databaseUrl: parts.databaseUrl, redisUrl: config.REDIS_URL });

  const app = createServiceApp({
    service: 'command-api',
    logger,
    metrics,
    trustedProxies: config.TRUSTED_PROXIES,
    raw: [
      opsRoutes({
        service: 'command-api',
        metrics,
        metricsToken: config.METRICS_TOKEN,
        checks: [databaseCheck(parts.pool)],
      }),
      paymentWebhookRoutes(payments.inbox),
      pictureUploadRoutes(parts),
    ],
    api: [commandApiOf(parts, config, { metrics, geocoder, logger, payments, jobQueues: jobs.queues, chatSendLimit })],
  });
  await payments.startReconciling(config.PAYMENTS_RECONCILE_MINUTES);
  const partnerSheet = await startPartnerSheetImport(config, parts, logger);
  return {
    app,
    listening: () => payments.startDeliveringWebhooks(),
    close: async () => {
      await partnerSheet.close();
      await payments.close();
      await jobs.close();
      await chatSendLimit.close();
      await parts.close();
    },
  };
});
