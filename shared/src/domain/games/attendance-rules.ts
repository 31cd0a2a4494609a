/**
 * Issue #44: the rules of check-in and attendance that the decider enforces and the pages show, written
 * once (the contract re-exports them): when check-in and marking are open, what a status weighs, how a
 * typed or scanned code reads, and the refusals' words. No date library and no I/O, so pages may load it.
 */

/** Check-in and attendance open this long before the start. */
export const CHECK_IN_OPENS_MINUTES_BEFORE = 30;
/** A check-in code lives for one window of this length; the one before stays valid one window more. */
export const CHECK_IN_CODE_WINDOW_SECONDS = 30;
export const CHECK_IN_CODE_DIGITS = 6;
/** How far back a code is still told apart as expired (rather than wrong): about 10 minutes of windows. */
export const CHECK_IN_CODE_EXPIRED_WINDOWS = 20;
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** When a game's check-in opens and closes, and until when its marks may be set or changed (epoch ms). */
export function checkInTimesOf(startMs: number, endMs: number) {
  return {
    opensAt: startMs - CHECK_IN_OPENS_MINUTES_BEFORE * MINUTE,
    closesAt: endMs,
    marksCloseAt: endMs + ATTENDANCE_MARKS_CLOSE_HOURS_AFTER_END * HOUR,
  };
}

/** Issue #44: a leave this close to the start (or after it) counts as late. */
export const leftLate = (startMs: number, leftAtMs: number) =>
  leftAtMs >= startMs - LATE_LEAVE_HOURS_BEFORE_START * HOUR;

/** The 30-second window an instant falls in (epoch ms): what a code is signed for. */
export const checkInWindowAt = (nowMs: number) => Math.floor(nowMs / (CHECK_IN_CODE_WINDOW_SECONDS * 1000));
/** When a window's code stops being shown. */
export const checkInWindowEnd = (window: number) => (window + 1) * CHECK_IN_CODE_WINDOW_SECONDS * 1000;

/** The text of a QR code: a link to the game page naming the game, the window and the digits. */
export const checkInQrText = (origin: string, gameId: string, digits: string, window: number) =>
  `${origin}/game-details/${encodeURIComponent(gameId)}?${CHECK_IN_CODE_PARAM}=${digits}&${CHECK_IN_WINDOW_PARAM}=${window}`;

/** A typed or scanned code: its digits and, for a scanned link, the game and window it names. */
export interface CheckInCodeInput {
  digits: string;
  gameId: string | null;
  window: number | null;
}

const DIGITS = new RegExp(`^\\d{${CHECK_IN_CODE_DIGITS}}$`);

/** Reads 6 typed digits (spaces allowed) or the link of a QR code; null when it is neither. */
export function readCheckInCode(text: string): CheckInCodeInput | null {
  const typed = text.replace(/\s+/g, '');
  if (DIGITS.test(typed)) return { digits: typed, gameId: null, window: null };
  let link: URL;
  try {
    link = new URL(text.trim());
  } catch {
    return null;
  }
  const digits = link.searchParams.get(CHECK_IN_CODE_PARAM) ?? '';
  const game = /\/game-details\/([^/]+)\/?$/.exec(link.pathname);
  if (!DIGITS.test(digits) || !game) return null;
  const window = Number(link.searchParams.get(CHECK_IN_WINDOW_PARAM));
  return {
    digits,
    gameId: decodeURIComponent(game[1]!),
    window: Number.isSafeInteger(window) && window >= 0 ? window : null,
  };
}

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
export const NO_ATTENDANCE_MARK = 'That player has no attendance mark in this game to clear.';
export const ONLY_ADMINS_CLEAR_MARKS = 'Only admins can clear an attendance mark.';

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
