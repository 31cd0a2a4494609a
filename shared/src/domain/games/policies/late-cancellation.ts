/**
 * Issue #45, fair late cancellations (DESIGN §9): leaving within the organizer's free-cancellation window
 * refunds the entry in full, to the card or as Playtime credit. A later leave keeps the entry (a free
 * rejoin while there is room) unless the place is taken again from the line or the waitlist before the
 * start: then the entry comes back as credit, once (EntryCredited, asked for by the game loop).
 */
import type { GameEvent } from '../events';
import type { GameState, KeptEntry, KnownGame } from '../state-shape';
import { standingEntry } from '../queries';

export type RefundTo = 'card' | 'credit';

/** When free cancellation ends (epoch ms): `hours` before the start; null for a game from before the window. */
export function freeCancellationEnd(start: number, hours: number | null | undefined): number | null {
  return hours === null || hours === undefined ? null : start - hours * 3_600_000;
}

/** Whether a leave at `now` is within free cancellation. */
export function inFreeCancellation(game: Pick<KnownGame, 'details' | 'start'>, now: number): boolean {
  const end = freeCancellationEnd(game.start, game.details.freeCancellationHours);
  return end !== null && now <= end;
}

/** What a leave at `now` refunds: the leaver's charged entry in full within free cancellation, else nothing. */
export function leaveRefundOf(
  game: KnownGame,
  playerId: string,
  now: number,
  refundTo: RefundTo,
): { paymentId: string; to: RefundTo } | undefined {
  const entry = standingEntry(game, playerId);
  // A held authorization is cancelled, not refunded (the holds' part of issue #45).
  if (!entry || entry.held || !inFreeCancellation(game, now)) return undefined;
  return { paymentId: entry.paymentId, to: refundTo };
}

/** The kept entries whose place was taken again and that are not credited yet: the ones to credit now. */
export function entriesToCredit(game: KnownGame): KeptEntry[] {
  return (game.keptEntries ?? []).filter((entry) => entry.refilled);
}

const NONE: KeptEntry[] = [];
const keptOf = (game: KnownGame) => game.keptEntries ?? NONE;

/** Whether this event fills a place from the line (a spot offer taken) or the waitlist (a waitlist offer taken). */
function refillsAPlace(before: KnownGame, event: GameEvent): boolean {
  if (event.type === 'PlayerJoined')
    return before.waitlistOffers.some((offer) => offer.playerId === event.data.playerId);
  if (event.type === 'PlayerMoved')
    return (
      event.data.from === 0 &&
      event.data.to !== 0 &&
      before.spotOffers.some((offer) => offer.playerId === event.data.playerId)
    );
  return false;
}

/** The kept entries after `event`, given the game before it (`after` is what the rest of evolve made of it). */
function keptAfter(before: KnownGame, event: GameEvent, at: number): KeptEntry[] {
  const kept = keptOf(before);
  switch (event.type) {
    case 'PlayerLeft': {
      const entry = standingEntry(before, event.data.playerId);
      if (event.data.refund || !entry || entry.held || at >= before.start) return kept;
      return [...kept, { playerId: entry.playerId, paymentId: entry.paymentId, refilled: false }];
    }
    case 'PlayerJoined':
    case 'PlayerMoved': {
      // The leaver back in their place keeps their entry as a member again.
      const rest = kept.filter((entry) => entry.playerId !== event.data.playerId);
      if (at >= before.start || !refillsAPlace(before, event)) return rest;
      const first = rest.findIndex((entry) => !entry.refilled);
      return first < 0 ? rest : rest.map((entry, index) => (index === first ? { ...entry, refilled: true } : entry));
    }
    case 'EntryCredited':
    case 'PlayerRemoved':
      return kept.filter((entry) => entry.playerId !== event.data.playerId);
    default:
      return kept;
  }
}

/** evolve's part for issue #45: refunds on leaving, the entries kept, their refill and credit. */
export function afterLateCancellation(before: KnownGame, event: GameEvent, after: GameState, at: number): GameState {
  if (after.status === 'none') return after;
  const refundedPaymentId =
    event.type === 'PlayerLeft'
      ? event.data.refund?.paymentId
      : event.type === 'EntryCredited'
        ? event.data.paymentId
        : undefined;
  const keptEntries = keptAfter(before, event, at);
  if (refundedPaymentId === undefined && keptEntries === keptOf(before)) return after;
  return {
    ...after,
    keptEntries,
    paidEntries:
      refundedPaymentId === undefined
        ? after.paidEntries
        : after.paidEntries.map((entry) =>
            entry.paymentId === refundedPaymentId ? { ...entry, refunded: true } : entry,
          ),
  };
}
