import type { UserEvent } from '../../domain/users/events';
import type { StoredEvent } from '../../infra/eventstore/port';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import type { JobAsked, JobPolicy } from '../policy';
import type { AccountWithdrawalJob } from './handler';

/**
 * The account withdrawal's policy (DESIGN §8): each UserDeleted asks for one job, which handler.ts
 * does (it withdraws the account's fields and games).
 */
export const accountWithdrawalPolicy: JobPolicy<AccountWithdrawalJob> = {
  handles: ['UserDeleted'] satisfies UserEvent['type'][],
  react(stored: StoredEvent): JobAsked<AccountWithdrawalJob>[] {
    const event = parseEvent(stored);
    if (event.type !== 'UserDeleted') return [];
    const { userId, deletedBy } = event.data;
    return [
      {
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
