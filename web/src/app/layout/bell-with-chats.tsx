import { lazy, memo } from 'react';
import { CHAT_TEXTS } from '@playtime/shared/contract/chat-texts';
import { LiveUnreadCounts, useUnreadGameMessages } from '../../features/chat';
import { loadNotificationBell } from '../../features/notifications';
import { useCurrentUser } from '../../lib/current-user';

const NotificationBell = lazy(() => loadNotificationBell().then((m) => ({ default: m.NotificationBell })));

/**
 * The header's bell with the unread messages of the user's game chats counted in (issue #46): a line
 * per game leads to its chat, which marks it read. Loaded after login, like the bell; the counts stay
 * live on every page (the game cards read the same counts). Memoised: it has no props, and follows its
 * data itself, so the header rendering again for a new role or the menu leaves it be.
 */
export const BellWithChats = memo(function BellWithChats() {
  const { data: user } = useCurrentUser();
  const unread = useUnreadGameMessages(true);
  const extras = unread.data && {
    unread: unread.data.total,
    entries: unread.data.games.map((game) => ({
      key: game.gameId,
      text: CHAT_TEXTS.unreadIn(game.unread, game.gameName),
      link: `/game-details/${game.gameId}#chat`,
    })),
  };
  return (
    <>
      {user && <LiveUnreadCounts userId={user.userId} gameIds={unread.data?.followed ?? []} />}
      <NotificationBell extras={extras} />
    </>
  );
});
