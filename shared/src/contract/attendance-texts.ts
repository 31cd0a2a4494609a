/**
 * Issue #44: the texts, windows, statuses and answer shapes of check-in, attendance and reliability,
 * with no schema (so the pages that show them load no validation library); attendance.ts adds the
 * calls' schemas and re-exports all of this.
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

/** GET /api/check-in-code's answer. */
export interface CheckInCode {
  /** The 6 digits. */
  code: string;
  /** What the QR code encodes (a link to the game page naming the game, the window and the digits). */
  qrText: string;
  /** When this code stops being shown (it is still taken for one window more). */
  expiresAt: string;
}

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
