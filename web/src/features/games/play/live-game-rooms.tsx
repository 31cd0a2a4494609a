import { rooms } from '@playtime/shared/contract/rooms';
import { useLiveRoom } from '../../../hooks/use-live-room';
import { playKeys } from '../api/query-keys';

const SEARCH_KEYS = [playKeys.searches];

function LiveGameRoom({ gameId }: { gameId: string }) {
  useLiveRoom(rooms.game(gameId), SEARCH_KEYS);
  return null;
}

/** Follows the listed games' rooms, so the cards' player counts change while the page is open. */
export function LiveGameRooms({ gameIds }: { gameIds: string[] }) {
  return gameIds.map((gameId) => <LiveGameRoom key={gameId} gameId={gameId} />);
}
