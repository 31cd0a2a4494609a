import type { GameEvent, PlayerRemovalReason } from '../events';

/** What the game knows of a player whose account is being deleted. */
export interface WithdrawnPlayer {
  gameId: string;
  playerId: string;
  /** On the roster now: their name and the seconds their running interval on the pitch adds. */
  member: { username: string; playedSeconds: number } | null;
  /** The entry they still hold (a member's, or a leaver's kept for a free rejoin): refunded in full. */
  standingPaymentId: string | null;
  onWaitlist: boolean;
}

/**
 * A deleted account leaves a game it is in (issue #41): off the roster and the waitlist, its held
 * entry refunded in full, as if the organizer had removed it but without keeping it out (there is no
 * one to allow back). A game it holds nothing in changes nothing.
 */
export function playerWithdrawalEvents(
  player: WithdrawnPlayer,
  decided: { removedBy: string; at: string; reason: PlayerRemovalReason },
): GameEvent[] {
  const { gameId, playerId, member, standingPaymentId } = player;
  const events: GameEvent[] = [];
  if (member || standingPaymentId)
    events.push({
      type: 'PlayerRemoved',
      data: {
        gameId,
        playerId,
        username: member?.username ?? '',
        removedBy: decided.removedBy,
        at: decided.at,
        playedSeconds: member?.playedSeconds ?? 0,
        refundedPaymentId: standingPaymentId,
        reason: decided.reason,
      },
    });
  if (player.onWaitlist) events.push({ type: 'WaitlistLeft', data: { gameId, playerId, at: decided.at } });
  return events;
}
