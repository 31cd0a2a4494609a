import { describe, it } from 'vitest';
import { given, testContext } from '../decider-testing';
import { userDecider } from './decider';
import type { UserEvent } from './events';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    issuer: 'http://localhost:3000/oidc/',
    subject: 'sub-1',
    email: 'ana@example.com',
    username: 'ana',
    nickname: 'ana',
    profilePicture: '/avatars/1.svg',
    role: 'player',
  },
};
const register = {
  type: 'RegisterUser' as const,
  userId: 'u1',
  issuer: 'http://localhost:3000/oidc/',
  subject: 'sub-1',
  email: 'ana@example.com',
  nickname: '',
  profilePicture: '/avatars/1.svg',
  role: 'player' as const,
};

describe('user decider', () => {
  it('registers a new user with a username from the email', () => {
    given(userDecider, []).when(register).then([registered]);
  });

  it('registers only once, so concurrent first calls are harmless', () => {
    given(userDecider, [registered]).when(register).then([]);
  });

  it('edits bio and picture', () => {
    given(userDecider, [registered])
      .when({ type: 'EditProfile', username: 'ana', bio: 'Left back, Sundays', profilePicture: '/avatars/7.svg' })
      .then([{ type: 'UserProfileEdited', data: { userId: 'u1', bio: 'Left back, Sundays', profilePicture: '/avatars/7.svg' } }]);
  });

  it('refuses a username change', () => {
    given(userDecider, [registered])
      .when({ type: 'EditProfile', username: 'bob', bio: '', profilePicture: '/avatars/1.svg' })
      .thenRefused('username_read_only', 'Your username cannot be changed.');
  });

  it('refuses a too long bio and an unknown picture', () => {
    given(userDecider, [registered])
      .when({ type: 'EditProfile', username: 'ana', bio: 'x'.repeat(501), profilePicture: '/avatars/1.svg' })
      .thenRefused('bio_too_long');
    given(userDecider, [registered])
      .when({ type: 'EditProfile', username: 'ana', bio: '', profilePicture: 'javascript:alert(1)' })
      .thenRefused('bad_picture');
    given(userDecider, [registered])
      .when({ type: 'EditProfile', username: 'ana', bio: '', profilePicture: '/avatars/17.svg' })
      .thenRefused('bad_picture');
  });

  it('changes the role, recording who did it, and ignores a no-op change', () => {
    given(userDecider, [registered])
      .when({ type: 'ChangeRole', role: 'captain' }, testContext({ actorId: 'admin-1' }))
      .then([{ type: 'UserRoleChanged', data: { userId: 'u1', role: 'captain', changedBy: 'admin-1' } }]);
    given(userDecider, [registered]).when({ type: 'ChangeRole', role: 'player' }).then([]);
  });

  it('deletes, and a deleted user can do nothing more', () => {
    given(userDecider, [registered])
      .when({ type: 'DeleteUser' }, testContext({ actorId: 'admin-1' }))
      .then([{ type: 'UserDeleted', data: { userId: 'u1', deletedBy: 'admin-1' } }]);
    const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 'u1', deletedBy: 'admin-1' } };
    given(userDecider, [registered, deleted]).when({ type: 'ChangeRole', role: 'admin' }).thenRefused('user_deleted', 'This account has been deleted.');
  });

  it('refuses commands for an unknown user', () => {
    given(userDecider, []).when({ type: 'DeleteUser' }).thenRefused('user_not_found');
  });
});
