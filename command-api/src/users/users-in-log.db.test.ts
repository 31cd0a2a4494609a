import { describe, expect, it } from 'vitest';
import { storeDatabase } from '@playtime/shared/testing/store-database';
import { userStream, usernameStream, type UserEvent } from '@playtime/shared/domain/users/events';
import { ApiError } from '@playtime/shared/infra/http/errors';
import { StreamStateCache } from '@playtime/shared/infra/commands/stream-state-cache';
import { userIdOfUsernameInLog, userRowInLog } from './users-in-log';

const registered = (userId: string, username: string, email = `${username}@example.com`): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId,
    issuer: 'https://id.example',
    subject: userId,
    email,
    emailVerified: true,
    username,
    nickname: username,
    profilePicture: '',
    role: 'player',
  },
});

describe('the write side asks the log who a user is', () => {
  const database = storeDatabase('users_in_log');
  const log = () => ({ store: database.store, streamStates: new StreamStateCache() });
  const append = (stream: string, event: { type: string; data: object }) =>
    database.store.appendToStream(stream, [event], { expectedRevision: 'any' });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof ApiError ? { status: error.status, code: error.code } : error),
    );

  it("reads the caller's record from their own stream, the moment it is committed", async () => {
    expect(await userRowInLog(log(), 'user-ana')).toBeUndefined();
    await append(userStream('user-ana'), registered('user-ana', 'Ana'));
    expect(await userRowInLog(log(), 'user-ana')).toEqual({
      user_id: 'user-ana',
      username: 'Ana',
      email: 'Ana@example.com',
      role: 'player',
      deleted: false,
    });
    await append(userStream('user-ana'), {
      type: 'UserRoleChanged',
      data: { userId: 'user-ana', role: 'captain', changedBy: 'user-admin' },
    });
    expect((await userRowInLog(log(), 'user-ana'))?.role).toBe('captain');
  });

  it("finds a username's holder by its claim, in any case, and not once their account is deleted", async () => {
    await append(userStream('user-bo'), registered('user-bo', 'Bo'));
    await append(usernameStream('Bo'), { type: 'UsernameClaimed', data: { username: 'Bo', userId: 'user-bo' } });
    expect(await userIdOfUsernameInLog(log(), 'bo')).toBe('user-bo');
    expect(await userIdOfUsernameInLog(log(), 'BO')).toBe('user-bo');
    await append(userStream('user-bo'), { type: 'UserDeleted', data: { userId: 'user-bo', deletedBy: 'user-bo' } });
    expect(await refusal(userIdOfUsernameInLog(log(), 'bo'))).toEqual({ status: 404, code: 'user_not_found' });
    expect(await refusal(userIdOfUsernameInLog(log(), 'nobody'))).toEqual({ status: 404, code: 'user_not_found' });
  });

  it('finds accounts from before usernames were claimed by their registration, and refuses to pick one of two', async () => {
    await append(userStream('user-old-1'), registered('user-old-1', 'oldtimer'));
    expect(await userIdOfUsernameInLog(log(), 'oldtimer')).toBe('user-old-1');
    await append(userStream('user-old-2'), registered('user-old-2', 'oldtimer', 'other@example.com'));
    expect(await refusal(userIdOfUsernameInLog(log(), 'oldtimer'))).toEqual({
      status: 409,
      code: 'ambiguous_username',
    });
  });
});
