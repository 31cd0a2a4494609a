import type pg from 'pg';
import type { OfferWindows } from '@playtime/shared/domain/games/rules';
import type { UserEvent } from '@playtime/shared/domain/users/events';
import { accountWithdrawalJobHandler, type AccountWithdrawalJob } from '@playtime/shared/game-loop/account-withdrawal';
import type { CommandDoor } from '@playtime/shared/infra/commands/command-door';
import type { StoredEvent } from '@playtime/shared/infra/eventstore/port';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { createJobQueue } from '@playtime/shared/infra/jobs/bullmq-job-queue';
import { selectJobBackend, type JobQueue } from '@playtime/shared/infra/jobs/port';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import type { Logger } from '@playtime/shared/infra/logging';
import type { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
import type { Projection } from '../runtime/projection';
import { reactorProjection, type JobRequest, type Reactor } from '../runtime/reactor';

export type { AccountWithdrawalJob } from '@playtime/shared/game-loop/account-withdrawal';

/**
 * The account withdrawal's reactor (DESIGN §8): each UserDeleted asks for one job, which
 * shared/src/game-loop/account-withdrawal.ts does (it withdraws the account's fields and games).
 */
export function accountWithdrawalReactor(queue: JobQueue<AccountWithdrawalJob>): Reactor {
  return {
    name: 'account_withdrawal',
    handles: ['UserDeleted'] satisfies UserEvent['type'][],
    react(stored: StoredEvent): JobRequest<AccountWithdrawalJob>[] {
      const event = parseEvent(stored);
      if (event.type !== 'UserDeleted') return [];
      const { userId, deletedBy } = event.data;
      return [
        {
          queue,
          jobName: 'withdraw-account',
          data: {
            kind: 'withdraw-account',
            userId,
            deletedBy,
            deletedAt: stored.checkpoint,
            causationId: stored.eventId,
          },
        },
      ];
    },
  };
}

export interface AccountWithdrawal {
  /** The reactor on the projection runtime: its own checkpoint, one owner among projector processes. */
  projection: Projection;
  close(): Promise<void>;
}

/** The withdrawal's queue (BullMQ on PostgreSQL, or Redis when configured), its worker and its reactor, for a process that runs the projector. */
export async function startAccountWithdrawal(options: {
  commands: CommandDoor;
  pool: pg.Pool;
  progress: ProjectionProgress;
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
  const { commands, pool, progress } = options;
  const handler = accountWithdrawalJobHandler({
    commands,
    pool,
    progress,
    now: options.now ?? commands.now,
    offerWindows: options.offerWindows,
  });
  queue.process(handler, {
    concurrency: 2,
  });
  return { projection: reactorProjection(accountWithdrawalReactor(queue)), close: () => queue.close() };
}
