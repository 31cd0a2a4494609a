import type { GameInList } from '@playtime/shared/contract/games';
import { rentalRefundApplies } from '@playtime/shared/domain/games/rules';
import { gameHasEnded } from '@playtime/shared/domain/games/rules';
import type { GameSummary } from '../../../types/game';

/** Spec §9: the organizer's upcoming list shows at most 4 games. */
export const UPCOMING_LIMIT = 4;

/**
 * Spec §2 Organizer games: not yet ended, not cancelled, by start, at most 4. The server already
 * answers so; the page keeps the rule when a game ends while it is open.
 */
export function upcomingGames(games: readonly GameInList[], now: Date): GameInList[] {
  return games
    .filter((game) => game.status !== 'cancelled' && !gameHasEnded(now.getTime(), Date.parse(game.endDate)))
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate))
    .slice(0, UPCOMING_LIMIT);
}

/** The game card takes cents; the list's price is dollars. */
export function toGameSummary(game: GameInList): GameSummary {
  return { ...game, price: Math.round(game.price * 100) };
}

/** What the delete confirmation says about the rental, before the captain confirms (issue 12). */
export function refundNotice(game: Pick<GameInList, 'startDate' | 'cancellationWindowHours'>, now: Date): string {
  const hours = game.cancellationWindowHours;
  return rentalRefundApplies(game.startDate, hours, now)
    ? `The field rental is refunded in full, because the game starts more than ${hours} hours from now.`
    : `The field rental is not refunded: games cancelled less than ${hours} hours before the start keep the owner's rental.`;
}

/** A week that 'Cancel the rest of the series' cancels, with what it gives back of the series' payment. */
export interface WeekRefund {
  gameId: string;
  week: number;
  startDate: string;
  refundCents: number;
}

/**
 * Issue #30: the weeks from `fromWeek` on that are still to be played, each with its rental refunded
 * under the field's policy (rentalRefundApplies, as the server decides it), for the confirmation.
 */
export function restOfSeriesRefunds(games: readonly GameInList[], fromWeek: number, now: Date): WeekRefund[] {
  return games
    .filter(
      (game) =>
        game.series !== null &&
        game.series.week >= fromWeek &&
        game.status !== 'cancelled' &&
        !gameHasEnded(now.getTime(), Date.parse(game.endDate)),
    )
    .sort((a, b) => a.series!.week - b.series!.week)
    .map((game) => ({
      gameId: game.gameId,
      week: game.series!.week,
      startDate: game.startDate,
      refundCents: rentalRefundApplies(game.startDate, game.cancellationWindowHours, now) ? game.rentalCents : 0,
    }));
}
