import { z } from 'zod';
import { ATTENDANCE_STATUSES } from '../domain/games/attendance-rules';
import { MIN_RELIABILITY_CEILING, MIN_RELIABILITY_FLOOR } from '../domain/games/policies/reliability';
import { requiredId } from './text';

/**
 * Issue #44: check-in at the field, attendance marks, reliability and its consequences. The calls'
 * payloads, the windows and the texts the pages show, shared by the services and the web. The rules
 * and refusals the decider enforces are written once in the domain and re-exported here.
 */
export {
  ATTENDANCE_CLOSED,
  ATTENDANCE_LABELS,
  ATTENDANCE_MARKS_CLOSE_HOURS_AFTER_END,
  ATTENDANCE_NOT_A_MEMBER,
  ATTENDANCE_NOT_OPEN,
  ATTENDANCE_STATUSES,
  ATTENDANCE_WEIGHT,
  attendanceMarkedText,
  belowReliabilityText,
  CHECK_IN_CLOSED,
  CHECK_IN_CODE_DIGITS,
  CHECK_IN_CODE_EXPIRED,
  CHECK_IN_CODE_OTHER_GAME,
  CHECK_IN_CODE_PARAM,
  CHECK_IN_CODE_WINDOW_SECONDS,
  CHECK_IN_CODE_WRONG,
  CHECK_IN_NOT_A_MEMBER,
  CHECK_IN_NOT_OPEN,
  CHECK_IN_OPENS_MINUTES_BEFORE,
  CHECK_IN_WINDOW_PARAM,
  LATE_LEAVE_HOURS_BEFORE_START,
  NO_ATTENDANCE_MARK,
  noShowBanText,
  ONLY_ADMINS_CLEAR_MARKS,
  ONLY_ORGANIZER_MARKS,
  ONLY_ORGANIZER_SEES_CODE,
  RELIABILITY_GAMES_COUNTED,
  RELIABILITY_MIN_GAMES,
  type AttendanceStatus,
} from '../domain/games/attendance-rules';
export { MIN_RELIABILITY_CEILING, MIN_RELIABILITY_FLOOR } from '../domain/games/policies/reliability';
export { DEFAULT_NO_SHOW_BAN } from '../domain/users/reliability';

/** GET /api/check-in-code?gameId (the organizer and admins). */
export const checkInCodeQuery = z.object({ gameId: requiredId('gameId') });
export interface CheckInCode {
  /** The 6 digits. */
  code: string;
  /** What the QR code encodes (a link to the game page naming the game, the window and the digits). */
  qrText: string;
  /** When this code stops being shown (it is still taken for one window more). */
  expiresAt: string;
}

/**
 * POST /api/check-in: `code` is the 6 digits typed, or the text of the scanned QR code (which names
 * its game, so a code of another game is told apart from a wrong one).
 */
export const checkInBody = z.object({
  gameId: requiredId('gameId'),
  code: z
    .string({ message: 'Enter the 6-digit code the organizer shows' })
    .trim()
    .min(1, 'Enter the 6-digit code the organizer shows')
    .max(500, 'That is not a check-in code'),
});

/** POST /api/mark-attendance (the organizer and admins). */
export const markAttendanceBody = z.object({
  gameId: requiredId('gameId'),
  participantId: requiredId('participantId'),
  status: z.enum(ATTENDANCE_STATUSES, { message: "status must be one of: 'present', 'late', 'no_show'" }),
});

/** POST /api/admin/clear-attendance-mark (admins): the mark is gone from reliability; audited with its reason. */
export const clearAttendanceMarkBody = z.object({
  gameId: requiredId('gameId'),
  participantId: requiredId('participantId'),
  reason: z
    .string({ message: 'Say why the mark is cleared' })
    .trim()
    .min(1, 'Say why the mark is cleared')
    .max(500, 'The reason is at most 500 characters'),
});

const MIN_RELIABILITY_MESSAGE = `minReliability is a whole percent from ${MIN_RELIABILITY_FLOOR} to ${MIN_RELIABILITY_CEILING}, or null for anyone`;

/** 'Reliable players only' (RELIABLE_PLAYERS_ONLY_LABEL): a minimum percent from 50 to 100, or null. */
export const minReliability = z
  .number({ message: MIN_RELIABILITY_MESSAGE })
  .int(MIN_RELIABILITY_MESSAGE)
  .min(MIN_RELIABILITY_FLOOR, MIN_RELIABILITY_MESSAGE)
  .max(MIN_RELIABILITY_CEILING, MIN_RELIABILITY_MESSAGE)
  .nullable();

/** POST /api/set-min-reliability (the organizer and admins): configure a game for reliable players only. */
export const setMinReliabilityBody = z.object({ gameId: requiredId('gameId'), minReliability });

/** A player's reliability on a roster (null below RELIABILITY_MIN_GAMES marked games). */
export interface RosterReliability {
  percent: number;
  games: number;
}
/** GET /api/get-user's reliability (always present: 0 games is a new player). */
export interface Reliability extends RosterReliability {
  noShows: number;
}

/** '96% · 41 games'. */
export const reliabilityLabel = (reliability: RosterReliability) =>
  `${reliability.percent}% · ${reliability.games} ${reliability.games === 1 ? 'game' : 'games'}`;
/** 'Checked in 9 of 14'. */
export const checkedInLabel = (checkedIn: number, players: number) => `Checked in ${checkedIn} of ${players}`;

export const CHECK_IN_LABEL = 'Check in';
export const CHECK_IN_CODE_TITLE = 'Check-in code';
export const RELIABLE_PLAYERS_ONLY_LABEL = 'Reliable players only';
