import type { OfferWindows } from '@playtime/shared/domain/games/rules';
import { gameLoopJobHandler, type GameLoopJob, type RefundPayment } from '@playtime/shared/game-loop/game-loop-jobs';
import { gameLoopPolicy } from '@playtime/shared/game-loop/game-loop-policy';
import type { CommandDoor } from '@playtime/shared/infra/commands/command-door';
import { createJobQueue } from '@playtime/shared/infra/jobs/bullmq-job-queue';
import { selectJobBackend } from '@playtime/shared/infra/jobs/port';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import type { Logger } from '@playtime/shared/infra/logging';
import type { Payments } from '@playtime/shared/game-loop/payments/setup';
import type { Projection } from '../runtime/projection';
import { policyReactor, reactorProjection } from '../runtime/reactor';

export type { GameLoopJob } from '@playtime/shared/game-loop/game-loop-jobs';

export interface GameLoop {
  /** The reactor on the projection runtime: its own checkpoint, one owner among projector processes. */
  projection: Projection;
  close(): Promise<void>;
}

/**
 * The game loop's queue (BullMQ on PostgreSQL, or Redis when configured), its worker and its reactor,
 * for a process that runs the projector: the wiring of shared/src/game-loop's use cases. Refunds go to the payment processor and into the ledger.
 */
export async function startGameLoop(options: {
  commands: CommandDoor;
  databaseUrl: string;
  redisUrl?: string | undefined;
  /** setUpPayments(...).refund: a payment refunded in full already owes nothing more. */
  refund: Payments['refund'];
  cancellationWindowHours: number;
  /** OFFER_WINDOW_*: offerWindowsOf(config). */
  offerWindows: OfferWindows;
  /** REMINDER_HOURS: how long before its start a game's members are reminded. */
  reminderHours?: number;
  logger: Logger;
  now?: () => Date;
}): Promise<GameLoop> {
  const now = options.now ?? options.commands.now;
  const queue = await createJobQueue<GameLoopJob>({
    name: JOB_QUEUES.gameLoop,
    backend: selectJobBackend({ databaseUrl: options.databaseUrl, redisUrl: options.redisUrl }),
    attempts: 10,
    backoffMs: 500,
    logger: options.logger,
  });
  // Refunded in full already (by hand, or by an earlier try whose answer was lost): nothing is owed.
  const refund: RefundPayment = async ({ paymentId, idempotencyKey, amountCents }) =>
    void (await options.refund({ paymentId, idempotencyKey, ...(amountCents === undefined ? {} : { amountCents }) }));
  queue.process(
    gameLoopJobHandler({
      commands: options.commands,
      cancellationWindowHours: options.cancellationWindowHours,
      offerWindows: options.offerWindows,
      refund,
    }),
    { concurrency: 4 },
  );
  return {
    projection: reactorProjection(policyReactor('game_loop', gameLoopPolicy(now, options.reminderHours), queue)),
    close: () => queue.close(),
  };
}
