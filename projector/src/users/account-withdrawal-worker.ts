import type { OfferWindows } from '@playtime/shared/domain/games/rules';
import {
  accountWithdrawalJobHandler,
  type AccountWithdrawalJob,
} from '@playtime/shared/game-loop/withdraw-account/handler';
import { accountWithdrawalPolicy } from '@playtime/shared/game-loop/withdraw-account/policy';
import type { CommandDoor } from '@playtime/shared/infra/commands/command-door';
import { createJobQueue } from '@playtime/shared/infra/jobs/bullmq-job-queue';
import { selectJobBackend } from '@playtime/shared/infra/jobs/port';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import type { Logger } from '@playtime/shared/infra/logging';
import type { Projection } from '../runtime/projection';
import { policyReactor, reactorProjection } from '../runtime/reactor';

export type { AccountWithdrawalJob } from '@playtime/shared/game-loop/withdraw-account/handler';

export interface AccountWithdrawal {
  /** The reactor on the projection runtime: its own checkpoint, one owner among projector processes. */
  projection: Projection;
  close(): Promise<void>;
}

/**
 * The withdrawal's queue (BullMQ on PostgreSQL, or Redis when configured), its worker and its reactor,
 * for a process that runs the projector. What it does is shared/src/game-loop/withdraw-account.
 */
export async function startAccountWithdrawal(options: {
  commands: CommandDoor;
  databaseUrl: string;
  redisUrl?: string | undefined;
  logger: Logger;
  now?: () => Date;
  /** OFFER_WINDOW_*: a place a deleted player frees is offered as any other. */
  offerWindows?: OfferWindows;
}): Promise<AccountWithdrawal> {
  const queue = await createJobQueue<AccountWithdrawalJob>({
    name: JOB_QUEUES.accountWithdrawal,
    backend: selectJobBackend({ databaseUrl: options.databaseUrl, redisUrl: options.redisUrl }),
    // The queue's default retries (8, from a second, doubling) outlast any game still being made from its booking.
    logger: options.logger,
  });
  const { commands } = options;
  const handler = accountWithdrawalJobHandler({
    commands,
    now: options.now ?? commands.now,
    offerWindows: options.offerWindows,
  });
  queue.process(handler, { concurrency: 2 });
  return {
    projection: reactorProjection(policyReactor('account_withdrawal', accountWithdrawalPolicy, queue)),
    close: () => queue.close(),
  };
}
