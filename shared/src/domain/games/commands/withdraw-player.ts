import { DomainError } from '../../decider';
import { playerWithdrawalEvents } from '../policies/player-withdrawal';
import { standingEntry } from '../queries';
import { gameHasEnded, NO_SUCH_GAME, secondsOnPitch } from '../rules';
import type { Decide } from './game-command';

/** A deleted player leaves a game not yet over or cancelled (issue #41): see policies/player-withdrawal.ts. */
export const withdrawPlayer: Decide<'WithdrawPlayer'> = (command, state, context) => {
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', NO_SUCH_GAME);
  const now = context.now.getTime();
  if (state.status === 'cancelled' || gameHasEnded(now, state.end)) return [];
  const { playerId } = command;
  const member = state.participants.find((participant) => participant.playerId === playerId);
  return playerWithdrawalEvents(
    {
      gameId: state.details.gameId,
      playerId,
      member: member
        ? {
            username: member.username,
            playedSeconds: secondsOnPitch(member.onPitchSince, now, state.start, state.end),
          }
        : null,
      standingPaymentId: standingEntry(state, playerId)?.paymentId ?? null,
      onWaitlist: state.waitlist.some((waiting) => waiting.playerId === playerId),
    },
    { removedBy: context.actorId ?? 'system', at: context.now.toISOString(), reason: command.reason },
  );
};
