import { SimpleGrid } from '@mantine/core';
import type { GameSearchResult } from '@playtime/shared/contract/games';
import { GameCard } from '../../../components/game-card';
import { searchResultToSummary } from './game-summaries';
import { LiveGameRooms } from './live-game-rooms';

/** The games found, as cards, followed live. Loaded once a search starts: the empty page shows none. */
export function SearchResults({ games }: { games: GameSearchResult[] }) {
  return (
    <>
      <LiveGameRooms gameIds={games.map((game) => game.game_id)} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" aria-label="Search results">
        {games.map((game) => (
          <GameCard key={game.game_id} game={searchResultToSummary(game)} />
        ))}
      </SimpleGrid>
    </>
  );
}
