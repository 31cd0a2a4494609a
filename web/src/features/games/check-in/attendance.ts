import {
  CHECK_IN_CODE_DIGITS,
  CHECK_IN_CODE_PARAM,
  type AttendanceStatus,
} from '@playtime/shared/contract/attendance-texts';
import type { GameDetail, Participant } from '@playtime/shared/contract/games';

/**
 * Issue #44 on the game page: when check-in and the organizer's marks are open (the server's instants,
 * read at the server's time), what a player's mark shows, and the code a link or a person brings.
 */

type CheckInTimes = Pick<GameDetail, 'checkIn' | 'status'>;

/** Check-in is open (and the organizer shows the code) from 30 minutes before the start until the end. */
export function checkInOpen(game: CheckInTimes, nowMs: number): boolean {
  return (
    game.status !== 'cancelled' &&
    Date.parse(game.checkIn.opensAt) <= nowMs &&
    nowMs < Date.parse(game.checkIn.closesAt)
  );
}

/** The organizer marks attendance from the same opening until 24 hours after the end. */
export function attendanceMarksOpen(game: CheckInTimes, nowMs: number): boolean {
  return (
    game.status !== 'cancelled' &&
    Date.parse(game.checkIn.opensAt) <= nowMs &&
    nowMs < Date.parse(game.checkIn.marksCloseAt)
  );
}

/** The page says how many checked in once check-in has opened, and keeps saying it after. */
export function showsCheckInCount(game: CheckInTimes, nowMs: number): boolean {
  return game.status !== 'cancelled' && Date.parse(game.checkIn.opensAt) <= nowMs;
}

/** The mark a player shows: the organizer's, else Present for a check-in (the server counts it so too). */
export function shownAttendance(participant: Pick<Participant, 'attendance' | 'checkedIn'>): AttendanceStatus | null {
  return participant.attendance ?? (participant.checkedIn ? 'present' : null);
}

/** The digits of the check-in link the page was opened from (`?checkIn=123456&w=…`), or null. */
export function checkInCodeOfLink(search: string): string | null {
  const digits = new URLSearchParams(search).get(CHECK_IN_CODE_PARAM)?.trim();
  return digits ? digits : null;
}

/** The link without its check-in parameters: what the address bar keeps once the link has been used. */
export function withoutCheckInParams(search: string, windowParam: string): string {
  const params = new URLSearchParams(search);
  params.delete(CHECK_IN_CODE_PARAM);
  params.delete(windowParam);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** What the typed-code box keeps of what was typed or pasted: its digits, at most six. */
export const typedDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, CHECK_IN_CODE_DIGITS);

/** How long until the shown code is replaced: its expiry by the server's clock, never less than a second. */
export function msUntilNextCode(expiresAt: string, serverNowMs: number): number {
  return Math.max(1_000, Date.parse(expiresAt) - serverNowMs);
}

/** The six digits spaced in two groups of three, as people read a code aloud: '482 913'. */
export const spacedCode = (code: string): string =>
  code.length === CHECK_IN_CODE_DIGITS ? `${code.slice(0, 3)} ${code.slice(3)}` : code;

/** What 'Reliable players only' asks of a player: '80% or more'. */
export const minReliabilityText = (minimum: number | string): string => `${minimum}% or more`;
