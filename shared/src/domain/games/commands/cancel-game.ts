import { refuseUnlessOrganizerOfOpenGame } from '../guards';
import { cancellation } from '../policies/cancellation';
import { rentalRefundApplies } from '../rules';
import type { Decide } from './game-command';

export const cancelGame: Decide<'CancelGame'> = (command, state, context) => {
  const { game, by: cancelledBy } = refuseUnlessOrganizerOfOpenGame(state, context, command.actorIsAdmin);
  const rentalRefunded = rentalRefundApplies(game.details.startDate, game.details.cancellationWindowHours, context.now);
  return [cancellation(game, context, { cancelledBy, rentalRefunded })];
};
