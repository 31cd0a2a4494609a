import { DomainError } from '../../decider';
import { member, refuseUnlessOrganizerOfOpenGame } from '../guards';
import { notOnPitch, notOnSideline } from '../messages';
import { secondsOnPitch } from '../rules';
import { noRoom } from '../policies/capacity';
import { noSpotsForParty, partySize } from '../policies/guests';
import type { Decide } from './game-command';

export const switchPlayers: Decide<'SwitchPlayers'> = (command, state, context) => {
  const { game, by: switchedBy } = refuseUnlessOrganizerOfOpenGame(state, context, command.actorIsAdmin);
  const incoming = member(game, command.incomingId);
  const outgoing = member(game, command.outgoingId);
  if (incoming.team !== 0) throw new DomainError('invalid', 'not_on_sideline', notOnSideline(incoming.username));
  if (outgoing.team === 0) throw new DomainError('invalid', 'not_on_pitch', notOnPitch(outgoing.username));
  // Issue #45: each party moves whole; a bigger party coming on needs the difference free on the team and pitch.
  const extra = partySize(incoming) - partySize(outgoing);
  if (extra > 0 && noRoom(game, outgoing.team, true, [], extra))
    throw new DomainError('conflict', 'no_room_for_guests', noSpotsForParty(incoming.username, incoming.guests));
  const outgoingPlayedSeconds = secondsOnPitch(outgoing.onPitchSince, context.now.getTime(), game.start, game.end);
  return [
    {
      type: 'PlayersSwitched',
      data: {
        gameId: game.details.gameId,
        incomingId: incoming.playerId,
        outgoingId: outgoing.playerId,
        team: outgoing.team,
        switchedBy,
        at: context.now.toISOString(),
        outgoingPlayedSeconds,
      },
    },
  ];
};
