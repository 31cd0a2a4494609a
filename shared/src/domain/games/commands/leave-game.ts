import { DomainError } from '../../decider';
import { member, refuseUnlessOpen } from '../guards';
import { LEAVE_FOR_YOURSELF } from '../messages';
import { secondsOnPitch } from '../rules';
import type { Decide } from './game-command';
import { releaseHoldOfLeaver } from '../policies/held-entries';

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
    // Issue #45: an entry only authorized is released at once, uncharged.
    ...releaseHoldOfLeaver(game, leaver.playerId, context.now.toISOString()),
  ];
};
