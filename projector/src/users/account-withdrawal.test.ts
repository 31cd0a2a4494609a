import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@playtime/shared/infra/eventstore/port';
import type { JobQueue } from '@playtime/shared/infra/jobs/port';
import { accountWithdrawalReactor, type AccountWithdrawalJob } from './account-withdrawal';

// The reactor only names the queue its jobs go to; it never calls it.
const queue = { name: 'account-withdrawal' } as unknown as JobQueue<AccountWithdrawalJob>;
const reactor = accountWithdrawalReactor(queue);

const stored = (type: string, data: unknown, position: number): StoredEvent => ({
  eventId: `event-${position}`,
  streamId: 'user-u1',
  revision: position,
  globalPosition: position,
  checkpoint: { commit: 7, position },
  type,
  data,
  metadata: {},
  createdAt: new Date(),
});

describe('the account withdrawal reactor', () => {
  it("turns a deletion into one job that knows where in the log the deletion is, and who deleted whom", () => {
    expect(reactor.react(stored('UserDeleted', { userId: 'u1', deletedBy: 'admin-1' }, 12), () => [])).toEqual([
      {
        queue,
        jobName: 'withdraw-account',
        data: { kind: 'withdraw-account', userId: 'u1', deletedBy: 'admin-1', deletedAt: { commit: 7, position: 12 }, causationId: 'event-12' },
      },
    ]);
  });

  it('asks nothing for other events of an account', () => {
    expect(reactor.react(stored('UserRoleChanged', { userId: 'u1', role: 'captain', changedBy: 'admin-1' }, 13), () => [])).toEqual([]);
  });
});
