import { eventTypes } from '../decider';
/** Everything that can happen to a user account. Stream: `user-{userId}`. */
export const ROLES = ['player', 'captain', 'field owner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type UserEvent =
  | {
      type: 'UserRegistered';
      data: { userId: string; issuer: string; subject: string; email: string; username: string; nickname: string; profilePicture: string; role: Role };
    }
  | { type: 'UserProfileEdited'; data: { userId: string; bio: string; profilePicture: string } }
  | { type: 'UserRoleChanged'; data: { userId: string; role: Role; changedBy: string } }
  // The log keeps only this marker; read models drop the person's data when they see it.
  | { type: 'UserDeleted'; data: { userId: string; deletedBy: string } };

export const userStream = (userId: string) => `user-${userId}`;

export const USER_EVENT_TYPES = eventTypes<UserEvent>()('UserRegistered', 'UserProfileEdited', 'UserRoleChanged', 'UserDeleted');
