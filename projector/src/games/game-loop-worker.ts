import type { OfferWindows } from '@playtime/shared/domain/games/rules';
import { gameLoopJobHandler, type RefundPayment } from '@playtime/shared/game-loop/game-loop-jobs';
import { gameLoopPolicy } from '@playtime/shared/game-loop/game-loop-policy';
import type { Payments } from '@playtime/shared/game-loop/payments/setup';
import type { CommandDoor } from '@playtime/shared/infra/commands/command-door';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import type { Logger } from '@playtime/shared/infra/logging';
import { startPolicyWorker, type PolicyWorker } from '../runtime/policy-worker';

export type { GameLoopJob } from '@playtime/shared/game-loop/game-loop-jobs';

/**
 * The game loop's use cases (shared/src/game-loop) at work in a process that runs the projector.
 * Refunds go to the payment processor and into the ledger.
 */
export async function startGameLoop(options: {
  commands: CommandDoor;
  databaseUrl: string;
  redisUrl?: string | undefined;
  /** setUpPayments(...).refund: a payment refunded in full already owes nothing more. */
  refund: Payments['refund'];
  /** setUpPayments(...).holds: captures and releases held entries (issue #45). */
  holds: Payments['holds'];
  /** setUpPayments(...).returnUnusedCredit: credit a checkout spent that nothing used comes back (issue #45). */
  returnUnusedCredit: Payments['returnUnusedCredit'];
  /** UNUSED_CREDIT_RETURN_MINUTES: how long such credit waits for its join. */
  unusedCreditMinutes?: number;
  cancellationWindowHours: number;
  /** OFFER_WINDOW_*: offerWindowsOf(config). */
  offerWindows: OfferWindows;
  /** REMINDER_HOURS: how long before its start a game's members are reminded. */
  reminderHours?: number;
  logger: Logger;
  now?: () => Date;
}): Promise<PolicyWorker> {
  // Refunded in full already (by hand, or by an earlier try whose answer was lost): nothing is owed.
  const refund: RefundPayment = async ({ paymentId, idempotencyKey, amountCents, toCredit }) =>
    void (await options.refund({
      paymentId,
      idempotencyKey,
      ...(amountCents === undefined ? {} : { amountCents }),
      ...(toCredit === undefined ? {} : { toCredit }),
    }));
  return startPolicyWorker({
    reactor: 'game_loop',
    policy: gameLoopPolicy(options.now ?? options.commands.now, options.reminderHours, options.unusedCreditMinutes),
    handler: gameLoopJobHandler({
      commands: options.commands,
      cancellationWindowHours: options.cancellationWindowHours,
      offerWindows: options.offerWindows,
      refund,
      holds: options.holds,
      returnUnusedCredit: options.returnUnusedCredit,
    }),
    queue: { name: JOB_QUEUES.gameLoop, attempts: 10, backoffMs: 500, concurrency: 4 },
    databaseUrl: options.databaseUrl,
    redisUrl: options.redisUrl,
    logger: options.logger,
  });
}
