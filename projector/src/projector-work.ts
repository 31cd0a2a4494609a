/**
 * What a projector process runs, in the distributed projector and in the standalone app alike: the
 * game loop's and the account withdrawal's reactors and queues, the mail worker, and the product's
 * projections feeding them, started.
 */
import type { Payments } from '@playtime/shared/game-loop/payments/setup';
import { offerWindowsOf } from '@playtime/shared/game-loop/offer-windows';
import { publicUrlOf, type Config } from '@playtime/shared/infra/config/config';
import { startEmailThread, type EmailThread } from '@playtime/shared/infra/email/email-thread';
import { startPushThread, type PushThread } from '@playtime/shared/infra/push/push-thread';
import { loadVapidKeys } from '@playtime/shared/infra/push/vapid';
import type { Logger } from '@playtime/shared/infra/logging';
import type { Metrics } from '@playtime/shared/infra/metrics/metrics';
import type { Infrastructure } from '@playtime/shared/infra/runtime/infrastructure';
import { startGameLoop } from './games/game-loop-worker';
import { createProductProjector } from './product-projector';
import type { ChangeAnnouncer } from './runtime/projection';
import type { Projector } from './runtime/projector';
import { startAccountWithdrawal } from './users/account-withdrawal-worker';
import type { PolicyWorker } from './runtime/policy-worker';

export interface ProjectorWork {
  projector: Projector;
  gameLoop: PolicyWorker;
  accountWithdrawal: PolicyWorker;
  email: EmailThread;
  push: PushThread;
}

export async function startProjectorWork(
  infrastructure: Infrastructure,
  config: Config,
  deps: {
    logger: Logger;
    metrics: Metrics;
    /** Refunds of the game loop go to the payment processor, as from the command API. */
    refund: Payments['refund'];
    /** Issue #45: held entries' captures and releases go to the payment processor too. */
    holds: Payments['holds'];
    /** Issue #45: credit a checkout spent that nothing used goes back through the payments too. */
    returnUnusedCredit: Payments['returnUnusedCredit'];
    /** Where the projections announce their changes: socket.io in this process, or Redis for every read API's. */
    announcer: ChangeAnnouncer;
  },
): Promise<ProjectorWork> {
  const { logger, metrics } = deps;
  const gameLoop = await startGameLoop({
    ...infrastructure,
    redisUrl: config.REDIS_URL,
    refund: deps.refund,
    holds: deps.holds,
    returnUnusedCredit: deps.returnUnusedCredit,
    unusedCreditMinutes: config.UNUSED_CREDIT_RETURN_MINUTES,
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
  // On a thread of its own, so sending mail never delays a push (email-thread.ts).
  const email = await startEmailThread(
    {
      databaseUrl: infrastructure.databaseUrl,
      redisUrl: config.REDIS_URL,
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      publicUrl: publicUrlOf(config),
    },
    logger,
  );
  // Issue #46: pushes, sent beside mail, out of the roster's path (the projection only writes rows), on
  // a thread of their own too (push-thread.ts).
  const push = await startPushThread(
    {
      databaseUrl: infrastructure.databaseUrl,
      redisUrl: config.REDIS_URL,
      vapid: await loadVapidKeys(infrastructure.pool, config),
    },
    logger,
  );
  const projector = createProductProjector({
    infrastructure,
    announcer: deps.announcer,
    logger,
    metrics,
    reactors: [gameLoop.projection, accountWithdrawal.projection],
    mail: email.settings,
    rebuildBatchSize: config.PROJECTION_REBUILD_BATCH_SIZE,
  });
  await projector.start();
  return { projector, gameLoop, accountWithdrawal, email, push };
}
