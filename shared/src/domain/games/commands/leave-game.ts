import { DomainError } from '../../decider';
import { member, refuseUnlessOpen } from '../guards';
import { LEAVE_FOR_YOURSELF } from '../messages';
import { secondsOnPitch } from '../rules';
import type { Decide } from './game-command';

export const leaveGame: Decide<'LeaveGame'> = (command, state, context) => {
  const game = refuseUnlessOpen(state, context.now);
  if (context.actorId !== command.playerId)
    throw new DomainError('forbidden', 'leave_for_yourself', LEAVE_FOR_YOURSELF);
  const leaver = member(game, command.playerId);
  const playedSeconds = secondsOnPitch(leaver.onPitchSince, context.now.getTime(), game.start, game.end);
  return [
    {
      type: 'PlayerLeft',
      data: { gameId: game.details.gameId, playerId: leaver.playerId, at: context.now.toISOString(), playedSeconds },
    },
  ];
};
