import { describe, expect, it } from 'vitest';
import { given, testContext } from '../../testing/decider-testing';
import { adminRosterDecider } from './admin-roster';
import { userDecider } from './decider';
import type { AdminRosterEvent, UserEvent, UsernameEvent } from './events';
import { usernameCandidate, usernameClaimDecider, usernameFor } from './username-claim';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    issuer: 'http://localhost:3000/oidc/',
    subject: 'sub-1',
    email: 'ana@example.com',
    emailVerified: true,
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
  emailVerified: true,
  username: 'ana',
  nickname: '',
  profilePicture: '/avatars/1.svg',
  role: 'player' as const,
};

describe('user decider', () => {
  it('registers a new user with the username claimed for them', () => {
    given(userDecider, []).when(register).then([registered]);
  });

  it('registers only once, so concurrent first calls are harmless', () => {
    given(userDecider, [registered]).when(register).then([]);
  });

  it('refuses to register a deleted account again', () => {
    const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 'u1', deletedBy: 'admin-1' } };
    given(userDecider, [registered, deleted]).when(register).thenRefused('user_deleted', 'This account has been deleted.');
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

describe('username claim decider', () => {
  const claimed: UsernameEvent = { type: 'UsernameClaimed', data: { username: 'Owner', userId: 'u1' } };

  it('gives a free name to the first claimant and keeps it theirs', () => {
    given(usernameClaimDecider, []).when({ type: 'ClaimUsername', username: 'Owner', userId: 'u1' }).then([claimed]);
    given(usernameClaimDecider, [claimed]).when({ type: 'ClaimUsername', username: 'Owner', userId: 'u1' }).then([]);
  });

  it('refuses a name someone else holds', () => {
    given(usernameClaimDecider, [claimed]).when({ type: 'ClaimUsername', username: 'owner', userId: 'u2' }).thenRefused('username_taken', 'The username owner is taken.');
  });

  it('derives names from the nickname or the email, with a numbered suffix within 40 characters', () => {
    expect(usernameFor('ana@example.com', '')).toBe('ana');
    expect(usernameFor('ana@example.com', ' Annie ')).toBe('Annie');
    expect(usernameCandidate('owner', 1)).toBe('owner');
    expect(usernameCandidate('owner', 2)).toBe('owner2');
    expect(usernameCandidate('x'.repeat(40), 12)).toBe(`${'x'.repeat(38)}12`);
  });
});

describe('admin roster decider', () => {
  const granted = (userId: string): AdminRosterEvent => ({ type: 'AdminGranted', data: { userId, grantedBy: 'system' } });

  it('grants once', () => {
    given(adminRosterDecider, []).when({ type: 'GrantAdmin', userId: 'a1' }, testContext({ actorId: null })).then([granted('a1')]);
    given(adminRosterDecider, [granted('a1')]).when({ type: 'GrantAdmin', userId: 'a1' }).then([]);
  });

  it('removes an admin while another remains, and ignores removing a non-admin', () => {
    given(adminRosterDecider, [granted('a1'), granted('a2')])
      .when({ type: 'RevokeAdmin', userId: 'a2' }, testContext({ actorId: 'a1' }))
      .then([{ type: 'AdminRevoked', data: { userId: 'a2', revokedBy: 'a1' } }]);
    given(adminRosterDecider, [granted('a1')]).when({ type: 'RevokeAdmin', userId: 'p1' }).then([]);
  });

  it('refuses to remove the last admin, whoever asks', () => {
    given(adminRosterDecider, [granted('a1')]).when({ type: 'RevokeAdmin', userId: 'a1' }, testContext({ actorId: 'a1' })).thenRefused('last_admin', /^You are the last admin/);
    const demotedEachOther: AdminRosterEvent[] = [granted('a1'), granted('a2'), { type: 'AdminRevoked', data: { userId: 'a2', revokedBy: 'a1' } }];
    given(adminRosterDecider, demotedEachOther).when({ type: 'RevokeAdmin', userId: 'a1' }, testContext({ actorId: 'a2' })).thenRefused('last_admin', /^This user is the last admin/);
  });
});
