/** What a game's stream says of it, and how each event changes that (`evolve`). */

import { unknownType } from '../decider';
import type { GameDetails, GameEvent, PitchTeam, Team } from './events';
import { minimumDecisionAt } from './rules';
import type { AttendanceStatus } from './attendance-rules';
import { placesOf } from './policies/guests';

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
  refunded: boolean;
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
  waitlist: Array<{ playerId: string; username: string }>;
  /** Standing offers of places to the waitlist: each holds a place for its player. */
  waitlistOffers: Offer[];
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
}

export type ScheduledGame = KnownGame & { status: 'scheduled' };

export type GameState = { status: 'none' } | ScheduledGame | (KnownGame & { status: 'cancelled' });

/** A stream with no event yet: no game. */
export const initialState = (): GameState => ({ status: 'none' });

/** Whether a payment has bought a membership in this game already. */
export function paymentUsed(game: Pick<KnownGame, 'paidEntries'>, paymentId: string): boolean {
  return game.paidEntries.some((entry) => entry.paymentId === paymentId);
}

const withParticipant = (
  game: ScheduledGame,
  playerId: string,
  change: (participant: Participant) => Participant | null,
): ScheduledGame => ({
  ...game,
  participants: game.participants.flatMap((participant) => {
    if (participant.playerId !== playerId) return [participant];
    const changed = change(participant);
    return changed ? [changed] : [];
  }),
});

/** A participant's interval closed at `at` with the seconds the event recorded. */
const closedAt = (participant: Participant, playedSeconds: number): Participant => ({
  ...participant,
  playedSeconds: participant.playedSeconds + playedSeconds,
  onPitchSince: null,
});

/** The game with `playerId` out of the line (and their spot offer gone), then back at its end when `toBack`. */
function inLine<Game extends KnownGame>(game: Game, playerId: string, toBack: boolean): Game {
  const line = game.line.filter((id) => id !== playerId);
  return {
    ...game,
    line: toBack ? [...line, playerId] : line,
    spotOffers: game.spotOffers.filter((offer) => offer.playerId !== playerId),
  };
}

/** The game with `playerId` off the waitlist, their offer gone. */
function offWaitlist<Game extends KnownGame>(game: Game, playerId: string): Game {
  return {
    ...game,
    waitlist: game.waitlist.filter((waiting) => waiting.playerId !== playerId),
    waitlistOffers: game.waitlistOffers.filter((offer) => offer.playerId !== playerId),
  };
}

export function evolve(state: GameState, event: GameEvent): GameState {
  if (event.type === 'GameScheduled') {
    const { rentalPaymentId, rentalCents, ...details } = event.data;
    return {
      status: 'scheduled',
      details,
      rentalPaymentId,
      rentalCents,
      start: Date.parse(details.startDate),
      end: Date.parse(details.endDate),
      participants: [],
      paidEntries: [],
      removed: [],
      line: [],
      spotOffers: [],
      waitlist: [],
      waitlistOffers: [],
      membersAtDecision: null,
      regulars: [],
      namedRegulars: null,
      reminded: false,
      checkedIn: [],
      marks: {},
      minReliability: null,
    };
  }
  if (state.status === 'none') return state;
  const at = Date.parse(event.data.at);
  return evolveKnown(withMembersAtDecision(state, at), event, at);
}

/** Records the count of members as the first event at or after the decision time finds it. */
function withMembersAtDecision<Game extends KnownGame>(game: Game, at: number): Game {
  const decisionAt = minimumDecisionAt(game.details);
  if (game.membersAtDecision !== null || decisionAt === null || at < decisionAt.getTime()) return game;
  // Guests count: a host with two guests is three players (issue #45).
  return { ...game, membersAtDecision: placesOf(game.participants) };
}

function evolveKnown(state: Exclude<GameState, { status: 'none' }>, event: GameEvent, at: number): GameState {
  switch (event.type) {
    case 'GameScheduled':
      return state;
    case 'PlayerJoined': {
      const { playerId, username, paymentId, guests, guestNames } = event.data;
      const joined: Participant = {
        ...{ playerId, username, team: 0, playedSeconds: 0, onPitchSince: null, paymentId },
        ...{ guests, guestNames },
      };
      // A rejoin comes back with the entry the player holds already: it is not a new payment.
      const newPayment = paymentId !== null && !paymentUsed(state, paymentId);
      // A joiner starts on the sideline, at the back of the line; a waitlisted joiner leaves the waitlist.
      return inLine(
        offWaitlist(
          {
            ...state,
            participants: [...state.participants, joined],
            paidEntries: newPayment
              ? [...state.paidEntries, { playerId, paymentId, refunded: false, guests }]
              : state.paidEntries,
          },
          playerId,
        ),
        playerId,
        true,
      );
    }
    case 'PlayerMoved': {
      const { to, from, playedSeconds } = event.data;
      const moved = withParticipant(state as ScheduledGame, event.data.playerId, (participant) => {
        const closed = closedAt(participant, playedSeconds);
        return { ...closed, team: to, onPitchSince: to === 0 ? null : (participant.onPitchSince ?? at) };
      });
      // Onto the sideline: the back of the line. Off it: out of the line, any offer taken or given up.
      if (to === 0) return from === 0 ? moved : inLine(moved, event.data.playerId, true);
      return from === 0 ? inLine(moved, event.data.playerId, false) : moved;
    }
    case 'PlayersSwitched': {
      const { incomingId, outgoingId, team, outgoingPlayedSeconds } = event.data;
      const swapped = withParticipant(state as ScheduledGame, outgoingId, (participant) => ({
        ...closedAt(participant, outgoingPlayedSeconds),
        team: 0,
      }));
      const switched = withParticipant(swapped, incomingId, (participant) => ({
        ...participant,
        team,
        onPitchSince: at,
      }));
      return inLine(inLine(switched, incomingId, false), outgoingId, true);
    }
    case 'PlayerLeft':
      return inLine(
        withParticipant(state as ScheduledGame, event.data.playerId, () => null),
        event.data.playerId,
        false,
      );
    case 'PlayerRemoved': {
      const { playerId, username, refundedPaymentId } = event.data;
      const gone = inLine(
        withParticipant(state as ScheduledGame, playerId, () => null),
        playerId,
        false,
      );
      // A deleted account's withdrawal keeps nobody out: only the organizer's removal does.
      const keptOut = event.data.reason === undefined;
      return {
        ...gone,
        removed: keptOut
          ? [...gone.removed.filter((removed) => removed.playerId !== playerId), { playerId, username }]
          : gone.removed,
        paidEntries: gone.paidEntries.map((entry) =>
          entry.paymentId === refundedPaymentId ? { ...entry, refunded: true } : entry,
        ),
      };
    }
    case 'PlayerAllowedBack':
      return { ...state, removed: state.removed.filter((removed) => removed.playerId !== event.data.playerId) };
    case 'GameCancelled':
      return { ...state, status: 'cancelled' };
    case 'SpotOffered': {
      const { playerId, team, at: offeredAt, expiresAt } = event.data;
      return { ...state, spotOffers: [...state.spotOffers, { playerId, team, offeredAt, expiresAt }] };
    }
    case 'SpotDeclined':
    case 'SpotOfferExpired':
      return inLine(state, event.data.playerId, true);
    case 'WaitlistJoined': {
      const { playerId, username } = event.data;
      return { ...state, waitlist: [...state.waitlist, { playerId, username }] };
    }
    case 'WaitlistLeft':
    case 'WaitlistOfferExpired':
      return offWaitlist(state, event.data.playerId);
    case 'WaitlistOffered': {
      const { playerId, at: offeredAt, expiresAt } = event.data;
      return { ...state, waitlistOffers: [...state.waitlistOffers, { playerId, offeredAt, expiresAt }] };
    }
    case 'RegularsNamed': {
      // Named again, the new names replace the last ones; those the organizer added stay.
      const named = event.data.regulars;
      const kept = state.regulars.filter((one) => !state.namedRegulars?.some((last) => last.playerId === one.playerId));
      const added = named.filter((one) => !kept.some((regular) => regular.playerId === one.playerId));
      return { ...state, regulars: [...kept, ...added], namedRegulars: named };
    }
    case 'RegularAdded': {
      const { playerId, username } = event.data;
      return { ...state, regulars: [...state.regulars, { playerId, username }] };
    }
    case 'RegularRemoved':
      return { ...state, regulars: state.regulars.filter((one) => one.playerId !== event.data.playerId) };
    case 'PlayersReminded':
      return { ...state, reminded: true };
    case 'PlayerCheckedIn':
      return { ...state, checkedIn: [...state.checkedIn, event.data.playerId] };
    case 'AttendanceMarked':
      return { ...state, marks: { ...state.marks, [event.data.playerId]: event.data.status } };
    case 'AttendanceMarkCleared':
      return { ...state, marks: { ...state.marks, [event.data.playerId]: 'cleared' } };
    case 'MinReliabilitySet':
      return { ...state, minReliability: event.data.minReliability };
    default:
      return unknownType(event);
  }
}
