import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadGameChat, type GameChatProps } from '../../features/chat';

// The chat's code loads when a game page first shows it to someone who may read it.
const GameChat = lazy(() => loadGameChat().then((module) => ({ default: module.GameChat })));

const gameChat = (viewer: GameChatProps) => (
  <Suspense fallback={null}>
    <GameChat {...viewer} />
  </Suspense>
);

/** Issue #46: the game page with the game's chat composed in (the games feature leaves it a slot). */
export function withGameChat(GamePage: ComponentType<{ chat?: (viewer: GameChatProps) => ReactNode }>) {
  return function GamePageWithChat() {
    return <GamePage chat={gameChat} />;
  };
}
