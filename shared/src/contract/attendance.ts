import { z } from 'zod';
import { requiredId } from './text';

/**
 * Issue #44: check-in at the field, attendance marks, reliability and its consequences. The calls'
 * payloads, the windows and the texts the pages show, shared by the services and the web.
 */

/** Check-in and attendance open this long before the start. */
export const CHECK_IN_OPENS_MINUTES_BEFORE = 30;
/** A check-in code lives for one window of this length; the one before stays valid one window more. */
export const CHECK_IN_CODE_WINDOW_SECONDS = 30;
export const CHECK_IN_CODE_DIGITS = 6;
/** The organizer may mark (and change marks) until this long after the end. */
export const ATTENDANCE_MARKS_CLOSE_HOURS_AFTER_END = 24;
/** Reliability counts this many of a player's latest marked games, and needs this many to show. */
export const RELIABILITY_GAMES_COUNTED = 20;
export const RELIABILITY_MIN_GAMES = 3;
/** Leaving this close to the start counts as late. */
export const LATE_LEAVE_HOURS_BEFORE_START = 2;

export const ATTENDANCE_STATUSES = ['present', 'late', 'no_show'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** What each status counts for in a player's reliability. */
export const ATTENDANCE_WEIGHT: Record<AttendanceStatus, number> = { present: 1, late: 0.5, no_show: 0 };
export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  late: 'Late',
  no_show: 'No-show',
};

/**
 * What a QR code of a check-in carries: the game, the window and the 6 digits shown under it, as a
 * link to the game page, so a phone's own camera app opens the page too.
 * `${origin}/game-details/${gameId}?checkIn=${digits}&w=${window}`.
 */
export const CHECK_IN_CODE_PARAM = 'checkIn';
export const CHECK_IN_WINDOW_PARAM = 'w';

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

// Refusals (4xx messages).
export const CHECK_IN_NOT_OPEN = 'Check-in opens 30 minutes before the start.';
export const CHECK_IN_CLOSED = 'Check-in closed when the game ended.';
export const CHECK_IN_CODE_WRONG = 'That code is not right. Check the 6 digits the organizer shows.';
export const CHECK_IN_CODE_EXPIRED = 'That code has expired. Use the code the organizer shows now.';
export const CHECK_IN_CODE_OTHER_GAME = 'That code is for another game.';
export const CHECK_IN_NOT_A_MEMBER = 'Only players in this game can check in.';
export const ATTENDANCE_NOT_OPEN = 'Attendance can be marked from 30 minutes before the start.';
export const ATTENDANCE_CLOSED = 'Attendance can be marked until 24 hours after the end.';
export const ATTENDANCE_NOT_A_MEMBER = 'That player is not in this game.';
export const ONLY_ORGANIZER_MARKS = 'Only the organizer or an admin can mark attendance.';
export const ONLY_ORGANIZER_SEES_CODE = 'Only the organizer or an admin can show the check-in code.';

/**
 * 'You missed 2 games recently. You can join games again from Dec 5.' The date in the player's time
 * zone as the server knows it (the game's, when it has no other).
 */
export const noShowBanText = (noShows: number, joinAgainFrom: string) =>
  `You missed ${noShows} games recently. You can join games again from ${joinAgainFrom}.`;
/** 'This game is for reliable players: 80% or more. Yours is 62%.' */
export const belowReliabilityText = (minimum: number, percent: number) =>
  `This game is for reliable players: ${minimum}% or more. Yours is ${percent}%.`;
/** What a player hears of a Late or No-show mark. */
export const attendanceMarkedText = (status: AttendanceStatus, gameName: string) =>
  `You were marked ${ATTENDANCE_LABELS[status]} at ${gameName}.`;
