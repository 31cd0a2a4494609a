import type { DecisionContext } from '../../decider';
import type { GameEvent } from '../events';
import { entriesToCredit } from '../policies/late-cancellation';
import { evolve, type GameState } from '../state';

/**
 * Issue #45: after a decision that took a place from the line or the waitlist, every entry kept by a
 * late leaver whose place that was comes back as credit, in the same append (so once, under any
 * concurrency); the game loop's credit policy then grants it (game-loop/credit).
 */
export function entriesCreditedAfter(state: GameState, decided: GameEvent[], context: DecisionContext): GameEvent[] {
  if (!decided.some((event) => event.type === 'PlayerJoined' || event.type === 'PlayerMoved')) return [];
  const after = decided.reduce(evolve, state);
  if (after.status !== 'scheduled') return [];
  const at = context.now.toISOString();
  return entriesToCredit(after).map(({ playerId, paymentId }) => ({
    type: 'EntryCredited' as const,
    data: { gameId: after.details.gameId, playerId, paymentId, at },
  }));
}
