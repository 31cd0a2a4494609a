import { DomainError } from '../../decider';
import { member, refuseUnlessOpen } from '../guards';
import { LEAVE_FOR_YOURSELF } from '../messages';
import { secondsOnPitch } from '../rules';
import { leaveRefundOf } from '../policies/late-cancellation';
import type { Decide } from './game-command';
import { releaseHoldOfLeaver } from '../policies/held-entries';

export const leaveGame: Decide<'LeaveGame'> = (command, state, context) => {
  const game = refuseUnlessOpen(state, context.now);
  if (context.actorId !== command.playerId)
    throw new DomainError('forbidden', 'leave_for_yourself', LEAVE_FOR_YOURSELF);
  const leaver = member(game, command.playerId);
  const now = context.now.getTime();
  const playedSeconds = secondsOnPitch(leaver.onPitchSince, now, game.start, game.end);
  // Issue #45: within free cancellation the entry goes back in full, where the player chose.
  const refund = leaveRefundOf(game, leaver.playerId, now, command.refundTo ?? 'card');
  return [
    {
      type: 'PlayerLeft',
      data: {
        gameId: game.details.gameId,
        playerId: leaver.playerId,
        at: context.now.toISOString(),
        playedSeconds,
        ...(refund ? { refund } : {}),
      },
    },
    // Issue #45: an entry only authorized is released at once, uncharged.
    ...releaseHoldOfLeaver(game, leaver.playerId, context.now.toISOString()),
  ];
};
