import {
  GAME_FULL,
  GAME_FULL_JOIN_WAITLIST,
  NO_PLACE_TO_PAY_FOR,
  spotOfferedToOther,
  REJOIN_FOR_FREE,
  REMOVED_BY_ORGANIZER,
  REMOVED_FROM_FREE_GAME,
  REMOVED_HOLD_RELEASED,
} from '@playtime/shared/domain/games/messages';
import type { GameDetail } from '@playtime/shared/contract/games';
import { CANCELLED_GAME_MONEY, cancelledGameMoney } from '@playtime/shared/contract/game-page';
import { REGULARS_FIRST_CODE, SERIES_WEEK_NOT_OPEN_CODE } from '@playtime/shared/domain/games/policies/regulars-first';
import { ApiError } from '../../../lib/api-error';

/** Spec §8 texts of the game page. */
export const FIRST_JOIN_FAILED = 'Error joining the game. Please try again.';
export const MOVE_FAILED = 'Error joining. Please try again.';
export const LEAVE_FAILED = 'Failure to leave the game. Please try again.';
export const LEAVE_CONFIRMATION = 'Are you sure you want to leave the game? You will not be able to get a refund.';
/** A guest may look at a game; Join Game opens the login first and returns to the page. */
export const GUEST_JOIN_HINT = 'Log in to join this game.';
export const GAME_CANCELLED = 'This game was cancelled.';

/**
 * The cancellation and why (issue #29): a game nobody chose to cancel says what did it, and what became
 * of the entries: refunded, or (issue #45) only held on cards and released. A cancellation by the
 * organizer or an admin keeps the spec's plain sentence.
 */
export function cancellationMessage(
  game: Pick<GameDetail, 'cancellationReason' | 'minPlayers' | 'decisionAt' | 'start_date' | 'entryPayments'>,
): string {
  // A free game, or one nobody paid for, had nothing to give back.
  const refunded = CANCELLED_GAME_MONEY[cancelledGameMoney(game.entryPayments)];
  switch (game.cancellationReason) {
    case 'too_few_players': {
      const hours = game.decisionAt
        ? Math.round((Date.parse(game.start_date) - Date.parse(game.decisionAt)) / 3_600_000)
        : null;
      const when =
        hours === null ? 'by its decision time' : `by ${hours} ${hours === 1 ? 'hour' : 'hours'} before the start`;
      return `${GAME_CANCELLED} Fewer than ${game.minPlayers ?? 'the minimum of'} players had joined ${when}${refunded}`;
    }
    case 'organizer_deleted':
      return `${GAME_CANCELLED} Its organizer's account was closed${refunded}`;
    case 'owner_deleted':
      return `${GAME_CANCELLED} Its field's owner closed their account${refunded}`;
    default:
      return GAME_CANCELLED;
  }
}
export { GAME_FULL, REJOIN_FOR_FREE, REMOVED_BY_ORGANIZER, REMOVED_FROM_FREE_GAME, REMOVED_HOLD_RELEASED };

/** Refusals whose own words tell the person what to do (issue #29 adds the full game and the offered spot). */
const PASSED_ON = [
  GAME_FULL,
  GAME_FULL_JOIN_WAITLIST,
  NO_PLACE_TO_PAY_FOR,
  spotOfferedToOther(1),
  spotOfferedToOther(2),
  REMOVED_BY_ORGANIZER,
  REMOVED_FROM_FREE_GAME,
  REMOVED_HOLD_RELEASED,
];

/** Refusals passed on by their code, since their words name a time (issue #41). */
const PASSED_ON_CODES = [REGULARS_FIRST_CODE, SERIES_WEEK_NOT_OPEN_CODE];

/**
 * What the person is told when a join or move is refused: a full pitch or a removal says so, anything
 * else the spec's retry text.
 */
export function joinFailureMessage(error: unknown, firstJoin: boolean): string {
  if (error instanceof Error && PASSED_ON.includes(error.message)) return error.message;
  // A series week not open to the person yet says why and until when (issue #41): its time is the server's.
  if (error instanceof ApiError && PASSED_ON_CODES.includes(error.code)) return error.message;
  // Who may not join says why in its own words (issue #44: a pause after no-shows says until when, a game
  // for reliable players says its minimum and the player's own figure).
  if (error instanceof ApiError && error.status === 403) return error.message;
  return firstJoin ? FIRST_JOIN_FAILED : MOVE_FAILED;
}
