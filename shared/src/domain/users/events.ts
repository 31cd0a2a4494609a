import { z } from 'zod';
import { eventSchema, typesOf, type EventsOf } from '../event-schemas';
import { ROLES, type Role } from './roles';
import { ATTENDANCE_STATUSES } from '../games/attendance-rules';

export { ROLES, type Role };

/** Everything that can happen to a user account. Stream: `user-{userId}`. */

const role = z.enum(ROLES);

const userRegisteredV1 = z.object({
  userId: z.string(),
  issuer: z.string(),
  subject: z.string(),
  email: z.string(),
  username: z.string(),
  nickname: z.string(),
  profilePicture: z.string(),
  role,
});

export const UserRegistered = eventSchema('UserRegistered', userRegisteredV1).next(
  // Version 2: whether the identity provider had verified the email at registration, so that the
  // configured admin emails can be applied again later to verified addresses only. Registrations
  // from before it was recorded count as unverified: nobody becomes admin from an unknown verdict.
  userRegisteredV1.extend({ emailVerified: z.boolean() }),
  (v1) => ({ ...v1, emailVerified: false }),
);

export const UserProfileEdited = eventSchema(
  'UserProfileEdited',
  z.object({ userId: z.string(), bio: z.string(), profilePicture: z.string() }),
);

export const UserRoleChanged = eventSchema(
  'UserRoleChanged',
  z.object({ userId: z.string(), role, changedBy: z.string() }),
);

/**
 * An admin's decision on a partner application (its `decision`-th), applied to the applicant's
 * account once: `role` is the account's role after it, `previousRole` before (the same when the
 * decision changed nothing, e.g. an approval for an account that was a field owner already; it is
 * recorded all the same, so no replay of that decision can change the role later).
 */
export const PartnerDecisionApplied = eventSchema(
  'PartnerDecisionApplied',
  z.object({
    userId: z.string(),
    applicationId: z.string(),
    decision: z.number().int().positive(),
    approved: z.boolean(),
    role,
    previousRole: role,
    decidedBy: z.string(),
  }),
);

/**
 * A new private address for the user's calendar feed (issue #31); the one before it stops answering.
 * `feedId` is the address's secret part, random, made by the server.
 */
export const CalendarFeedRotated = eventSchema(
  'CalendarFeedRotated',
  z.object({ userId: z.string(), feedId: z.string() }),
);

/**
 * Issue #44: how the player's attendance at a game counts in their reliability, as the game has it now
 * (a check-in is 'present', the organizer's mark replaces it, a leave within 2 hours of the start is
 * 'late'); recorded again when it changes. `startDate` orders the games and dates the no-shows.
 */
export const AttendanceRecorded = eventSchema(
  'AttendanceRecorded',
  z.object({
    userId: z.string(),
    gameId: z.string(),
    status: z.enum(ATTENDANCE_STATUSES),
    startDate: z.iso.datetime({ offset: true }),
  }),
);

/** Issue #44: an admin cleared the player's mark at a game: it counts for nothing now. */
export const AttendanceRecordCleared = eventSchema(
  'AttendanceRecordCleared',
  z.object({ userId: z.string(), gameId: z.string() }),
);

// The log keeps only this marker; read models drop the person's data when they see it.
export const UserDeleted = eventSchema('UserDeleted', z.object({ userId: z.string(), deletedBy: z.string() }));

export const USER_EVENTS = [
  UserRegistered,
  UserProfileEdited,
  UserRoleChanged,
  PartnerDecisionApplied,
  CalendarFeedRotated,
  UserDeleted,
  AttendanceRecorded,
  AttendanceRecordCleared,
] as const;

export type UserEvent = EventsOf<typeof USER_EVENTS>;

export const userStream = (userId: string) => `user-${userId}`;

export const USER_EVENT_TYPES = typesOf(USER_EVENTS);

/**
 * Who holds a username, compared case-insensitively. Stream: `username-{lowercase name}`; its first
 * event claims the name for good (appended with expected revision no_stream), so two sign-ups can
 * never end up with the same name.
 */
export const UsernameClaimed = eventSchema('UsernameClaimed', z.object({ username: z.string(), userId: z.string() }));

export const USERNAME_EVENTS = [UsernameClaimed] as const;

export type UsernameEvent = EventsOf<typeof USERNAME_EVENTS>;

export const usernameStream = (username: string) => `username-${username.toLowerCase()}`;

/**
 * The set of admins, in one stream (`admins`), so granting and removing the admin role are decided
 * one at a time and the last admin can never be removed, however many admins act at once.
 */
export const AdminGranted = eventSchema('AdminGranted', z.object({ userId: z.string(), grantedBy: z.string() }));

export const AdminRevoked = eventSchema('AdminRevoked', z.object({ userId: z.string(), revokedBy: z.string() }));

export const ADMIN_ROSTER_EVENTS = [AdminGranted, AdminRevoked] as const;

export type AdminRosterEvent = EventsOf<typeof ADMIN_ROSTER_EVENTS>;

export const ADMIN_ROSTER_STREAM = 'admins';
