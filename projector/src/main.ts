/** Distributed entry: the projector. Needs DATABASE_URL; with REDIS_URL its change notices reach every read-api's sockets. */
import { offerWindowsOf } from '@playtime/shared/game-loop/offer-windows';
import { publicUrlOf } from '@playtime/shared/infra/config/config';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { databaseCheck, opsRoutes, projectionsCheck } from '@playtime/shared/infra/ops/health';
import { connectInfrastructure } from '@playtime/shared/infra/runtime/infrastructure';
import { startEmailWorker } from '@playtime/shared/infra/email/email-worker';
import { runService } from '@playtime/shared/infra/runtime/run-service';
import { setUpPayments, stripeSettingsOf } from '@playtime/shared/game-loop/payments/setup';
import { startGameLoop } from './games/game-loop-worker';
import { startAccountWithdrawal } from './users/account-withdrawal-worker';
import { createProductProjector } from './product-projector';
import { projectionNames } from './product-projections';
import { redisSocketAnnouncer } from './realtime/socket-announcer';
import { silentAnnouncer } from './runtime/projection';

runService('projector', async ({ config, logger, metrics }) => {
  const infrastructure = await connectInfrastructure(config, logger, { standalone: false, metrics });
  const redis = config.REDIS_URL ? await redisSocketAnnouncer(config.REDIS_URL, infrastructure.databaseUrl) : null;
  if (!redis) logger.warn('REDIS_URL is not set: changes are projected but not pushed to browsers');
  // Refunds of the game loop go to the payment processor, as from the command API.
  const payments = await setUpPayments({
    ...infrastructure,
    redisUrl: config.REDIS_URL,
    publicUrl: publicUrlOf(config),
    logger,
    stripe: stripeSettingsOf(config),
    cancellationWindowHours: config.CANCELLATION_WINDOW_HOURS,
  });
  const gameLoop = await startGameLoop({
    ...infrastructure,
    redisUrl: config.REDIS_URL,
    refund: payments.refund,
    cancellationWindowHours: config.CANCELLATION_WINDOW_HOURS,
    offerWindows: offerWindowsOf(config),
    reminderHours: config.REMINDER_HOURS,
    logger,
  });
  const accountWithdrawal = await startAccountWithdrawal({
    ...infrastructure,
    redisUrl: config.REDIS_URL,
    logger,
    offerWindows: offerWindowsOf(config),
  });
  if (!config.SMTP_URL)
    logger.warn(
      'SMTP_URL is not set: mail is caught by an embedded SMTP server in this projector (Admin → Mail), not sent',
    );
  const email = await startEmailWorker({
    pool: infrastructure.pool,
    databaseUrl: infrastructure.databaseUrl,
    redisUrl: config.REDIS_URL,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    publicUrl: publicUrlOf(config),
    logger,
  });
  const projector = createProductProjector({
    infrastructure,
    announcer: redis?.announcer ?? silentAnnouncer,
    logger,
    metrics,
    reactors: [gameLoop.projection, accountWithdrawal.projection],
    mail: email.settings,
    rebuildBatchSize: config.PROJECTION_REBUILD_BATCH_SIZE,
  });
  await projector.start();
  const app = createServiceApp({
    service: 'projector',
    logger,
    metrics,
    raw: [
      opsRoutes({
        service: 'projector',
        metrics,
        metricsToken: config.METRICS_TOKEN,
        checks: [
          databaseCheck(infrastructure.pool),
          projectionsCheck({
            pool: infrastructure.pool,
            store: infrastructure.store,
            projections: projectionNames,
            maxLagMs: config.READY_MAX_LAG_MS,
            lagFails: true,
            metrics,
          }),
        ],
      }),
    ],
    api: [],
  });
  return {
    app,
    listening: () => payments.startDeliveringWebhooks(),
    close: async () => {
      await projector.stop();
      await gameLoop.close();
      await accountWithdrawal.close();
      await email.close();
      await payments.close();
      await redis?.close();
      await infrastructure.close();
    },
  };
});
