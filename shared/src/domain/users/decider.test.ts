import { describe, expect, it } from 'vitest';
import { given, testContext } from '../../testing/decider-testing';
import { adminRosterDecider } from './admin-roster';
import { userDecider } from './decider';
import type { AdminRosterEvent, UserEvent, UsernameEvent } from './events';
import { usernameCandidate, usernameClaimDecider, usernameFor } from './username-claim';
import { DEFAULT_AVATAR, uploadedPictureUrl } from '../pictures/addresses';

/** Ana as the identity provider knows her: what her registration and the event it makes share. */
const ana = {
  userId: 'u1',
  issuer: 'http://localhost:3000/oidc/',
  subject: 'sub-1',
  email: 'ana@example.com',
  emailVerified: true,
  username: 'ana',
  profilePicture: '/avatars/1.svg',
  role: 'player' as const,
};
const registered: UserEvent = { type: 'UserRegistered', data: { ...ana, nickname: 'ana' } };
const register = { type: 'RegisterUser' as const, ...ana, nickname: '' };

describe('user decider', () => {
  it('registers a new user with the username claimed for them', () => {
    given(userDecider, []).when(register).then([registered]);
  });

  it("starts with the default avatar instead of an identity provider's picture on its own site", () => {
    given(userDecider, [])
      .when({ ...register, profilePicture: 'https://s.gravatar.com/avatar/ana.png' })
      .then([{ ...registered, data: { ...registered.data, profilePicture: DEFAULT_AVATAR } }]);
  });

  it('registers only once, so concurrent first calls are harmless', () => {
    given(userDecider, [registered]).when(register).then([]);
  });

  it('refuses to register a deleted account again', () => {
    const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 'u1', deletedBy: 'admin-1' } };
    given(userDecider, [registered, deleted])
      .when(register)
      .thenRefused('user_deleted', 'This account has been deleted.');
  });

  it('edits bio and picture', () => {
    given(userDecider, [registered])
      .when({ type: 'EditProfile', username: 'ana', bio: 'Left back, Sundays', profilePicture: '/avatars/7.svg' })
      .then([
        {
          type: 'UserProfileEdited',
          data: { userId: 'u1', bio: 'Left back, Sundays', profilePicture: '/avatars/7.svg' },
        },
      ]);
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
    // A picture on another site would tell that site who looks at the profile.
    given(userDecider, [registered])
      .when({ type: 'EditProfile', username: 'ana', bio: '', profilePicture: 'https://example.com/me.jpg' })
      .thenRefused('bad_picture', 'Choose one of the built-in avatars or upload a picture.');
  });

  it('takes an uploaded picture', () => {
    const picture = uploadedPictureUrl('b'.repeat(64));
    given(userDecider, [registered])
      .when({ type: 'EditProfile', username: 'ana', bio: '', profilePicture: picture })
      .then([{ type: 'UserProfileEdited', data: { userId: 'u1', bio: '', profilePicture: picture } }]);
  });

  it('changes the role, recording who did it, and ignores a no-op change', () => {
    given(userDecider, [registered])
      .when({ type: 'ChangeRole', role: 'captain' }, testContext({ actorId: 'admin-1' }))
      .then([{ type: 'UserRoleChanged', data: { userId: 'u1', role: 'captain', changedBy: 'admin-1' } }]);
    given(userDecider, [registered]).when({ type: 'ChangeRole', role: 'player' }).then([]);
  });

  describe('following decisions on partner applications', () => {
    const admin = testContext({ actorId: 'admin-1' });
    const apply = (decision: number, approved: boolean, applicationId = 'a1') =>
      ({ type: 'ApplyPartnerDecision', applicationId, decision, approved }) as const;
    const applied = (
      decision: number,
      approved: boolean,
      role: 'player' | 'captain' | 'field owner' | 'admin',
      previousRole: typeof role,
      applicationId = 'a1',
    ): UserEvent => ({
      type: 'PartnerDecisionApplied',
      data: { userId: 'u1', applicationId, decision, approved, role, previousRole, decidedBy: 'admin-1' },
    });
    const changedBy = (role: 'player' | 'captain' | 'field owner' | 'admin'): UserEvent => ({
      type: 'UserRoleChanged',
      data: { userId: 'u1', role, changedBy: 'admin-2' },
    });

    it('makes a player or a captain a field owner on an approval, once, and never applies an older decision after a newer', () => {
      given(userDecider, [registered])
        .when(apply(1, true), admin)
        .then([applied(1, true, 'field owner', 'player')]);
      given(userDecider, [registered, changedBy('captain')])
        .when(apply(1, true), admin)
        .then([applied(1, true, 'field owner', 'captain')]);
      given(userDecider, [registered, applied(1, true, 'field owner', 'player')])
        .when(apply(1, true), admin)
        .then([]);
      given(userDecider, [registered, applied(2, false, 'player', 'player')])
        .when(apply(1, true), admin)
        .then([]);
    });

    it("leaves an admin's later role change standing: a replayed approval does not grant again", () => {
      const demoted = [registered, applied(1, true, 'field owner', 'player'), changedBy('player')];
      given(userDecider, demoted).when(apply(1, true), admin).then([]);
      // Revoking the approval later takes nothing away either: the role is the admin's now.
      given(userDecider, [...demoted, changedBy('captain')])
        .when(apply(2, false), admin)
        .then([applied(2, false, 'captain', 'captain')]);
    });

    it('records an approval that changes nothing (an owner or an admin keeps their role), so it is applied once', () => {
      const owner = [registered, changedBy('field owner')];
      given(userDecider, owner)
        .when(apply(1, true), admin)
        .then([applied(1, true, 'field owner', 'field owner')]);
      given(userDecider, [registered, changedBy('admin')])
        .when(apply(1, true), admin)
        .then([applied(1, true, 'admin', 'admin')]);
      // Demoted after that approval, the owner stays demoted whenever the approval comes again.
      given(userDecider, [...owner, applied(1, true, 'field owner', 'field owner'), changedBy('player')])
        .when(apply(1, true), admin)
        .then([]);
      // And revoking it does not take away a role the approval did not give.
      given(userDecider, [...owner, applied(1, true, 'field owner', 'field owner')])
        .when(apply(2, false), admin)
        .then([applied(2, false, 'field owner', 'field owner')]);
    });

    it('gives back the role the approval replaced when it is revoked, and grants again on a new approval', () => {
      const granted = [registered, changedBy('captain'), applied(1, true, 'field owner', 'captain')];
      given(userDecider, granted)
        .when(apply(2, false), admin)
        .then([applied(2, false, 'captain', 'field owner')]);
      given(userDecider, [...granted, applied(2, false, 'captain', 'field owner')])
        .when(apply(3, true), admin)
        .then([applied(3, true, 'field owner', 'captain')]);
    });

    it('keeps the field owner role while another approved application still stands behind it', () => {
      const both = [
        registered,
        applied(1, true, 'field owner', 'player', 'a1'),
        applied(1, true, 'field owner', 'field owner', 'a2'),
      ];
      given(userDecider, both)
        .when(apply(2, false, 'a1'), admin)
        .then([applied(2, false, 'field owner', 'field owner', 'a1')]);
      given(userDecider, [...both, applied(2, false, 'field owner', 'field owner', 'a1')])
        .when(apply(2, false, 'a2'), admin)
        .then([applied(2, false, 'player', 'field owner', 'a2')]);
    });

    it('has nothing to give a deleted account, and refuses an unknown one', () => {
      given(userDecider, [registered, { type: 'UserDeleted', data: { userId: 'u1', deletedBy: 'admin-1' } }])
        .when(apply(1, true), admin)
        .then([]);
      given(userDecider, []).when(apply(1, true), admin).thenRefused('user_not_found');
    });
  });

  it('deletes, and a deleted user can do nothing more', () => {
    given(userDecider, [registered])
      .when({ type: 'DeleteUser' }, testContext({ actorId: 'admin-1' }))
      .then([{ type: 'UserDeleted', data: { userId: 'u1', deletedBy: 'admin-1' } }]);
    const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 'u1', deletedBy: 'admin-1' } };
    given(userDecider, [registered, deleted])
      .when({ type: 'ChangeRole', role: 'admin' })
      .thenRefused('user_deleted', 'This account has been deleted.');
  });

  it('gives a user a new calendar feed address each time, and none to a deleted or unknown account', () => {
    const first: UserEvent = { type: 'CalendarFeedRotated', data: { userId: 'u1', feedId: 'feed-1' } };
    given(userDecider, [registered]).when({ type: 'RotateCalendarFeed', feedId: 'feed-1' }).then([first]);
    given(userDecider, [registered, first])
      .when({ type: 'RotateCalendarFeed', feedId: 'feed-2' })
      .then([{ type: 'CalendarFeedRotated', data: { userId: 'u1', feedId: 'feed-2' } }]);
    const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 'u1', deletedBy: 'u1' } };
    given(userDecider, [registered, first, deleted])
      .when({ type: 'RotateCalendarFeed', feedId: 'feed-3' })
      .thenRefused('user_deleted');
    given(userDecider, []).when({ type: 'RotateCalendarFeed', feedId: 'feed-1' }).thenRefused('user_not_found');
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
    given(usernameClaimDecider, [claimed])
      .when({ type: 'ClaimUsername', username: 'owner', userId: 'u2' })
      .thenRefused('username_taken', 'The username owner is taken.');
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
  const granted = (userId: string): AdminRosterEvent => ({
    type: 'AdminGranted',
    data: { userId, grantedBy: 'system' },
  });

  it('grants once', () => {
    given(adminRosterDecider, [])
      .when({ type: 'GrantAdmin', userId: 'a1' }, testContext({ actorId: null }))
      .then([granted('a1')]);
    given(adminRosterDecider, [granted('a1')])
      .when({ type: 'GrantAdmin', userId: 'a1' })
      .then([]);
  });

  it('removes an admin while another remains, and ignores removing a non-admin', () => {
    given(adminRosterDecider, [granted('a1'), granted('a2')])
      .when({ type: 'RevokeAdmin', userId: 'a2' }, testContext({ actorId: 'a1' }))
      .then([{ type: 'AdminRevoked', data: { userId: 'a2', revokedBy: 'a1' } }]);
    given(adminRosterDecider, [granted('a1')])
      .when({ type: 'RevokeAdmin', userId: 'p1' })
      .then([]);
  });

  it('refuses to remove the last admin, whoever asks', () => {
    given(adminRosterDecider, [granted('a1')])
      .when({ type: 'RevokeAdmin', userId: 'a1' }, testContext({ actorId: 'a1' }))
      .thenRefused('last_admin', /^You are the last admin/);
    const demotedEachOther: AdminRosterEvent[] = [
      granted('a1'),
      granted('a2'),
      { type: 'AdminRevoked', data: { userId: 'a2', revokedBy: 'a1' } },
    ];
    given(adminRosterDecider, demotedEachOther)
      .when({ type: 'RevokeAdmin', userId: 'a1' }, testContext({ actorId: 'a2' }))
      .thenRefused('last_admin', /^This user is the last admin/);
  });
});
