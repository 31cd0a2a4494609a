/** What a game's stream says of it, and how each event changes that (`evolve`). */

import { unknownType } from '../decider';
import type { GameEvent } from './events';
import { minimumDecisionAt } from './rules';
import { afterLateCancellation } from './policies/late-cancellation';
import {
  paymentUsed,
  type GameState,
  type KnownGame,
  type PaidEntry,
  type Participant,
  type ScheduledGame,
} from './state-shape';
import { placesOf } from './policies/guests';

export * from './state-shape';

/** The game with `playerId`'s zone kept, when the event says one. */
function withTimeZone<Game extends KnownGame>(game: Game, playerId: string, timeZone: string | undefined): Game {
  if (!timeZone) return game;
  return { ...game, playerTimeZones: { ...game.playerTimeZones, [playerId]: timeZone } };
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

/** Issue #45: held entries charged (no longer held) or released (given back uncharged). */
function settled(entries: PaidEntry[], paymentIds: string[], how: 'charged' | 'released'): PaidEntry[] {
  return entries.map((entry) =>
    paymentIds.includes(entry.paymentId)
      ? { ...entry, held: false, refunded: how === 'released' ? true : entry.refunded }
      : entry,
  );
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
  const before = withMembersAtDecision(state, at);
  return afterLateCancellation(before, event, evolveKnown(before, event, at), at);
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
      const { playerId, username, paymentId, guests, guestNames, held = false } = event.data;
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
            ...withTimeZone(state, playerId, event.data.timeZone),
            participants: [...state.participants, joined],
            paidEntries: newPayment
              ? [...state.paidEntries, { playerId, paymentId, refunded: false, held, guests }]
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
    case 'GameCancelled': {
      const released = (event.data.releasedEntries ?? []).map((entry) => entry.paymentId);
      return { ...state, status: 'cancelled', paidEntries: settled(state.paidEntries, released, 'released') };
    }
    case 'HeldEntriesCharged':
      return {
        ...state,
        paidEntries: settled(
          state.paidEntries,
          event.data.entries.map((entry) => entry.paymentId),
          'charged',
        ),
      };
    case 'EntryHoldReleased':
      return { ...state, paidEntries: settled(state.paidEntries, [event.data.paymentId], 'released') };
    case 'SpotOffered': {
      const { playerId, team, at: offeredAt, expiresAt } = event.data;
      return { ...state, spotOffers: [...state.spotOffers, { playerId, team, offeredAt, expiresAt }] };
    }
    case 'SpotDeclined':
    case 'SpotOfferExpired':
      return inLine(state, event.data.playerId, true);
    case 'WaitlistJoined': {
      const { playerId, username, timeZone, guests = 0, guestNames = [] } = event.data;
      const waiting = { playerId, username, guests, guestNames };
      return { ...withTimeZone(state, playerId, timeZone), waitlist: [...state.waitlist, waiting] };
    }
    case 'WaitlistLeft':
    case 'WaitlistOfferExpired':
      return offWaitlist(state, event.data.playerId);
    case 'WaitlistOffered': {
      const { playerId, at: offeredAt, expiresAt, guests = 0 } = event.data;
      return { ...state, waitlistOffers: [...state.waitlistOffers, { playerId, offeredAt, expiresAt, guests }] };
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
    case 'EntryCredited':
      return state; // policies/late-cancellation.ts
    case 'EntryPaymentLapsed': {
      const { playerId, paymentId } = event.data;
      return { ...state, lapsedPayments: [...(state.lapsedPayments ?? []), { playerId, paymentId }] };
    }

    default:
      return unknownType(event);
  }
}
