import type { OfferWindows } from '@playtime/shared/domain/games/rules';
import { accountWithdrawalJobHandler } from '@playtime/shared/game-loop/withdraw-account/handler';
import { accountWithdrawalPolicy } from '@playtime/shared/game-loop/withdraw-account/policy';
import type { CommandDoor } from '@playtime/shared/infra/commands/command-door';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import type { Logger } from '@playtime/shared/infra/logging';
import { startPolicyWorker, type PolicyWorker } from '../runtime/policy-worker';

export type { AccountWithdrawalJob } from '@playtime/shared/game-loop/withdraw-account/handler';

/** The account withdrawal (shared/src/game-loop/withdraw-account) at work in a process that runs the projector. */
export async function startAccountWithdrawal(options: {
  commands: CommandDoor;
  databaseUrl: string;
  redisUrl?: string | undefined;
  logger: Logger;
  now?: () => Date;
  /** OFFER_WINDOW_*: a place a deleted player frees is offered as any other. */
  offerWindows?: OfferWindows;
}): Promise<PolicyWorker> {
  return startPolicyWorker({
    reactor: 'account_withdrawal',
    policy: accountWithdrawalPolicy,
    handler: accountWithdrawalJobHandler({
      commands: options.commands,
      now: options.now ?? options.commands.now,
      offerWindows: options.offerWindows,
    }),
    // The queue's default retries (8, from a second, doubling) outlast any game still being made from its booking.
    queue: { name: JOB_QUEUES.accountWithdrawal, concurrency: 2 },
    databaseUrl: options.databaseUrl,
    redisUrl: options.redisUrl,
    logger: options.logger,
  });
}
