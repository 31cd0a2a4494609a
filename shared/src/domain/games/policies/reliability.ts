/**
 * Issue #44: who may join by their attendance: a player with recent no-shows waits out the ban; a game
 * for reliable players takes those at or above its minimum, and new players (too few marked games).
 */
import { DomainError } from '../../decider';
import { DEFAULT_NO_SHOW_BAN, standingOf, type AttendanceRecord, type NoShowBan } from '../../users/reliability';
import { belowReliabilityText, noShowBanText, RELIABILITY_MIN_GAMES } from '../attendance-rules';
import type { ScheduledGame } from '../state';

/** The lowest minimum an organizer may ask for, and the highest. */
export const MIN_RELIABILITY_FLOOR = 50;
export const MIN_RELIABILITY_CEILING = 100;

/** 'Dec 5' in `timeZone`. */
const monthDay = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' }).format(new Date(instant));

/** What a join knows of the player from their own stream: their attendance records, and the ban's settings. */
export interface JoinerRecord {
  attendance: readonly AttendanceRecord[];
  noShowBan?: NoShowBan;
}

export function refuseUnlessReliable(game: ScheduledGame, joiner: JoinerRecord, nowMs: number, timeZone: string): void {
  const standing = standingOf(joiner.attendance, nowMs, joiner.noShowBan ?? DEFAULT_NO_SHOW_BAN);
  if (standing.bannedUntil !== null && game.start < Date.parse(standing.bannedUntil))
    throw new DomainError(
      'forbidden',
      'no_show_ban',
      noShowBanText(standing.noShows, monthDay(standing.bannedUntil, timeZone)),
    );
  const minimum = game.minReliability;
  if (minimum !== null && standing.games >= RELIABILITY_MIN_GAMES && standing.percent < minimum)
    throw new DomainError('forbidden', 'below_reliability', belowReliabilityText(minimum, standing.percent));
}
