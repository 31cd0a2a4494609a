import { refuseUnlessOrganizerOfOpenGame } from '../guards';
import type { Decide } from './game-command';

export const allowPlayerBack: Decide<'AllowPlayerBack'> = (command, state, context) => {
  const { game, by: allowedBy } = refuseUnlessOrganizerOfOpenGame(state, context, command.actorIsAdmin);
  if (!game.removed.some((removed) => removed.playerId === command.playerId)) return [];
  return [
    {
      type: 'PlayerAllowedBack',
      data: { gameId: game.details.gameId, playerId: command.playerId, allowedBy, at: context.now.toISOString() },
    },
  ];
};
