/** Distributed entry: the projector. Needs DATABASE_URL; with REDIS_URL its change notices reach every read-api's sockets. */
import { publicUrlOf } from '@playtime/shared/infra/config/config';
import { createServiceApp } from '@playtime/shared/infra/http/service-app';
import { projectionOpsRoutes } from '@playtime/shared/infra/ops/health';
import { connectInfrastructure } from '@playtime/shared/infra/runtime/infrastructure';
import { runService } from '@playtime/shared/infra/runtime/run-service';
import { paymentSettingsOf, setUpPayments } from '@playtime/shared/game-loop/payments/setup';
import { projectionNames } from './product-projections';
import { startProjectorWork } from './projector-work';
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
    ...paymentSettingsOf(config),
  });
  if (!config.SMTP_URL)
    logger.warn(
      'SMTP_URL is not set: mail is caught by an embedded SMTP server in this projector (Admin → Mail), not sent',
    );
  const { projector, gameLoop, accountWithdrawal, email, push } = await startProjectorWork(infrastructure, config, {
    logger,
    metrics,
    refund: payments.refund,
    holds: payments.holds,
    returnUnusedCredit: payments.returnUnusedCredit,
    announcer: redis?.announcer ?? silentAnnouncer,
  });
  const app = createServiceApp({
    service: 'projector',
    logger,
    metrics,
    raw: [
      projectionOpsRoutes({
        service: 'projector',
        metrics,
        metricsToken: config.METRICS_TOKEN,
        ...infrastructure,
        projections: projectionNames,
        maxLagMs: config.READY_MAX_LAG_MS,
        lagFails: true,
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
      await push.close();
      await payments.close();
      await redis?.close();
      await infrastructure.close();
    },
  };
});
