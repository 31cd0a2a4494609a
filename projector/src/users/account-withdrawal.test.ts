import { describe, expect, it } from 'vitest';
import { queueNamed, storedEvent } from '@playtime/shared/testing/reactors';
import { accountWithdrawalReactor, type AccountWithdrawalJob } from './account-withdrawal';

const queue = queueNamed<AccountWithdrawalJob>('account-withdrawal');
const reactor = accountWithdrawalReactor(queue);
const stored = (type: string, data: unknown, position: number) => storedEvent(type, data, position, 'user-u1', 7);

describe('the account withdrawal reactor', () => {
  it('turns a deletion into one job that knows where in the log the deletion is, and who deleted whom', () => {
    expect(reactor.react(stored('UserDeleted', { userId: 'u1', deletedBy: 'admin-1' }, 12), () => [])).toEqual([
      {
        queue,
        jobName: 'withdraw-account',
        data: {
          kind: 'withdraw-account',
          userId: 'u1',
          deletedBy: 'admin-1',
          deletedAt: { commit: 7, position: 12 },
          causationId: 'event-12',
        },
      },
    ]);
  });

  it('asks nothing for other events of an account', () => {
    expect(
      reactor.react(stored('UserRoleChanged', { userId: 'u1', role: 'captain', changedBy: 'admin-1' }, 13), () => []),
    ).toEqual([]);
  });
});
