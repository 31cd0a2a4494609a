import { DomainError, decideByType, unknownType, type CommandOf, type DecisionContext, type Decider } from '../decider';
import { PROFILE_PICTURE_REFUSED, isProfilePicture, shownProfilePicture } from '../pictures/addresses';
import type { Role, UserEvent } from './events';
import type { AttendanceStatus } from '../games/attendance-rules';
import type { AttendanceRecord } from './reliability';

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
  /** The applicant's account follows an admin's decision on their partner application (see decisionForApplicant). */
  | { type: 'ApplyPartnerDecision'; applicationId: string; decision: number; approved: boolean }
  /** `feedId`: the new address's random secret, made by the caller (a decider makes no randomness). */
  | { type: 'RotateCalendarFeed'; feedId: string }
  | { type: 'DeleteUser' }
  /**
   * Issue #44: the game loop records how the player's attendance at a game counts now (null: it counts
   * for nothing, e.g. an admin cleared the mark).
   */
  | { type: 'RecordAttendance'; gameId: string; startDate: string; status: AttendanceStatus | null };

/**
 * The field-owner role held because partner applications were approved: which ones, and the role
 * the first approval replaced (given back when the last of them is revoked). An admin's own role
 * change ends it: from then on the admin's decision stands, whatever happens to the applications.
 */
export interface PartnerGrant {
  applicationIds: string[];
  previousRole: Role;
}

export type UserState =
  | { status: 'unknown' }
  | {
      status: 'active' | 'deleted';
      userId: string;
      username: string;
      email: string;
      role: Role;
      bio: string;
      profilePicture: string;
      /** The latest decision applied, per partner application. */
      partnerDecisions: Record<string, number>;
      partnerGrant: PartnerGrant | null;
      /** Issue #44: the player's attendance by game, as their reliability counts it. */
      attendance: Record<string, AttendanceRecord>;
    };

export const BIO_MAX_LENGTH = 500;

type Command<Type extends UserCommand['type']> = CommandOf<UserCommand, Type>;
type KnownUser = Exclude<UserState, { status: 'unknown' }>;
type ActiveUser = KnownUser & { status: 'active' };

const USER_DELETED = 'This account has been deleted.';

function registerUser(command: Command<'RegisterUser'>, state: UserState): UserEvent[] {
  // The web registers after every login; only the first registration counts.
  if (state.status === 'active') return [];
  if (state.status === 'deleted') throw new DomainError('forbidden', 'user_deleted', USER_DELETED);
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
        // An identity provider's picture is a link to its site: the account starts with a built-in avatar instead.
        profilePicture: shownProfilePicture(command.profilePicture),
        role: command.role,
      },
    },
  ];
}

function known(state: UserState): KnownUser {
  if (state.status === 'unknown') throw new DomainError('not_found', 'user_not_found', 'This user does not exist.');
  return state;
}

function active(state: UserState): ActiveUser {
  const user = known(state);
  if (user.status === 'deleted') throw new DomainError('forbidden', 'user_deleted', USER_DELETED);
  return user as ActiveUser;
}

function editProfile(command: Command<'EditProfile'>, state: UserState): UserEvent[] {
  const user = active(state);
  if (command.username !== user.username) {
    throw new DomainError('invalid', 'username_read_only', 'Your username cannot be changed.', {
      username: 'Username is read-only',
    });
  }
  if (command.bio.length > BIO_MAX_LENGTH) {
    throw new DomainError('invalid', 'bio_too_long', `Your bio can be at most ${BIO_MAX_LENGTH} characters.`, {
      bio: `At most ${BIO_MAX_LENGTH} characters`,
    });
  }
  if (!isProfilePicture(command.profilePicture)) {
    throw new DomainError('invalid', 'bad_picture', `${PROFILE_PICTURE_REFUSED}.`, {
      profilePicture: PROFILE_PICTURE_REFUSED,
    });
  }
  if (command.bio === user.bio && command.profilePicture === user.profilePicture) return [];
  return [
    {
      type: 'UserProfileEdited',
      data: { userId: user.userId, bio: command.bio, profilePicture: command.profilePicture },
    },
  ];
}

function changeRole(command: Command<'ChangeRole'>, state: UserState, context: DecisionContext): UserEvent[] {
  const user = active(state);
  if (command.role === user.role) return [];
  return [
    {
      type: 'UserRoleChanged',
      data: { userId: user.userId, role: command.role, changedBy: context.actorId ?? 'system' },
    },
  ];
}

function applyPartnerDecision(
  command: Command<'ApplyPartnerDecision'>,
  state: UserState,
  context: DecisionContext,
): UserEvent[] {
  // A deleted account has no role to give or take; the application keeps its decision.
  if (known(state).status === 'deleted') return [];
  const user = active(state);
  const { applicationId, decision, approved } = command;
  if ((user.partnerDecisions[applicationId] ?? 0) >= decision) return []; // applied already, or a newer one was
  const role = approved ? roleWhenApproved(user) : roleWhenRevoked(user, applicationId);
  return [
    {
      type: 'PartnerDecisionApplied',
      data: {
        userId: user.userId,
        applicationId,
        decision,
        approved,
        role,
        previousRole: user.role,
        decidedBy: context.actorId ?? 'system',
      },
    },
  ];
}

function rotateCalendarFeed(command: Command<'RotateCalendarFeed'>, state: UserState): UserEvent[] {
  const user = active(state);
  return [{ type: 'CalendarFeedRotated', data: { userId: user.userId, feedId: command.feedId } }];
}

function deleteUser(state: UserState, context: DecisionContext): UserEvent[] {
  const user = active(state);
  return [{ type: 'UserDeleted', data: { userId: user.userId, deletedBy: context.actorId ?? 'system' } }];
}

/** Records a change only: the same status again, or clearing what is not there, decides nothing. */
function recordAttendance(command: Command<'RecordAttendance'>, state: UserState): UserEvent[] {
  // A deleted account (or one the log does not know) keeps no reliability.
  if (state.status !== 'active') return [];
  const { gameId, startDate, status } = command;
  const recorded = state.attendance[gameId];
  if (status === null)
    return recorded ? [{ type: 'AttendanceRecordCleared', data: { userId: state.userId, gameId } }] : [];
  if (recorded?.status === status) return [];
  return [{ type: 'AttendanceRecorded', data: { userId: state.userId, gameId, status, startDate } }];
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ status: 'unknown' }),

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return {
          status: 'active',
          userId: event.data.userId,
          username: event.data.username,
          email: event.data.email,
          role: event.data.role,
          bio: '',
          profilePicture: event.data.profilePicture,
          partnerDecisions: {},
          partnerGrant: null,
          attendance: {},
        };
      case 'UserProfileEdited':
        return state.status === 'unknown'
          ? state
          : { ...state, bio: event.data.bio, profilePicture: event.data.profilePicture };
      case 'UserRoleChanged':
        return state.status === 'unknown' ? state : { ...state, role: event.data.role, partnerGrant: null };
      case 'PartnerDecisionApplied':
        return state.status === 'unknown' ? state : { ...state, ...afterPartnerDecision(state, event.data) };
      case 'CalendarFeedRotated':
        // The address lives in the read model only: no later decision depends on it.
        return state;
      case 'UserDeleted':
        return state.status === 'unknown' ? state : { ...state, status: 'deleted' };
      case 'AttendanceRecorded': {
        if (state.status === 'unknown') return state;
        const { gameId, status, startDate } = event.data;
        return { ...state, attendance: { ...state.attendance, [gameId]: { gameId, status, startDate } } };
      }
      case 'AttendanceRecordCleared': {
        if (state.status === 'unknown') return state;
        const { [event.data.gameId]: _cleared, ...attendance } = state.attendance;
        return { ...state, attendance };
      }
      default:
        return unknownType(event);
    }
  },

  decide: decideByType({
    RegisterUser: registerUser,
    EditProfile: editProfile,
    ChangeRole: changeRole,
    ApplyPartnerDecision: applyPartnerDecision,
    RotateCalendarFeed: rotateCalendarFeed,
    DeleteUser: (_command, state, context) => deleteUser(state, context),
    RecordAttendance: recordAttendance,
  }),
};

/** An approval makes a player or a captain a field owner; a field owner or an admin keeps their role. */
function roleWhenApproved(state: KnownUser): Role {
  return state.role === 'player' || state.role === 'captain' ? 'field owner' : state.role;
}

/**
 * A revocation gives back the role the approvals replaced once no approved application is left
 * behind the role; a role an admin set since (which ended the grant) stands.
 */
function roleWhenRevoked(state: KnownUser, applicationId: string): Role {
  const grant = state.partnerGrant;
  if (!grant?.applicationIds.includes(applicationId)) return state.role;
  return grant.applicationIds.length === 1 ? grant.previousRole : state.role;
}

function afterPartnerDecision(
  state: KnownUser,
  applied: { applicationId: string; decision: number; approved: boolean; role: Role; previousRole: Role },
): Partial<KnownUser> {
  const { applicationId, decision, approved, role, previousRole } = applied;
  const others = state.partnerGrant?.applicationIds.filter((id) => id !== applicationId) ?? [];
  let partnerGrant = state.partnerGrant;
  if (approved && (partnerGrant || role !== previousRole))
    partnerGrant = {
      applicationIds: [...others, applicationId],
      previousRole: partnerGrant?.previousRole ?? previousRole,
    };
  if (!approved && partnerGrant) partnerGrant = others.length > 0 ? { ...partnerGrant, applicationIds: others } : null;
  return { role, partnerDecisions: { ...state.partnerDecisions, [applicationId]: decision }, partnerGrant };
}
