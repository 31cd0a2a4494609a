import { DomainError, type DecisionContext } from '../../decider';
import type { GameEvent } from '../events';
import { stillScheduled } from '../guards';
import { DECISION_TIME_NOT_REACHED } from '../messages';
import { cancellation } from '../policies/cancellation';
import { chargeHeldEntries } from '../policies/held-entries';
import { minimumDecisionAt, rentalRefundApplies } from '../rules';
import type { GameState } from '../state';
import { placesOf } from '../policies/guests';

/**
 * The decision-time check: a game with fewer team players plus sideline than its minimum cancels
 * itself, every entry refunded in full (or, held, released) and the rental as the field's window says of a captain who
 * cancelled at the decision time. It counts the members as they were at the decision time, so a late
 * run, a run again, or a removal or cancellation after that time changes nothing.
 */
export function checkMinimumPlayers(state: GameState, context: DecisionContext): GameEvent[] {
  const game = stillScheduled(state, context);
  const decisionAt = game && minimumDecisionAt(game.details);
  if (!game || !decisionAt || game.details.minPlayers === null) return [];
  if (context.now.getTime() < decisionAt.getTime()) {
    throw new DomainError('conflict', 'decision_time_not_reached', DECISION_TIME_NOT_REACHED);
  }
  // Guests count (issue #45): a host with two guests is three players.
  const members = game.membersAtDecision ?? placesOf(game.participants);
  // The game is on: the entries only authorized until now are charged (issue #45).
  if (members >= game.details.minPlayers) return chargeHeldEntries(game, context.now.toISOString());
  const { startDate, cancellationWindowHours } = game.details;
  return [
    cancellation(game, context, {
      cancelledBy: context.actorId ?? 'system',
      // As if the organizer had cancelled at the decision time, however late the check runs.
      rentalRefunded: rentalRefundApplies(startDate, cancellationWindowHours, decisionAt),
      reason: 'too_few_players',
    }),
  ];
}
