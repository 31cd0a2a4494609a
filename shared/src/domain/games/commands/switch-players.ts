import { DomainError } from '../../decider';
import { member, refuseUnlessOrganizerOfOpenGame } from '../guards';
import { notOnPitch, notOnSideline } from '../messages';
import { secondsOnPitch } from '../rules';
import type { Decide } from './game-command';

export const switchPlayers: Decide<'SwitchPlayers'> = (command, state, context) => {
  const { game, by: switchedBy } = refuseUnlessOrganizerOfOpenGame(state, context, command.actorIsAdmin);
  const incoming = member(game, command.incomingId);
  const outgoing = member(game, command.outgoingId);
  if (incoming.team !== 0) throw new DomainError('invalid', 'not_on_sideline', notOnSideline(incoming.username));
  if (outgoing.team === 0) throw new DomainError('invalid', 'not_on_pitch', notOnPitch(outgoing.username));
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
