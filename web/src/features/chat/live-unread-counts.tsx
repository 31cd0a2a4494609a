import { rooms } from '@playtime/shared/contract/rooms';
import { useLiveRoom } from '../../hooks/use-live-room';
import { chatKeys } from './api/chat';

const UNREAD_KEYS = [chatKeys.unread];

function LiveChatRoom({ gameId }: { gameId: string }) {
  useLiveRoom(rooms.chat(gameId), UNREAD_KEYS);
  return null;
}

/**
 * Keeps the unread counts live (issue #46): follows the chat rooms of the games the counts name as
 * followed, and the user's own room, whose changes (a game joined or left) change which chats count.
 */
export function LiveUnreadCounts({ userId, gameIds }: { userId: string; gameIds: readonly string[] }) {
  useLiveRoom(rooms.user(userId), UNREAD_KEYS);
  return gameIds.map((gameId) => <LiveChatRoom key={gameId} gameId={gameId} />);
}
