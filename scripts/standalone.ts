/**
 * The standalone composition: command API, projector, read API with socket.io, the embedded identity
 * provider and the built web app, in one process on one port. The distributed entries
 * (command-api/src/main.ts, projector/src/main.ts, read-api/src/main.ts) compose the same parts.
 */
import { userRowInLog } from '@playtime/command-api/users/users-in-log';
import { createServer } from 'node:http';
import { commandApiOf, setUpCommandApiPayments } from '@playtime/command-api/command-api';
import { openChatSendLimit } from '@playtime/command-api/chat/send-rate-limit';
import { startPartnerSheetImport } from '@playtime/command-api/partners/sheet-import';
import { paymentWebhookRoutes } from '@playtime/command-api/payments/webhook-routes';
import { pictureUploadRoutes } from '@playtime/command-api/pictures/routes';
import { startProjectorWork } from '@playtime/projector/projector-work';
import { projectionNames } from '@playtime/projector/product-projections';
import { socketAnnouncer } from '@playtime/projector/realtime/socket-announcer';
import { readApiOf } from '@playtime/read-api/read-api';
import { startRealtimeServer } from '@playtime/read-api/realtime/socket-server';
import { WEB_DIST, webAppRoutes } from '@playtime/read-api/web-app';
import type { Config } from '@playtime/shared/infra/config/config';
import { createGeocoder } from '@playtime/shared/infra/geocoding/geocoder';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { createLogger } from '@playtime/shared/infra/logging';
import { createMetrics } from '@playtime/shared/infra/metrics/metrics';
import { projectionOpsRoutes } from '@playtime/shared/infra/ops/health';
import type { Payments, PaymentsOptions } from '@playtime/shared/game-loop/payments/setup';
import { openConfiguredJobQueues } from '@playtime/shared/infra/jobs/queues';
import { collectOperations } from '@playtime/shared/infra/ops/operations';
import { connectServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import { closeInTurn } from '@playtime/shared/infra/runtime/close-in-turn';
import { stopServing } from '@playtime/shared/infra/http/stop-serving';
import type { EmailThread } from '@playtime/shared/infra/email/email-thread';
import type { PushThread } from '@playtime/shared/infra/push/push-thread';
import { prepareAtStart } from '@playtime/command-api/demo/seed-demo';

export interface RunningApp {
  url: string;
  port: number;
  databaseUrl: string;
  /** The processor, its webhook inbox and reconciliation, and what rentals and entries buy (shared/src/game-loop/payments/game-payments.ts). */
  payments: Payments;
  /** The outbox's worker, on its own thread; without SMTP_URL its embedded catcher holds every mail. */
  email: EmailThread;
  /** The push outbox's worker, on its own thread; a test moves its quiet-hours clock to the morning. */
  push: PushThread;
  close(): Promise<void>;
}

/** Tests fix the simulated processor's webhook randomness and fees. */
export type StandaloneOptions = Pick<PaymentsOptions, 'webhookDelivery' | 'feeCents'>;

export async function startStandalone(config: Config, options: StandaloneOptions = {}): Promise<RunningApp> {
  const logger = createLogger('playtime');
  const metrics = createMetrics();
  const parts = await connectServiceParts(config, logger, {
    userInLog: userRowInLog,
    standalone: true,
    seedDemoAccounts: !config.AUTH0_DOMAIN,
    serveIdentityProvider: true,
    metrics,
  });

  const geocoder = createGeocoder(config);
  const payments = await setUpCommandApiPayments(parts, config, logger, options);

  const jobs = await openConfiguredJobQueues({ databaseUrl: parts.databaseUrl, redisUrl: config.REDIS_URL }, logger);
  const chatSendLimit = await openChatSendLimit({ databaseUrl: parts.databaseUrl, redisUrl: config.REDIS_URL });
  collectOperations(metrics, { ...parts, projections: projectionNames, queues: jobs.queues });

  let handler: ReturnType<typeof createServiceApp> | null = null;
  const httpServer = createServer((req, res) => handler!(req, res));
  const realtime = await startRealtimeServer(parts, config, { httpServer, metrics, logger });
  const { projector, gameLoop, accountWithdrawal, email, push } = await startProjectorWork(parts, config, {
    logger,
    metrics,
    refund: payments.refund,
    holds: payments.holds,
    returnUnusedCredit: payments.returnUnusedCredit,
    announcer: socketAnnouncer(realtime.rooms),
  });
  await prepareAtStart(parts, { config, geocoder, payments, logger, standalone: true });

  handler = createServiceApp({
    service: 'standalone',
    logger,
    metrics,
    trustedProxies: config.TRUSTED_PROXIES,
    raw: [
      ...parts.identityRoutes,
      paymentWebhookRoutes(payments.inbox),
      pictureUploadRoutes(parts),
      projectionOpsRoutes({
        service: 'standalone',
        metrics,
        metricsToken: config.METRICS_TOKEN,
        ...parts,
        projections: projectionNames,
        maxLagMs: config.READY_MAX_LAG_MS,
        lagFails: true,
      }),
    ],
    api: [
      commandApiOf(parts, config, { metrics, geocoder, logger, payments, jobQueues: jobs.queues, chatSendLimit }),
      readApiOf(parts, config, { geocoder, metrics, jobQueues: jobs.queues }),
    ],
    after: [webAppRoutes(WEB_DIST)],
    securityHeaders: parts.securityHeaders,
  });

  await payments.startReconciling(config.PAYMENTS_RECONCILE_MINUTES);
  const partnerSheet = await startPartnerSheetImport(config, parts, logger);

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.PORT, () => resolve());
  });
  payments.startDeliveringWebhooks();
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ url: parts.publicUrl }, 'Playtime is running');

  let closing: Promise<void> | null = null;
  return {
    url: parts.publicUrl,
    port,
    databaseUrl: parts.databaseUrl,
    payments,
    email,
    push,
    close() {
      // Producers before what they feed: the projector announces through socket.io (and its Redis
      // clients), and everything uses the database that parts.close() shuts last.
      closing ??= closeInTurn(logger, [
        // Webhook deliveries under way post to this server: they finish before it closes.
        ['partner sheet import', () => partnerSheet.close()],
        ['payments', () => payments.close()],
        // The reactors enqueue into the game loop's and the withdrawal's queues: they stop before the queues close.
        ['projector', () => projector.stop()],
        ['game loop', () => gameLoop.close()],
        ['account withdrawal', () => accountWithdrawal.close()],
        ['email', () => email.close()],
        ['push', () => push.close()],
        ['job queues', () => jobs.close()],
        ['chat send limit', () => chatSendLimit.close()],
        // socket.io's close ends the sockets and closes the server it is attached to; stopServing ends the
        // kept-alive connections that would otherwise keep that close waiting.
        ['realtime and http server', () => Promise.all([realtime.close(), stopServing(httpServer)])],
        ['database', () => parts.close()],
      ]);
      return closing;
    },
  };
}
