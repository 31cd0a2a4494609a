import { DomainError, type DecisionContext } from '../../decider';
import type { GameEvent, GameWithdrawalReason } from '../events';
import { cancellation } from '../policies/cancellation';
import { gameHasEnded, NO_SUCH_GAME } from '../rules';
import type { GameState } from '../state';

/**
 * A game whose organizer's or field owner's account was deleted: cancelled with everything paid coming
 * back, the rental too whatever the window, since neither the organizer nor the players chose this. A game
 * already cancelled or over is left as it is, so the deletion's job may run again.
 */
export function withdrawGame(state: GameState, reason: GameWithdrawalReason, context: DecisionContext): GameEvent[] {
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', NO_SUCH_GAME);
  if (state.status === 'cancelled' || gameHasEnded(context.now.getTime(), state.end)) return [];
  return [cancellation(state, context, { cancelledBy: context.actorId ?? 'system', rentalRefunded: true, reason })];
}
