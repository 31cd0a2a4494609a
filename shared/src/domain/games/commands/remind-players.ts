import type { DecisionContext } from '../../decider';
import type { GameEvent } from '../events';
import { stillScheduled } from '../guards';
import type { GameState } from '../state';

/**
 * Issue #31: the reminder before the start, to whoever is in the game then. A cancelled, ended or
 * started game, or one with nobody in it, reminds nobody; a game is reminded once.
 */
export function remindPlayers(state: GameState, context: DecisionContext): GameEvent[] {
  const game = stillScheduled(state, context);
  if (!game || game.reminded || game.participants.length === 0 || context.now.getTime() >= game.start) return [];
  return [
    {
      type: 'PlayersReminded',
      data: {
        gameId: game.details.gameId,
        at: context.now.toISOString(),
        members: game.participants.map(({ playerId, username, team }) => ({ playerId, username, team })),
      },
    },
  ];
}
