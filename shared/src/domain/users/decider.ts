import { DomainError, type Decider } from '../decider';
import type { Role, UserEvent } from './events';

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      issuer: string;
      subject: string;
      email: string;
      /** The identity provider's verdict on the email at registration. */
      emailVerified: boolean;
      /** Already claimed for this user (see usernameClaimDecider). */
      username: string;
      nickname: string;
      profilePicture: string;
      role: Role;
    }
  | { type: 'EditProfile'; username: string; bio: string; profilePicture: string }
  | { type: 'ChangeRole'; role: Role }
  | { type: 'DeleteUser' };

export type UserState =
  | { status: 'unknown' }
  | { status: 'active' | 'deleted'; userId: string; username: string; role: Role; bio: string; profilePicture: string };

export const BIO_MAX_LENGTH = 500;
const PRESET_AVATAR = /^\/avatars\/([1-9]|1[0-6])\.svg$/;
const WEB_PICTURE = /^https?:\/\/\S{1,490}$/;

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ status: 'unknown' }),

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return {
          status: 'active',
          userId: event.data.userId,
          username: event.data.username,
          role: event.data.role,
          bio: '',
          profilePicture: event.data.profilePicture,
        };
      case 'UserProfileEdited':
        return state.status === 'unknown' ? state : { ...state, bio: event.data.bio, profilePicture: event.data.profilePicture };
      case 'UserRoleChanged':
        return state.status === 'unknown' ? state : { ...state, role: event.data.role };
      case 'UserDeleted':
        return state.status === 'unknown' ? state : { ...state, status: 'deleted' };
    }
  },

  decide(command, state, context) {
    if (command.type === 'RegisterUser') {
      // The web registers after every login; only the first registration counts.
      if (state.status === 'active') return [];
      if (state.status === 'deleted') throw new DomainError('forbidden', 'user_deleted', 'This account has been deleted.');
      const { username } = command;
      return [
        {
          type: 'UserRegistered',
          data: {
            userId: command.userId,
            issuer: command.issuer,
            subject: command.subject,
            email: command.email,
            emailVerified: command.emailVerified,
            username,
            nickname: command.nickname || username,
            profilePicture: command.profilePicture,
            role: command.role,
          },
        },
      ];
    }
    if (state.status === 'unknown') throw new DomainError('not_found', 'user_not_found', 'This user does not exist.');
    if (state.status === 'deleted') throw new DomainError('forbidden', 'user_deleted', 'This account has been deleted.');
    const actor = context.actorId ?? 'system';
    switch (command.type) {
      case 'EditProfile': {
        if (command.username !== state.username) {
          throw new DomainError('invalid', 'username_read_only', 'Your username cannot be changed.', { username: 'Username is read-only' });
        }
        if (command.bio.length > BIO_MAX_LENGTH) {
          throw new DomainError('invalid', 'bio_too_long', `Your bio can be at most ${BIO_MAX_LENGTH} characters.`, {
            bio: `At most ${BIO_MAX_LENGTH} characters`,
          });
        }
        if (command.profilePicture !== '' && !PRESET_AVATAR.test(command.profilePicture) && !WEB_PICTURE.test(command.profilePicture)) {
          throw new DomainError('invalid', 'bad_picture', 'Choose one of the preset avatars or a picture web address.', {
            profilePicture: 'Not a preset avatar or a web address',
          });
        }
        if (command.bio === state.bio && command.profilePicture === state.profilePicture) return [];
        return [{ type: 'UserProfileEdited', data: { userId: state.userId, bio: command.bio, profilePicture: command.profilePicture } }];
      }
      case 'ChangeRole':
        if (command.role === state.role) return [];
        return [{ type: 'UserRoleChanged', data: { userId: state.userId, role: command.role, changedBy: actor } }];
      case 'DeleteUser':
        return [{ type: 'UserDeleted', data: { userId: state.userId, deletedBy: actor } }];
    }
  },
};
