/**
 * The standalone composition: command API, projector, read API with socket.io, the embedded identity
 * provider and the built web app, in one process on one port. The distributed entries
 * (command-api/src/main.ts, projector/src/main.ts, read-api/src/main.ts) compose the same parts.
 */
import { offerWindowsOf } from '@playtime/shared/game-loop/offer-windows';
import { userRowInLog } from '@playtime/command-api/users/users-in-log';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { commandApiSettings, createCommandApi } from '@playtime/command-api/command-api';
import { startPartnerSheetImport } from '@playtime/command-api/partners/sheet-import';
import { paymentWebhookRoutes } from '@playtime/command-api/payments/webhook-routes';
import { pictureUploadRoutes } from '@playtime/command-api/pictures/routes';
import { startGameLoop } from '@playtime/projector/games/game-loop-worker';
import { startAccountWithdrawal } from '@playtime/projector/users/account-withdrawal-worker';
import { createProductProjector } from '@playtime/projector/product-projector';
import { projectionNames } from '@playtime/projector/product-projections';
import { socketAnnouncer, type RoomEmitter } from '@playtime/projector/realtime/socket-announcer';
import { createReadApi } from '@playtime/read-api/read-api';
import { createRealtimeServer } from '@playtime/read-api/realtime/socket-server';
import { WEB_DIST, webAppRoutes } from '@playtime/read-api/web-app';
import type { Config } from '@playtime/shared/infra/config/config';
import { createGeocoder } from '@playtime/shared/infra/geocoding/geocoder';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { createLogger } from '@playtime/shared/infra/logging';
import { createMetrics } from '@playtime/shared/infra/metrics/metrics';
import { databaseCheck, opsRoutes, projectionsCheck } from '@playtime/shared/infra/ops/health';
import {
  setUpPayments,
  stripeSettingsOf,
  type Payments,
  type PaymentsOptions,
} from '@playtime/shared/game-loop/payments/setup';
import { selectJobBackend } from '@playtime/shared/infra/jobs/port';
import { openJobQueues } from '@playtime/shared/infra/jobs/queues';
import { collectOperations } from '@playtime/shared/infra/ops/operations';
import { connectServiceParts } from '@playtime/shared/infra/runtime/service-parts';
import { closeInTurn } from '@playtime/shared/infra/runtime/close-in-turn';
import { stopServing } from '@playtime/shared/infra/http/stop-serving';
import { startEmailWorker, type EmailWorker } from '@playtime/shared/infra/email/email-worker';
import { prepareAtStart } from '@playtime/command-api/demo/seed-demo';

export interface RunningApp {
  url: string;
  port: number;
  databaseUrl: string;
  /** The processor, its webhook inbox and reconciliation, and what rentals and entries buy (shared/src/game-loop/payments/game-payments.ts). */
  payments: Payments;
  /** The outbox's worker; without SMTP_URL its embedded catcher holds every mail. */
  email: EmailWorker;
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
  const payments = await setUpPayments({
    ...parts,
    redisUrl: config.REDIS_URL,
    logger,
    stripe: stripeSettingsOf(config),
    cancellationWindowHours: config.CANCELLATION_WINDOW_HOURS,
    ...options,
  });

  const jobs = await openJobQueues(
    selectJobBackend({ databaseUrl: parts.databaseUrl, redisUrl: config.REDIS_URL }),
    logger,
  );
  collectOperations(metrics, { ...parts, projections: projectionNames, queues: jobs.queues });

  let handler: ReturnType<typeof createServiceApp> | null = null;
  const httpServer = createServer((req, res) => handler!(req, res));
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
  const gameLoop = await startGameLoop({
    ...parts,
    redisUrl: config.REDIS_URL,
    refund: payments.refund,
    cancellationWindowHours: config.CANCELLATION_WINDOW_HOURS,
    offerWindows: offerWindowsOf(config),
    reminderHours: config.REMINDER_HOURS,
    logger,
  });
  const accountWithdrawal = await startAccountWithdrawal({
    ...parts,
    redisUrl: config.REDIS_URL,
    logger,
    offerWindows: offerWindowsOf(config),
  });
  const email = await startEmailWorker({
    pool: parts.pool,
    databaseUrl: parts.databaseUrl,
    redisUrl: config.REDIS_URL,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    publicUrl: parts.publicUrl,
    logger,
  });
  const projector = createProductProjector({
    infrastructure: parts,
    announcer: socketAnnouncer(realtime.io as unknown as RoomEmitter),
    logger,
    metrics,
    reactors: [gameLoop.projection, accountWithdrawal.projection],
    mail: email.settings,
    rebuildBatchSize: config.PROJECTION_REBUILD_BATCH_SIZE,
  });
  await projector.start();
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
      opsRoutes({
        service: 'standalone',
        metrics,
        metricsToken: config.METRICS_TOKEN,
        checks: [
          databaseCheck(parts.pool),
          projectionsCheck({
            pool: parts.pool,
            store: parts.store,
            projections: projectionNames,
            maxLagMs: config.READY_MAX_LAG_MS,
            lagFails: true,
            metrics,
          }),
        ],
      }),
    ],
    api: [
      createCommandApi({
        ...parts,
        metrics,
        now: () => new Date(),
        newId: randomUUID,
        geocoder,
        ...commandApiSettings(config),
        logger,
        payments,
        jobQueues: jobs.queues,
      }),
      createReadApi({
        ...parts,
        projections: projectionNames,
        readWaitMs: config.READ_WAIT_MS,
        geocoder,
        metrics,
        jobQueues: jobs.queues,
        partnerSheetUrl: config.PARTNER_SHEET_URL ?? null,
      }),
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
        ['job queues', () => jobs.close()],
        // socket.io's close ends the sockets and closes the server it is attached to; stopServing ends the
        // kept-alive connections that would otherwise keep that close waiting.
        ['realtime and http server', () => Promise.all([realtime.close(), stopServing(httpServer)])],
        ['database', () => parts.close()],
      ]);
      return closing;
    },
  };
}
