import type { DecisionContext } from '../../decider';
import type { GameEvent } from '../events';
import { refuseUnlessOpen, refuseUnlessOrganizer } from '../guards';
import type { GameState } from '../state';
import type { Command } from './game-command';

export function allowPlayerBack(
  command: Command<'AllowPlayerBack'>,
  state: GameState,
  context: DecisionContext,
): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const allowedBy = refuseUnlessOrganizer(game, context, command.actorIsAdmin);
  if (!game.removed.some((removed) => removed.playerId === command.playerId)) return [];
  return [
    {
      type: 'PlayerAllowedBack',
      data: { gameId: game.details.gameId, playerId: command.playerId, allowedBy, at: context.now.toISOString() },
    },
  ];
}
