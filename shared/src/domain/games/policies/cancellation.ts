import type { DecisionContext } from '../../decider';
import type { GameCancellationReason, GameEvent } from '../events';
import type { KnownGame } from '../state';

/**
 * Every paid entry still the player's, refunded in full when the game is cancelled: members' and
 * leavers' alike; one only authorized (issue #45) is released instead, never refunded.
 */
function entryRefundsOf(game: KnownGame, held: boolean): Array<{ playerId: string; paymentId: string }> {
  return game.paidEntries
    .filter((entry) => !entry.refunded && Boolean(entry.held) === held)
    .map(({ playerId, paymentId }) => ({ playerId, paymentId }));
}

/**
 * The cancellation of a known game: its slot given back, every paid entry still held refunded, the
 * rental as decided. `reason` is absent when the organizer or an admin chose it.
 */
export function cancellation(
  game: KnownGame,
  context: DecisionContext,
  decided: { cancelledBy: string; rentalRefunded: boolean; reason?: GameCancellationReason },
): GameEvent {
  const { gameId, subFieldId, fieldId, ownerId, subFieldName } = game.details;
  const released = entryRefundsOf(game, true);
  return {
    type: 'GameCancelled',
    data: {
      gameId,
      cancelledBy: decided.cancelledBy,
      at: context.now.toISOString(),
      subFieldId,
      fieldId,
      ownerId,
      subFieldName,
      rentalRefunded: decided.rentalRefunded,
      rentalPaymentId: game.rentalPaymentId,
      rentalRefundCents: game.details.series ? game.rentalCents : null,
      entryRefunds: entryRefundsOf(game, false),
      ...(released.length > 0 ? { releasedEntries: released } : {}),
      ...(decided.reason ? { reason: decided.reason } : {}),
    },
  };
}
