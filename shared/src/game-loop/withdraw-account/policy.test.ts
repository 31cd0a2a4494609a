import { describe, expect, it } from 'vitest';
import { storedEvent } from '../../testing/reactors';
import { accountWithdrawalPolicy as policy } from './policy';

const stored = (type: string, data: unknown, position: number) => storedEvent(type, data, position, 'user-u1', 7);

describe('the account withdrawal policy', () => {
  it('turns a deletion into one job that knows where in the log the deletion is, and who deleted whom', () => {
    expect(policy.react(stored('UserDeleted', { userId: 'u1', deletedBy: 'admin-1' }, 12), () => [])).toEqual([
      {
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
      policy.react(stored('UserRoleChanged', { userId: 'u1', role: 'captain', changedBy: 'admin-1' }, 13), () => []),
    ).toEqual([]);
  });
});
