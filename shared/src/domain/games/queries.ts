/**
 * Read helpers over a game's state: the decisions ask them, and so do the command side, the read side and
 * the pages that fold the same events, so they all count alike.
 */

import type { GameState, KnownGame, Offer, PaidEntry, Participant, Regular, SpotOffer } from './state-shape';
import { secondsOnPitch, gameCapacity } from './rules';
import type { AttendanceStatus } from './attendance-rules';
import { placesOf } from './policies/guests';

/** evolve asks it too, so it is defined beside the state; read it from here like the others. */
export { paymentUsed } from './state-shape';

/** The play time of a participant at a moment: closed intervals plus the running one. */
export function playTimeAt(participant: Participant, at: number, start: number, end: number): number {
  return participant.playedSeconds + secondsOnPitch(participant.onPitchSince, at, start, end);
}

/** The places taken on the pitch: team players and their guests (issue #45). */
export function onPitchCount(participants: Participant[]): number {
  return placesOf(participants.filter((participant) => participant.team !== 0));
}

/** The player's paid entry that is still theirs (not refunded): rejoining with it costs nothing. */
export function standingEntry(game: Pick<KnownGame, 'paidEntries'>, playerId: string): PaidEntry | undefined {
  return game.paidEntries.find((entry) => entry.playerId === playerId && !entry.refunded);
}

/**
 * How many entry payments this player has made for this game. A checkout's idempotency key carries
 * it, so a player who was refunded (removed, then allowed back) can pay again with a new payment.
 */
export function entryPaymentsOf(game: Pick<KnownGame, 'paidEntries' | 'lapsedPayments'>, playerId: string): number {
  // A credit payment that lapsed unused (issue #45) counts too: paying again is a new payment, not the lapsed one.
  const lapsed = (game.lapsedPayments ?? []).filter((entry) => entry.playerId === playerId).length;
  return game.paidEntries.filter((entry) => entry.playerId === playerId).length + lapsed;
}

export const standsAt = (offer: Offer, now: number) => now < Date.parse(offer.expiresAt);

/**
 * Whether the game has no place left for a newcomer and their `guests`: members with their guests
 * (issue #45) and the places offered to the waitlist (each offer its party's: 1 + guests) fill
 * maxPlayers + sidelineSize. `except` is a player whose own offer does not count against them.
 */
export function placesTaken(game: KnownGame, except: string | null = null, guests = 0): boolean {
  const capacity = gameCapacity(game.details);
  if (capacity === null) return false;
  const held = placesOf(game.waitlistOffers.filter((offer) => offer.playerId !== except));
  return placesOf(game.participants) + held + guests >= capacity;
}

/**
 * Whether the entry checkout may take this player's money: always while the game has room, and in a
 * full game only for the holder of a standing waitlist offer, so nobody pays for a place they cannot have.
 */
export function entryCheckoutAllowed(state: GameState, playerId: string, now: Date, guests = 0): boolean {
  if (state.status !== 'scheduled') return false;
  const offer = state.waitlistOffers.find((candidate) => candidate.playerId === playerId);
  if (offer && !standsAt(offer, now.getTime())) return false;
  return !placesTaken(state, offer ? playerId : null, guests);
}

export interface LinePlace {
  playerId: string;
  username: string;
  /** 1 for the first in line. */
  position: number;
  offer: SpotOffer | null;
}

/** The sideline as the line for team spots, first first, with each player's standing offer. */
export function lineOf(state: GameState): LinePlace[] {
  if (state.status === 'none') return [];
  return state.line.map((playerId, index) => ({
    playerId,
    username: state.participants.find((participant) => participant.playerId === playerId)?.username ?? '',
    position: index + 1,
    offer: state.spotOffers.find((offer) => offer.playerId === playerId) ?? null,
  }));
}

export interface WaitlistPlace {
  playerId: string;
  username: string;
  /** Issue #45: the guests they wait with. */
  guests: number;
  position: number;
  offer: Offer | null;
}

/** The waitlist, first first, with each player's standing offer. */
export function waitlistOf(state: GameState): WaitlistPlace[] {
  if (state.status === 'none') return [];
  return state.waitlist.map(({ playerId, username, guests }, index) => ({
    playerId,
    username,
    guests,
    position: index + 1,
    offer: state.waitlistOffers.find((offer) => offer.playerId === playerId) ?? null,
  }));
}

/**
 * The players on a team (1 or 2) of a game: at its end, next week's regulars (issue #30), except those
 * the organizer marked a no-show (issue #44: regulars are those who played).
 */
export const teamPlayersOf = (game: KnownGame): Regular[] =>
  game.participants
    .filter((participant) => participant.team !== 0 && attendanceOf(game, participant.playerId) !== 'no_show')
    .map(({ playerId, username }) => ({ playerId, username }));

/**
 * Issue #44: a member's attendance as it counts: the organizer's mark, else 'present' for a check-in,
 * else none; a mark an admin cleared counts for nothing, check-in or not.
 */
export function attendanceOf(game: Pick<KnownGame, 'checkedIn' | 'marks'>, playerId: string): AttendanceStatus | null {
  const mark = game.marks[playerId];
  if (mark === 'cleared') return null;
  return mark ?? (game.checkedIn.includes(playerId) ? 'present' : null);
}
