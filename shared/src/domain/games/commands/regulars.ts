import { DomainError } from '../../decider';
import { refuseUnlessOrganizerOfOpenGame } from '../guards';
import { NO_REGULARS } from '../messages';
import { gameHasEnded, NO_SUCH_GAME } from '../rules';
import type { Regular, ScheduledGame } from '../state';
import type { Decide } from './game-command';

function refuseUnlessSeries(game: ScheduledGame): void {
  if (!game.details.series?.previousEndDate) throw new DomainError('invalid', 'no_regulars', NO_REGULARS);
}

export const nameRegulars: Decide<'NameRegulars'> = (command, state, context) => {
  // Booked with last week, but its booking is still being made into it: the job tries again.
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', NO_SUCH_GAME);
  // A cancelled or ended week has no one to let in first.
  if (state.status !== 'scheduled' || gameHasEnded(context.now.getTime(), state.end)) return [];
  refuseUnlessSeries(state);
  // A repeated job names the same players: nothing to change. (Last week's roster is final once it has ended.)
  const ids = (regulars: Regular[]) =>
    regulars
      .map((one) => one.playerId)
      .sort()
      .join(',');
  if (state.namedRegulars !== null && ids(state.namedRegulars) === ids(command.regulars)) return [];
  return [
    {
      type: 'RegularsNamed',
      data: {
        gameId: state.details.gameId,
        fromGameId: command.fromGameId,
        regulars: command.regulars,
        at: context.now.toISOString(),
      },
    },
  ];
};

export const addRegular: Decide<'AddRegular'> = (command, state, context) => {
  const { game, by: addedBy } = refuseUnlessOrganizerOfOpenGame(state, context, command.actorIsAdmin);
  refuseUnlessSeries(game);
  if (game.regulars.some((regular) => regular.playerId === command.playerId)) return [];
  const { playerId, username } = command;
  return [
    {
      type: 'RegularAdded',
      data: { gameId: game.details.gameId, playerId, username, addedBy, at: context.now.toISOString() },
    },
  ];
};

export const removeRegular: Decide<'RemoveRegular'> = (command, state, context) => {
  const { game, by: removedBy } = refuseUnlessOrganizerOfOpenGame(state, context, command.actorIsAdmin);
  if (!game.regulars.some((regular) => regular.playerId === command.playerId)) return [];
  return [
    {
      type: 'RegularRemoved',
      data: { gameId: game.details.gameId, playerId: command.playerId, removedBy, at: context.now.toISOString() },
    },
  ];
};
