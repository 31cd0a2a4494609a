import type { GameSearchResult } from '@playtime/shared/contract/games';
import type { GameSummary } from '../../../types/game';

/** The API lists prices in dollars; the game card takes whole cents like every other amount on screen. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** A search result as the game card shows it (search results carry the address, not the field's name). */
export function searchResultToSummary(game: GameSearchResult): GameSummary {
  return {
    gameId: game.game_id,
    name: game.name,
    startDate: game.start_date,
    endDate: game.end_date,
    playerCount: game.playerCount,
    sidelineCount: game.sidelineCount,
    maxPlayers: game.max_players,
    field: '',
    subfield: '',
    price: dollarsToCents(game.price),
    organizerUsername: '',
    picture: game.picture || null,
    location: game.location,
  };
}

export type SearchSort = 'date' | 'price' | 'players';

/** Spec §9 search sorts, on the page: soonest first, cheapest first, most players first. */
export function sortSearchResults(games: GameSearchResult[], sort: SearchSort): GameSearchResult[] {
  const byDate = (a: GameSearchResult, b: GameSearchResult) => Date.parse(a.start_date) - Date.parse(b.start_date);
  const compare: Record<SearchSort, (a: GameSearchResult, b: GameSearchResult) => number> = {
    date: byDate,
    price: (a, b) => a.price - b.price || byDate(a, b),
    players: (a, b) => b.playerCount - a.playerCount || byDate(a, b),
  };
  return [...games].sort(compare[sort]);
}
