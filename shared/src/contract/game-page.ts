import dayjs from 'dayjs';
import type { GameCancellationReason } from '../domain/games/events';
import { cancellationWhy } from './cancellation';

/**
 * Texts of the game page and the game card that issue #41 asked for: a thin game's minimum and how
 * many it still needs, a removal as the page announces it, and a cancelled game on a card.
 */

/**
 * When the minimum is checked, as a person reads it: '3 pm Thursday' ('3:30 pm Thursday'), with the
 * date when it is a week or more away ('3 pm Thursday, Dec 10'). In the browser's time zone.
 */
export function decisionTimeLabel(decisionAt: string, now: number): string {
  const decision = dayjs(decisionAt);
  const time = decision.format(decision.minute() === 0 ? 'h a' : 'h:mm a');
  const day = decision.format('dddd');
  return decision.diff(dayjs(now), 'day', true) >= 6 ? `${time} ${day}, ${decision.format('MMM D')}` : `${time} ${day}`;
}

/** 'Needs 10 players by 3 pm Thursday, or it is cancelled and everyone is refunded.' (a free game has no refunds). */
export function minimumPlayersNotice(minPlayers: number, decisionAt: string, priced: boolean, now: number): string {
  const consequence = priced ? 'it is cancelled and everyone is refunded' : 'it is cancelled';
  return `Needs ${minPlayers} players by ${decisionTimeLabel(decisionAt, now)}, or ${consequence}.`;
}

/** How many more players the game needs to go ahead, counting everyone in it (teams and sideline). */
export function playersNeededText(needed: number): string {
  if (needed <= 0) return 'Enough players have joined: the game goes ahead.';
  return `${needed} more ${needed === 1 ? 'player' : 'players'} needed`;
}

/** What the game page announces when the organizer removes a player (not 'left the game'). */
export const removedFromGameText = (username: string) => `${username} was removed from the game`;

/** A cancelled game's badge on its card. */
export const CANCELLED_LABEL = 'Cancelled';

/** Why a game on a card was cancelled: 'The organizer cancelled it.', 'Too few players had joined by …'. */
export function cancelledCardReason(reason: GameCancellationReason | null): string {
  const why = cancellationWhy(reason ?? undefined, null);
  return `${why.charAt(0).toUpperCase()}${why.slice(1)}.`;
}
