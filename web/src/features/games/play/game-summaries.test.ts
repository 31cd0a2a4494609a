import type { GameSearchResult } from '@playtime/shared/contract/games';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../../utils/money';
import { searchResultToSummary, sortSearchResults } from './game-summaries';

const result = (id: string, start: string, price: number, playerCount: number): GameSearchResult => ({
  game_id: id,
  name: `Game ${id}`,
  location: '1 Main St, New York, 10001',
  start_date: start,
  end_date: '2026-06-12T00:00:00Z',
  price,
  playerCount,
  sidelineCount: 0,
  max_players: 14,
  picture: '',
  distanceKm: 1,
});

describe('search results on game cards', () => {
  it("turns the API's dollars into the card's cents, so the card shows the real price", () => {
    const summary = searchResultToSummary(result('a', '2026-06-11T10:00:00Z', 12.5, 3));
    expect(summary.price).toBe(1250);
    expect(formatPrice(summary.price)).toBe('$12.50');
    expect(formatPrice(searchResultToSummary(result('b', '2026-06-11T10:00:00Z', 0, 0)).price)).toBe('Free');
    expect(summary).toMatchObject({
      gameId: 'a',
      maxPlayers: 14,
      location: '1 Main St, New York, 10001',
      picture: null,
    });
  });

  it('sorts by date, price or players', () => {
    const games = [
      result('late', '2026-06-11T12:00:00Z', 5, 1),
      result('early', '2026-06-11T09:00:00Z', 10, 8),
      result('mid', '2026-06-11T10:00:00Z', 0, 4),
    ];
    expect(sortSearchResults(games, 'date').map((g) => g.game_id)).toEqual(['early', 'mid', 'late']);
    expect(sortSearchResults(games, 'price').map((g) => g.game_id)).toEqual(['mid', 'late', 'early']);
    expect(sortSearchResults(games, 'players').map((g) => g.game_id)).toEqual(['early', 'mid', 'late']);
  });
});
