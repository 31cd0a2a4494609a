import { member, refuseUnlessOrganizerOfOpenGame } from '../guards';
import { standingEntry } from '../queries';
import { secondsOnPitch } from '../rules';
import type { Decide } from './game-command';

export const removePlayer: Decide<'RemovePlayer'> = (command, state, context) => {
  const { game, by: removedBy } = refuseUnlessOrganizerOfOpenGame(state, context, command.actorIsAdmin);
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
};
