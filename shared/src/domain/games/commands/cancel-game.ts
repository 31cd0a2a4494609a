import type { DecisionContext } from '../../decider';
import type { GameEvent } from '../events';
import { refuseUnlessOpen, refuseUnlessOrganizer } from '../guards';
import { cancellation } from '../policies/cancellation';
import { rentalRefundApplies } from '../rules';
import type { GameState } from '../state';
import type { Command } from './game-command';

export function cancelGame(command: Command<'CancelGame'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const cancelledBy = refuseUnlessOrganizer(game, context, command.actorIsAdmin);
  const rentalRefunded = rentalRefundApplies(game.details.startDate, game.details.cancellationWindowHours, context.now);
  return [cancellation(game, context, { cancelledBy, rentalRefunded })];
}
