import { DomainError } from '../../decider';
import { CHECK_IN_CLOSED, CHECK_IN_NOT_A_MEMBER, CHECK_IN_NOT_OPEN, checkInTimesOf } from '../attendance-rules';
import { acceptedCheckInWindow } from '../policies/check-in-code';
import type { Decide } from './game-command';
import { refuseOutside, refuseUnlessHeld } from './attendance-guards';

/**
 * Issue #44: a member checks in at the field with the code the organizer shows, from 30 minutes before
 * the start until the end. Once is enough: checking in again changes nothing.
 */
export const checkIn: Decide<'CheckIn'> = (command, state, context) => {
  const game = refuseUnlessHeld(state);
  const now = context.now.getTime();
  const times = checkInTimesOf(game.start, game.end);
  refuseOutside(
    now,
    { opensAt: times.opensAt, closesAt: times.closesAt },
    { code: 'check_in_not_open', message: CHECK_IN_NOT_OPEN },
    { code: 'check_in_closed', message: CHECK_IN_CLOSED },
  );
  const playerId = context.actorId;
  if (playerId === null || !game.participants.some((participant) => participant.playerId === playerId))
    throw new DomainError('forbidden', 'not_a_player', CHECK_IN_NOT_A_MEMBER);
  const window = acceptedCheckInWindow(command.code, game.details.gameId, command.codeOf, now);
  if (game.checkedIn.includes(playerId)) return [];
  return [
    {
      type: 'PlayerCheckedIn',
      data: { gameId: game.details.gameId, playerId, window, at: context.now.toISOString() },
    },
  ];
};
