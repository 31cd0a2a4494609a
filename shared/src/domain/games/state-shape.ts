/**
 * The shape of what a game's stream says of it: its state's types, apart from how each event changes
 * it (state.ts, `evolve`), so the policies evolve uses and the queries can name them without a circle.
 */

import type { GameDetails, PitchTeam, Team } from './events';
import type { AttendanceStatus } from './attendance-rules';

/** An entry a player kept by leaving late; `refilled` once their place was taken again before the start. */
export interface KeptEntry {
  playerId: string;
  paymentId: string;
  refilled: boolean;
}

/** A series week's regular: one of last week's team players, or one the organizer added. */
export interface Regular {
  playerId: string;
  username: string;
}

export interface Participant {
  playerId: string;
  username: string;
  team: Team;
  /** Seconds played in closed intervals on the pitch. */
  playedSeconds: number;
  /** When the current interval on the pitch began (epoch ms), or null on the sideline. */
  onPitchSince: number | null;
  /** The entry payment that bought this membership; refunded if the game is cancelled. */
  paymentId: string | null;
  /** Issue #45: the guests the player brought: they sit, move and leave with them. */
  guests: number;
  /** The names the host typed for their guests ('' for one not named); may be fewer than `guests`. */
  guestNames: string[];
}

/**
 * An entry fee paid for this game. It stays the player's when they leave (rejoining is free), and is
 * given back in full when the organizer removes them or the game is cancelled (DESIGN §8).
 */
export interface PaidEntry {
  playerId: string;
  paymentId: string;
  /** Given back: refunded, or (issue #45) a hold released uncharged. Either way no longer the player's. */
  refunded: boolean;
  /** Issue #45: only authorized, not charged yet (the game's decision charges it); false once charged. */
  held: boolean;
  /** Issue #45: the guests the payment paid for beside the player (price × (1 + guests)). */
  guests: number;
}

/** A place offered to one player until `expiresAt` (ISO instants, as the events carry them). */
export interface Offer {
  playerId: string;
  offeredAt: string;
  expiresAt: string;
}

/** A spot on `team` that freed in a full game, offered to the first in line. */
export interface SpotOffer extends Offer {
  team: PitchTeam;
}

/** Someone on the waitlist, with the guests they would bring (issue #45: the party waits as one). */
export interface WaitingParty {
  playerId: string;
  username: string;
  guests: number;
  /** The names the host typed for their guests, kept for the join the offer leads to. */
  guestNames: string[];
}

/** Places offered to a waiting party: 1 + `guests` of them, held until `expiresAt`. */
export interface WaitlistOffer extends Offer {
  guests: number;
}

export interface KnownGame {
  details: GameDetails;
  rentalPaymentId: string | null;
  /** This game's own rental: a series' payment pays every week, and a week gives back its own. */
  rentalCents: number;
  start: number;
  end: number;
  participants: Participant[];
  /** Every entry payment ever used here, in order: a payment buys one membership, once. */
  paidEntries: PaidEntry[];
  /** Players the organizer removed and has not allowed back: they cannot join. */
  removed: Array<{ playerId: string; username: string }>;
  /**
   * The sideline as a line for team spots: player ids in the order they came to the sideline (a join, a
   * move or substitution off the pitch, a declined or expired offer all go to the back).
   */
  line: string[];
  /** Standing offers of spots that freed in a full game: each holds its spot for its player. */
  spotOffers: SpotOffer[];
  /** Who wants a place in the full game, in the order they asked. */
  waitlist: WaitingParty[];
  /** Standing offers of places to the waitlist: each holds a place for its player and one per guest. */
  waitlistOffers: WaitlistOffer[];
  /**
   * Team players plus sideline at the minimum-players decision time, once an event at or after it has
   * been recorded (null before, or without a minimum): the check counts them, so nothing that happens
   * after the decision time (a removal, a late join) changes its outcome.
   */
  membersAtDecision: number | null;
  /** A series week's regulars (issue #30): they may join first, during the regulars' window. */
  regulars: Regular[];
  /** Whom the job at last week's end named (null: not yet); the organizer's additions are not among them. */
  namedRegulars: Regular[] | null;
  /** Whether the members were reminded of the start (issue #31): once is enough. */
  reminded: boolean;
  /** Issue #44: who checked in with the organizer's code (a check-in counts as 'present'). */
  checkedIn: string[];
  /** Issue #44: the organizer's marks by player; 'cleared' when an admin took one out of reliability. */
  marks: Record<string, AttendanceStatus | 'cleared'>;
  /** Issue #44: 'Reliable players only': the lowest reliability percent a player needs to join; null: anyone. */
  minReliability: number | null;
  /** Issue #45: entries kept by players who left after free cancellation (absent: none), see policies/late-cancellation.ts. */
  keptEntries?: KeptEntry[];
  /** Issue #45: credit payments that lapsed unused (absent: none): they join nothing, their credit went back. */
  lapsedPayments?: Array<{ playerId: string; paymentId: string }>;
  /** Issue #46: each player's IANA zone as their join said it (absent: never said), for quiet hours. */
  playerTimeZones?: Record<string, string>;
}

export type ScheduledGame = KnownGame & { status: 'scheduled' };

export type GameState = { status: 'none' } | ScheduledGame | (KnownGame & { status: 'cancelled' });

/** A stream with no event yet: no game. */
export const initialState = (): GameState => ({ status: 'none' });

/** Issue #45: whether a credit payment for this game lapsed unused (its credit went back). */
export function paymentLapsed(game: Pick<KnownGame, 'lapsedPayments'>, paymentId: string): boolean {
  return (game.lapsedPayments ?? []).some((lapsed) => lapsed.paymentId === paymentId);
}

/** Whether a payment has bought a membership in this game already. */
export function paymentUsed(game: Pick<KnownGame, 'paidEntries'>, paymentId: string): boolean {
  return game.paidEntries.some((entry) => entry.paymentId === paymentId);
}
