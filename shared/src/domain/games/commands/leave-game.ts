import { DomainError, type DecisionContext } from '../../decider';
import type { GameEvent } from '../events';
import { member, refuseUnlessOpen } from '../guards';
import { LEAVE_FOR_YOURSELF } from '../messages';
import { secondsOnPitch } from '../rules';
import type { GameState } from '../state';
import type { Command } from './game-command';

export function leaveGame(command: Command<'LeaveGame'>, state: GameState, context: DecisionContext): GameEvent[] {
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
}
