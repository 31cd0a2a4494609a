import type { DecisionContext } from '../../decider';
import type { GameEvent } from '../events';
import { member, refuseUnlessOpen, refuseUnlessOrganizer } from '../guards';
import { standingEntry } from '../queries';
import { secondsOnPitch } from '../rules';
import type { GameState } from '../state';
import type { Command } from './game-command';

export function removePlayer(
  command: Command<'RemovePlayer'>,
  state: GameState,
  context: DecisionContext,
): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const removedBy = refuseUnlessOrganizer(game, context, command.actorIsAdmin);
  const removed = member(game, command.playerId);
  const playedSeconds = secondsOnPitch(removed.onPitchSince, context.now.getTime(), game.start, game.end);
  // The organizer's decision, not the player's: their entry goes back in full, once.
  const refundedPaymentId = standingEntry(game, removed.playerId)?.paymentId ?? null;
  return [
    {
      type: 'PlayerRemoved',
      data: {
        gameId: game.details.gameId,
        playerId: removed.playerId,
        username: removed.username,
        removedBy,
        at: context.now.toISOString(),
        playedSeconds,
        refundedPaymentId,
      },
    },
  ];
}
