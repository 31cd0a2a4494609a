import { DomainError, unknownType, type CommandOf, type DecisionContext, type Decider } from '../decider';
import type {
  GameCancellationReason,
  GameDetails,
  GameEvent,
  GameWithdrawalReason,
  PitchTeam,
  PlayerRemovalReason,
  Team,
} from './events';
import { gameHasEnded, minimumDecisionAt, NO_SUCH_GAME, offerWindowMs, TEAM_SLOTS, type OfferWindows } from './rules';
import { formatDollars } from '../money';
import { refuseOrganizerOnWaitlist } from './policies/waitlist';
import { regularsOnlyNow, refuseUnlessOpenToJoin } from './policies/regulars-first';
import { playerWithdrawalEvents } from './policies/player-withdrawal';

export { ORGANIZER_NOT_ON_WAITLIST } from './policies/waitlist';
export { regularsFirstUntil, refuseUnlessOpenToJoin, SERIES_WEEK_NOT_OPEN } from './policies/regulars-first';

export const GAME_FULL = 'Game is full. Try joining sideline.';
/** What a removed player reads on the game's page, and the refusal of their join (DESIGN §8). */
export const REMOVED_BY_ORGANIZER = 'The organizer removed you from this game. Your entry fee was refunded.';
export const REMOVED_FROM_FREE_GAME = 'The organizer removed you from this game.';
/** Under the spec's leave confirmation: a paid entry stays the player's for this game (DESIGN §8). */
export const ENTRY_HELD = 'You have paid for this game already: join again without paying.';
export const REJOIN_FOR_FREE =
  'Your entry fee stays yours for this game: you can join again for free while there is room.';
const ONLY_ORGANIZER = 'Only the organizer of this game can do this.';
/** A join that would take the game past maxPlayers + sidelineSize (issue #29). */
export const GAME_FULL_JOIN_WAITLIST = 'This game is full. Join the waitlist to be offered the next place.';
/** A move onto a spot that freed in a full game while it is offered to the first in line. */
export const spotOfferedToOther = (team: PitchTeam) => `The free spot on Team ${team} is offered to the first in line.`;
const OFFER_EXPIRED = 'This offer has expired.';
/** The entry checkout of a full game for someone holding no standing offer of a place (issue #29). */
export const NO_PLACE_TO_PAY_FOR =
  'This game is full: join the waitlist, and pay the entry fee when a place is offered to you.';

/** A payment the command side has verified with the processor: succeeded, for this purpose. */
export interface VerifiedEntryPayment {
  paymentId: string;
  payerId: string;
  amountCents: number;
  gameId: string;
}

/**
 * Commands that can free a place, and so make an offer: the offer windows are settings, passed in by
 * the caller; without them the defaults of rules.ts apply.
 */
interface MayOffer {
  offerWindows?: OfferWindows;
}

export type GameCommand =
  | { type: 'ScheduleGame'; details: GameDetails; rentalPaymentId: string | null; rentalCents: number }
  /** Join-game of spec §7: a newcomer joins (on the sideline, then onto `team` if asked); a member moves to `team`. */
  | ({
      type: 'JoinGame';
      playerId: string;
      username: string;
      team: Team;
      payment: VerifiedEntryPayment | null;
      /** The reader's IANA zone, for the times a refusal names (UTC when absent). */
      timeZone?: string;
    } & MayOffer)
  | ({ type: 'MovePlayer'; playerId: string; to: Team; actorIsAdmin: boolean } & MayOffer)
  | ({ type: 'SwitchPlayers'; incomingId: string; outgoingId: string; actorIsAdmin: boolean } & MayOffer)
  | ({ type: 'LeaveGame'; playerId: string } & MayOffer)
  | ({ type: 'RemovePlayer'; playerId: string; actorIsAdmin: boolean } & MayOffer)
  | { type: 'AllowPlayerBack'; playerId: string; actorIsAdmin: boolean }
  | { type: 'CancelGame'; actorIsAdmin: boolean }
  /** An admin deleted the organizer's or the field owner's account (a job of the deletion, never a person's request). */
  | { type: 'WithdrawGame'; reason: GameWithdrawalReason }
  /** An admin deleted a player's account (a job of the deletion): they leave the game, their entry refunded. */
  | ({ type: 'WithdrawPlayer'; playerId: string; reason: PlayerRemovalReason } & MayOffer)
  /** The first in line takes the spot offered to them. */
  | { type: 'AcceptSpot'; playerId: string }
  /** The first in line turns the offer down: back of the line, and the offer passes on. */
  | ({ type: 'DeclineSpot'; playerId: string } & MayOffer)
  /** The delayed job of a spot offer made at `offeredAt`, at its expiry. */
  | ({ type: 'ExpireSpotOffer'; playerId: string; offeredAt: string } & MayOffer)
  | { type: 'JoinWaitlist'; playerId: string; username: string }
  | ({ type: 'LeaveWaitlist'; playerId: string } & MayOffer)
  /** The delayed job of a waitlist offer made at `offeredAt`, at its expiry. */
  | ({ type: 'ExpireWaitlistOffer'; playerId: string; offeredAt: string } & MayOffer)
  /** The delayed job at the game's decision time (start − decisionHours). */
  | { type: 'CheckMinimumPlayers' }
  /** Issue #30: the job at the end of last week's game names its team players this week's regulars. */
  | { type: 'NameRegulars'; fromGameId: string; regulars: Regular[] }
  | { type: 'AddRegular'; playerId: string; username: string; actorIsAdmin: boolean }
  | { type: 'RemoveRegular'; playerId: string; actorIsAdmin: boolean }
  /** Issue #31: the delayed job a set time before the start reminds the members. */
  | { type: 'RemindPlayers' };

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
}

/**
 * An entry fee paid for this game. It stays the player's when they leave (rejoining is free), and is
 * given back in full when the organizer removes them or the game is cancelled (DESIGN §8).
 */
export interface PaidEntry {
  playerId: string;
  paymentId: string;
  refunded: boolean;
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
}

type ScheduledGame = KnownGame & { status: 'scheduled' };

export type GameState = { status: 'none' } | ScheduledGame | (KnownGame & { status: 'cancelled' });

/**
 * Seconds of [since, at] that fall inside the game's time: play time accrues only while the game is
 * live (DESIGN §4), from server time.
 */
export function secondsOnPitch(since: number | null, at: number, start: number, end: number): number {
  if (since === null) return 0;
  const from = Math.max(since, start);
  const to = Math.min(at, end);
  return to > from ? Math.floor((to - from) / 1000) : 0;
}

/** The play time of a participant at a moment: closed intervals plus the running one. */
export function playTimeAt(participant: Participant, at: number, start: number, end: number): number {
  return participant.playedSeconds + secondsOnPitch(participant.onPitchSince, at, start, end);
}

/**
 * Whether cancelling now gives the organizer's rental back: only at least the game's cancellation window
 * before its start (DESIGN §7). The confirmation dialog asks the same function before the organizer confirms.
 */
export function rentalRefundApplies(startDate: string, cancellationWindowHours: number, now: Date): boolean {
  return now.getTime() <= Date.parse(startDate) - cancellationWindowHours * 3_600_000;
}

export function onPitchCount(participants: Participant[]): number {
  return participants.filter((participant) => participant.team !== 0).length;
}

/** Whether a payment has bought a membership in this game already. */
export function paymentUsed(game: Pick<KnownGame, 'paidEntries'>, paymentId: string): boolean {
  return game.paidEntries.some((entry) => entry.paymentId === paymentId);
}

/** The player's paid entry that is still theirs (not refunded): rejoining with it costs nothing. */
export function standingEntry(game: Pick<KnownGame, 'paidEntries'>, playerId: string): PaidEntry | undefined {
  return game.paidEntries.find((entry) => entry.playerId === playerId && !entry.refunded);
}

/**
 * How many entry payments this player has made for this game. A checkout's idempotency key carries
 * it, so a player who was refunded (removed, then allowed back) can pay again with a new payment.
 */
export function entryPaymentsOf(game: Pick<KnownGame, 'paidEntries'>, playerId: string): number {
  return game.paidEntries.filter((entry) => entry.playerId === playerId).length;
}

/** Every paid entry still held, refunded in full when the game is cancelled: members' and leavers' alike. */
function entryRefundsOf(game: KnownGame): Array<{ playerId: string; paymentId: string }> {
  return game.paidEntries
    .filter((entry) => !entry.refunded)
    .map(({ playerId, paymentId }) => ({ playerId, paymentId }));
}

/** The most team players plus sideline the game takes, or null when its sideline is uncapped. */
export function gameCapacity(details: Pick<GameDetails, 'maxPlayers' | 'sidelineSize'>): number | null {
  return details.sidelineSize === null ? null : details.maxPlayers + details.sidelineSize;
}

const standsAt = (offer: Offer, now: number) => now < Date.parse(offer.expiresAt);

/**
 * Whether the game has no place left for a newcomer: members and the places offered to the waitlist
 * fill maxPlayers + sidelineSize. `except` is a player whose own offer does not count against them.
 */
function placesTaken(game: KnownGame, except: string | null = null): boolean {
  const capacity = gameCapacity(game.details);
  if (capacity === null) return false;
  const held = game.waitlistOffers.filter((offer) => offer.playerId !== except).length;
  return game.participants.length + held >= capacity;
}

/**
 * Whether the entry checkout may take this player's money: always while the game has room, and in a
 * full game only for the holder of a standing waitlist offer, so nobody pays for a place they cannot have.
 */
export function entryCheckoutAllowed(state: GameState, playerId: string, now: Date): boolean {
  if (state.status !== 'scheduled') return false;
  const offer = state.waitlistOffers.find((candidate) => candidate.playerId === playerId);
  if (offer) return standsAt(offer, now.getTime());
  return !placesTaken(state);
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
  position: number;
  offer: Offer | null;
}

/** The waitlist, first first, with each player's standing offer. */
export function waitlistOf(state: GameState): WaitlistPlace[] {
  if (state.status === 'none') return [];
  return state.waitlist.map(({ playerId, username }, index) => ({
    playerId,
    username,
    position: index + 1,
    offer: state.waitlistOffers.find((offer) => offer.playerId === playerId) ?? null,
  }));
}

function refuseUnlessOpen(state: GameState, now: Date): ScheduledGame {
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', NO_SUCH_GAME);
  if (state.status === 'cancelled') throw new DomainError('conflict', 'game_cancelled', 'This game was cancelled.');
  if (gameHasEnded(now.getTime(), state.end)) throw new DomainError('conflict', 'game_ended', 'This game has ended.');
  return state;
}

function refuseUnlessOrganizer(game: ScheduledGame, context: DecisionContext, actorIsAdmin: boolean): string {
  const actor = context.actorId;
  if (actor === null || (actor !== game.details.organizerId && !actorIsAdmin))
    throw new DomainError('forbidden', 'not_organizer', ONLY_ORGANIZER);
  return actor;
}

function member(game: ScheduledGame, playerId: string): Participant {
  const participant = game.participants.find((candidate) => candidate.playerId === playerId);
  if (!participant) throw new DomainError('not_found', 'not_a_player', 'This player is not in the game.');
  return participant;
}

/**
 * Whether a team, or the pitch, has no spot left once the spots offered to the line are counted as
 * taken. `offers` are the offers that hold spots against whoever asks.
 */
function noRoom(game: KnownGame, team: PitchTeam, pitchGrows: boolean, offers: SpotOffer[]): boolean {
  const onTeam = game.participants.filter((participant) => participant.team === team).length;
  const offeredOnTeam = offers.filter((offer) => offer.team === team).length;
  const pitch = onPitchCount(game.participants) + offers.length;
  return onTeam + offeredOnTeam >= TEAM_SLOTS || (pitchGrows && pitch >= game.details.maxPlayers);
}

/**
 * Refuses a move onto a team that has no free slot or a pitch already at the game's maximum, and a move
 * onto a spot offered to someone else. The mover's own standing offer holds its spot for them.
 */
function refuseUnlessRoom(game: ScheduledGame, mover: Participant, team: PitchTeam, now: number): void {
  const pitchGrows = mover.team === 0;
  if (noRoom(game, team, pitchGrows, [])) throw new DomainError('conflict', 'game_full', GAME_FULL);
  const own = game.spotOffers.find((offer) => offer.playerId === mover.playerId);
  const others = game.spotOffers.filter((offer) => offer !== own || !standsAt(offer, now));
  if (!noRoom(game, team, pitchGrows, others)) return;
  if (own && !standsAt(own, now)) throw new DomainError('conflict', 'offer_expired', OFFER_EXPIRED);
  const blocking = others.find((offer) => offer.team === team) ?? others[0]!;
  throw new DomainError('conflict', 'spot_offered', spotOfferedToOther(blocking.team));
}

function refuseBadEntryPayment(game: ScheduledGame, playerId: string, payment: VerifiedEntryPayment | null): void {
  const price = game.details.priceCents;
  if (price === 0) return;
  if (payment === null) {
    throw new DomainError(
      'invalid',
      'payment_required',
      `This game costs ${formatDollars(price)}. Pay the entry fee to join.`,
    );
  }
  if (payment.gameId !== game.details.gameId)
    throw new DomainError('invalid', 'payment_for_another_game', 'This payment was made for another game.');
  if (payment.payerId !== playerId)
    throw new DomainError('forbidden', 'not_your_payment', 'This payment was made by someone else.');
  if (payment.amountCents !== price) {
    throw new DomainError(
      'invalid',
      'payment_amount',
      `This payment does not match the entry fee of ${formatDollars(price)}.`,
    );
  }
}

/** The move of one participant to a team, or nothing when they are there already. */
function moveOnce(
  game: ScheduledGame,
  mover: Participant,
  to: Team,
  movedBy: string,
  now: number,
  at: string,
): GameEvent[] {
  if (mover.team === to) return [];
  if (to !== 0) refuseUnlessRoom(game, mover, to, now);
  // A move between the teams keeps the interval running; only the sideline ends it.
  const playedSeconds = to === 0 ? secondsOnPitch(mover.onPitchSince, now, game.start, game.end) : 0;
  return [
    {
      type: 'PlayerMoved',
      data: { gameId: game.details.gameId, playerId: mover.playerId, from: mover.team, to, movedBy, at, playedSeconds },
    },
  ];
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

function evolve(state: GameState, event: GameEvent): GameState {
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
  return { ...game, membersAtDecision: game.participants.length };
}

function evolveKnown(state: Exclude<GameState, { status: 'none' }>, event: GameEvent, at: number): GameState {
  switch (event.type) {
    case 'GameScheduled':
      return state;
    case 'PlayerJoined': {
      const { playerId, username, paymentId } = event.data;
      const joined: Participant = { playerId, username, team: 0, playedSeconds: 0, onPitchSince: null, paymentId };
      // A rejoin comes back with the entry the player holds already: it is not a new payment.
      const newPayment = paymentId !== null && !paymentUsed(state, paymentId);
      // A joiner starts on the sideline, at the back of the line; a waitlisted joiner leaves the waitlist.
      return inLine(
        offWaitlist(
          {
            ...state,
            participants: [...state.participants, joined],
            paidEntries: newPayment
              ? [...state.paidEntries, { playerId, paymentId, refunded: false }]
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
    default:
      return unknownType(event);
  }
}

type Command<Type extends GameCommand['type']> = CommandOf<GameCommand, Type>;

function scheduleGame(command: Command<'ScheduleGame'>, state: GameState): GameEvent[] {
  // The booking process may schedule a game twice (a webhook and the organizer's own call): once is enough.
  if (state.status !== 'none') return [];
  return [
    {
      type: 'GameScheduled',
      data: { ...command.details, rentalPaymentId: command.rentalPaymentId, rentalCents: command.rentalCents },
    },
  ];
}

function joinGame(command: Command<'JoinGame'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const now = context.now.getTime();
  const at = context.now.toISOString();
  if (context.actorId !== command.playerId)
    throw new DomainError('forbidden', 'join_for_yourself', 'You can only join a game yourself.');
  const current = game.participants.find((participant) => participant.playerId === command.playerId);
  const { payment } = command;
  // Someone else's payment is refused as such before anything is said about it (used or not), so the
  // answer does not depend on whether its webhook has come in yet.
  if (payment && payment.payerId !== command.playerId)
    throw new DomainError('forbidden', 'not_your_payment', 'This payment was made by someone else.');
  if (current && payment) {
    // A join that brings a payment buys a place; it never moves a member. The payment's webhook
    // arriving after the player's own join (or a retried join) finds the place bought already.
    if (current.paymentId === payment.paymentId) return [];
    throw new DomainError('conflict', 'already_joined', 'You are already in this game.');
  }
  if (current) return moveOnce(game, current, command.team, command.playerId, now, at);
  const removal = game.removed.find((removed) => removed.playerId === command.playerId);
  if (removal) {
    const refunded = game.paidEntries.some((entry) => entry.playerId === command.playerId && entry.refunded);
    throw new DomainError(
      'forbidden',
      'removed_by_organizer',
      refunded ? REMOVED_BY_ORGANIZER : REMOVED_FROM_FREE_GAME,
    );
  }
  refuseUnlessOpenToJoin(game, command.playerId, now, command.timeZone);
  refuseUnlessPlaceFor(game, command.playerId, now);
  if (payment && paymentUsed(game, payment.paymentId))
    throw new DomainError('conflict', 'payment_used', 'This payment has already been used to join.');
  // A player who paid, left and comes back rejoins with the entry they hold (DESIGN §8).
  const held = game.details.priceCents > 0 ? standingEntry(game, command.playerId) : undefined;
  if (held && payment) {
    throw new DomainError('conflict', 'entry_held', ENTRY_HELD);
  }
  if (!held) refuseBadEntryPayment(game, command.playerId, payment);
  const paymentId = held ? held.paymentId : game.details.priceCents > 0 ? payment!.paymentId : null;
  const joined: GameEvent = {
    type: 'PlayerJoined',
    data: { gameId: game.details.gameId, playerId: command.playerId, username: command.username, paymentId, at },
  };
  if (command.team === 0) return [joined];
  // The move onto a team is decided on the game as the join leaves it.
  const afterJoin = evolve(game, joined) as ScheduledGame;
  return [joined, ...moveOnce(afterJoin, member(afterJoin, command.playerId), command.team, command.playerId, now, at)];
}

function refuseUnlessSeries(game: ScheduledGame): void {
  if (!game.details.series?.previousEndDate)
    throw new DomainError('invalid', 'no_regulars', "Only a weekly series' later weeks have regulars.");
}

function nameRegulars(command: Command<'NameRegulars'>, state: GameState, context: DecisionContext): GameEvent[] {
  // Booked with last week, but its booking is still being made into it: the job tries again.
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', 'There is no game with this id.');
  // A cancelled or ended week has no one to let in first.
  if (state.status !== 'scheduled' || gameHasEnded(context.now.getTime(), state.end)) return [];
  refuseUnlessSeries(state);
  // A repeated job names the same players: nothing to change. (Last week's roster is final once it has ended.)
  const ids = (regulars: Regular[]) =>
    regulars
      .map((one) => one.playerId)
      .sort()
      .join(',');
  if (state.namedRegulars !== null && ids(state.namedRegulars) === ids(command.regulars)) return [];
  return [
    {
      type: 'RegularsNamed',
      data: {
        gameId: state.details.gameId,
        fromGameId: command.fromGameId,
        regulars: command.regulars,
        at: context.now.toISOString(),
      },
    },
  ];
}

function addRegular(command: Command<'AddRegular'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const addedBy = refuseUnlessOrganizer(game, context, command.actorIsAdmin);
  refuseUnlessSeries(game);
  if (game.regulars.some((regular) => regular.playerId === command.playerId)) return [];
  const { playerId, username } = command;
  return [
    {
      type: 'RegularAdded',
      data: { gameId: game.details.gameId, playerId, username, addedBy, at: context.now.toISOString() },
    },
  ];
}

function removeRegular(command: Command<'RemoveRegular'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const removedBy = refuseUnlessOrganizer(game, context, command.actorIsAdmin);
  if (!game.regulars.some((regular) => regular.playerId === command.playerId)) return [];
  return [
    {
      type: 'RegularRemoved',
      data: { gameId: game.details.gameId, playerId: command.playerId, removedBy, at: context.now.toISOString() },
    },
  ];
}

/** The players on a team (1 or 2) of a game: at its end, next week's regulars (issue #30). */
export const teamPlayersOf = (game: KnownGame): Regular[] =>
  game.participants
    .filter((participant) => participant.team !== 0)
    .map(({ playerId, username }) => ({ playerId, username }));

function movePlayer(command: Command<'MovePlayer'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const mover = member(game, command.playerId);
  if (context.actorId !== command.playerId) refuseUnlessOrganizer(game, context, command.actorIsAdmin);
  return moveOnce(game, mover, command.to, context.actorId!, context.now.getTime(), context.now.toISOString());
}

function switchPlayers(command: Command<'SwitchPlayers'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const switchedBy = refuseUnlessOrganizer(game, context, command.actorIsAdmin);
  const incoming = member(game, command.incomingId);
  const outgoing = member(game, command.outgoingId);
  if (incoming.team !== 0)
    throw new DomainError('invalid', 'not_on_sideline', `${incoming.username} is not on the sideline.`);
  if (outgoing.team === 0)
    throw new DomainError('invalid', 'not_on_pitch', `${outgoing.username} is not on the pitch.`);
  const outgoingPlayedSeconds = secondsOnPitch(outgoing.onPitchSince, context.now.getTime(), game.start, game.end);
  return [
    {
      type: 'PlayersSwitched',
      data: {
        gameId: game.details.gameId,
        incomingId: incoming.playerId,
        outgoingId: outgoing.playerId,
        team: outgoing.team,
        switchedBy,
        at: context.now.toISOString(),
        outgoingPlayedSeconds,
      },
    },
  ];
}

function leaveGame(command: Command<'LeaveGame'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  if (context.actorId !== command.playerId)
    throw new DomainError('forbidden', 'leave_for_yourself', 'You can only leave a game yourself.');
  const leaver = member(game, command.playerId);
  const playedSeconds = secondsOnPitch(leaver.onPitchSince, context.now.getTime(), game.start, game.end);
  return [
    {
      type: 'PlayerLeft',
      data: { gameId: game.details.gameId, playerId: leaver.playerId, at: context.now.toISOString(), playedSeconds },
    },
  ];
}

function removePlayer(command: Command<'RemovePlayer'>, state: GameState, context: DecisionContext): GameEvent[] {
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

function allowPlayerBack(command: Command<'AllowPlayerBack'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const allowedBy = refuseUnlessOrganizer(game, context, command.actorIsAdmin);
  if (!game.removed.some((removed) => removed.playerId === command.playerId)) return [];
  return [
    {
      type: 'PlayerAllowedBack',
      data: { gameId: game.details.gameId, playerId: command.playerId, allowedBy, at: context.now.toISOString() },
    },
  ];
}

/**
 * The cancellation of a known game: its slot given back, every paid entry still held refunded, the
 * rental as decided. `reason` is absent when the organizer or an admin chose it.
 */
function cancellation(
  game: KnownGame,
  context: DecisionContext,
  decided: { cancelledBy: string; rentalRefunded: boolean; reason?: GameCancellationReason },
): GameEvent {
  const { gameId, subFieldId, fieldId, ownerId, subFieldName } = game.details;
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
      entryRefunds: entryRefundsOf(game),
      ...(decided.reason ? { reason: decided.reason } : {}),
    },
  };
}

function cancelGame(command: Command<'CancelGame'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const cancelledBy = refuseUnlessOrganizer(game, context, command.actorIsAdmin);
  const rentalRefunded = rentalRefundApplies(game.details.startDate, game.details.cancellationWindowHours, context.now);
  return [cancellation(game, context, { cancelledBy, rentalRefunded })];
}

/**
 * Refuses a newcomer when members and the places offered to the waitlist fill the game: they join the
 * waitlist instead. The holder of a standing waitlist offer has their place; once it expired, they have not.
 */
function refuseUnlessPlaceFor(game: ScheduledGame, playerId: string, now: number): void {
  const offer = game.waitlistOffers.find((candidate) => candidate.playerId === playerId);
  if (offer && !standsAt(offer, now)) throw new DomainError('conflict', 'offer_expired', OFFER_EXPIRED);
  if (placesTaken(game, offer ? playerId : null))
    throw new DomainError('conflict', 'game_full', GAME_FULL_JOIN_WAITLIST);
}

/** The player's standing spot offer, or a refusal naming why there is none to answer. */
function spotOfferOf(game: ScheduledGame, playerId: string, context: DecisionContext): SpotOffer {
  if (context.actorId !== playerId)
    throw new DomainError('forbidden', 'answer_for_yourself', 'You can only answer your own offer.');
  const offer = game.spotOffers.find((candidate) => candidate.playerId === playerId);
  if (!offer) throw new DomainError('not_found', 'no_offer', 'You have no offer of a team spot in this game.');
  return offer;
}

function acceptSpot(command: Command<'AcceptSpot'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const offer = spotOfferOf(game, command.playerId, context);
  const now = context.now.getTime();
  if (!standsAt(offer, now)) throw new DomainError('conflict', 'offer_expired', OFFER_EXPIRED);
  // The move onto the offered team ends the offer (evolve): no event of its own.
  return moveOnce(game, member(game, command.playerId), offer.team, command.playerId, now, context.now.toISOString());
}

function declineSpot(command: Command<'DeclineSpot'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const { team } = spotOfferOf(game, command.playerId, context);
  return [
    {
      type: 'SpotDeclined',
      data: { gameId: game.details.gameId, playerId: command.playerId, team, at: context.now.toISOString() },
    },
  ];
}

/** A game still taking offers, or null when a job finds it cancelled or over: nothing left to decide. */
function stillScheduled(state: GameState, context: DecisionContext): ScheduledGame | null {
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', NO_SUCH_GAME);
  if (state.status === 'cancelled' || gameHasEnded(context.now.getTime(), state.end)) return null;
  return state;
}

/** The offer an expiry job names, if it still stands; refused before its time, so the job runs again later. */
function offerToExpire<Kind extends Offer>(
  offers: Kind[],
  playerId: string,
  offeredAt: string,
  now: Date,
): Kind | null {
  const offer = offers.find((candidate) => candidate.playerId === playerId && candidate.offeredAt === offeredAt);
  if (!offer) return null;
  if (standsAt(offer, now.getTime()))
    throw new DomainError('conflict', 'offer_not_expired', 'This offer has not expired yet.');
  return offer;
}

function expireSpotOffer(command: Command<'ExpireSpotOffer'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = stillScheduled(state, context);
  // Accepted, declined or expired already (the job ran before): nothing to do.
  const offer = game && offerToExpire(game.spotOffers, command.playerId, command.offeredAt, context.now);
  if (!game || !offer) return [];
  const { playerId, team, offeredAt } = offer;
  return [
    {
      type: 'SpotOfferExpired',
      data: { gameId: game.details.gameId, playerId, team, offeredAt, at: context.now.toISOString() },
    },
  ];
}

function joinWaitlist(command: Command<'JoinWaitlist'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const { playerId, username } = command;
  if (context.actorId !== playerId)
    throw new DomainError('forbidden', 'join_for_yourself', 'You can only join the waitlist yourself.');
  refuseOrganizerOnWaitlist(game.details.organizerId, playerId);
  if (game.participants.some((participant) => participant.playerId === playerId))
    throw new DomainError('conflict', 'already_joined', 'You are already in this game.');
  if (game.waitlist.some((waiting) => waiting.playerId === playerId))
    throw new DomainError('conflict', 'already_waiting', 'You are already on the waitlist.');
  if (game.removed.some((removed) => removed.playerId === playerId))
    throw new DomainError('forbidden', 'removed_by_organizer', REMOVED_FROM_FREE_GAME);
  // A newcomer the regulars keep out for now may wait too (issue #41), as the refusal of their join says.
  if (!placesTaken(game) && !regularsOnlyNow(game, playerId, context.now.getTime()))
    throw new DomainError('conflict', 'not_full', 'This game has room: join it instead of the waitlist.');
  return [
    {
      type: 'WaitlistJoined',
      data: { gameId: game.details.gameId, playerId, username, at: context.now.toISOString() },
    },
  ];
}

function leaveWaitlist(command: Command<'LeaveWaitlist'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  if (context.actorId !== command.playerId)
    throw new DomainError('forbidden', 'leave_for_yourself', 'You can only leave the waitlist yourself.');
  if (!game.waitlist.some((waiting) => waiting.playerId === command.playerId)) return [];
  return [
    {
      type: 'WaitlistLeft',
      data: { gameId: game.details.gameId, playerId: command.playerId, at: context.now.toISOString() },
    },
  ];
}

function expireWaitlistOffer(
  command: Command<'ExpireWaitlistOffer'>,
  state: GameState,
  context: DecisionContext,
): GameEvent[] {
  const game = stillScheduled(state, context);
  // Taken (the player joined), left or expired already: nothing to do.
  const offer = game && offerToExpire(game.waitlistOffers, command.playerId, command.offeredAt, context.now);
  if (!game || !offer) return [];
  // The player leaves the waitlist rather than going to its back: nobody on it has paid or holds
  // anything, joining it again costs nothing, and someone who let a place go unanswered would otherwise
  // be offered the next one (or, alone on the list, this very place again) ahead of people watching.
  return [
    {
      type: 'WaitlistOfferExpired',
      data: {
        gameId: game.details.gameId,
        playerId: offer.playerId,
        offeredAt: offer.offeredAt,
        at: context.now.toISOString(),
      },
    },
  ];
}

/**
 * The decision-time check: a game with fewer team players plus sideline than its minimum cancels
 * itself, every entry refunded in full and the rental as the field's window says of a captain who
 * cancelled at the decision time. It counts the members as they were at the decision time, so a late
 * run, a run again, or a removal or cancellation after that time changes nothing.
 */
function checkMinimumPlayers(state: GameState, context: DecisionContext): GameEvent[] {
  const game = stillScheduled(state, context);
  const decisionAt = game && minimumDecisionAt(game.details);
  if (!game || !decisionAt || game.details.minPlayers === null) return [];
  if (context.now.getTime() < decisionAt.getTime()) {
    throw new DomainError(
      'conflict',
      'decision_time_not_reached',
      'The minimum of players is checked at its decision time.',
    );
  }
  const members = game.membersAtDecision ?? game.participants.length;
  if (members >= game.details.minPlayers) return [];
  const { startDate, cancellationWindowHours } = game.details;
  return [
    cancellation(game, context, {
      cancelledBy: context.actorId ?? 'system',
      // As if the organizer had cancelled at the decision time, however late the check runs.
      rentalRefunded: rentalRefundApplies(startDate, cancellationWindowHours, decisionAt),
      reason: 'too_few_players',
    }),
  ];
}

/**
 * Issue #31: the reminder before the start, to whoever is in the game then. A cancelled, ended or
 * started game, or one with nobody in it, reminds nobody; a game is reminded once.
 */
function remindPlayers(state: GameState, context: DecisionContext): GameEvent[] {
  const game = stillScheduled(state, context);
  if (!game || game.reminded || game.participants.length === 0 || context.now.getTime() >= game.start) return [];
  return [
    {
      type: 'PlayersReminded',
      data: {
        gameId: game.details.gameId,
        at: context.now.toISOString(),
        members: game.participants.map(({ playerId, username, team }) => ({ playerId, username, team })),
      },
    },
  ];
}

/** The team of the pitch spot an event frees, if it frees one. */
function spotFreedBy(game: ScheduledGame, event: GameEvent): PitchTeam | null {
  const teamOf = (playerId: string) =>
    game.participants.find((participant) => participant.playerId === playerId)?.team ?? 0;
  let team: Team = 0;
  if (event.type === 'PlayerLeft' || event.type === 'PlayerRemoved') team = teamOf(event.data.playerId);
  if (event.type === 'PlayerMoved' && event.data.to === 0) team = event.data.from;
  return team === 0 ? null : team;
}

/**
 * The offers that follow a decision. A spot that freed in a full game (the pitch at maxPlayers or the
 * team at its slots, offered spots counted as taken), and the spot of an offer that ended without
 * filling it, go to the first in line holding no offer; a place freed in the game's total goes to the
 * first on the waitlist holding none. `passedOver` is the player the decision was about: the one who
 * declined, let an offer expire or stepped off the pitch is not offered that spot again at once.
 */
function offersAfter(
  before: ScheduledGame,
  decided: GameEvent[],
  passedOver: string | null,
  windows: OfferWindows | undefined,
  context: DecisionContext,
): GameEvent[] {
  let game: GameState = before;
  const spots: PitchTeam[] = [];
  for (const event of decided) {
    const freed = game.status === 'scheduled' ? spotFreedBy(game, event) : null;
    if (freed && game.status === 'scheduled' && noRoom(game, freed, true, game.spotOffers)) spots.push(freed);
    game = evolve(game, event);
  }
  if (game.status !== 'scheduled') return [];
  let open: ScheduledGame = game;
  for (const ended of before.spotOffers) {
    if (!open.spotOffers.some((offer) => offer.playerId === ended.playerId)) spots.push(ended.team);
  }
  const now = context.now.getTime();
  const at = context.now.toISOString();
  const expiresAt = new Date(now + offerWindowMs(now, open.start, windows)).toISOString();
  const { gameId } = open.details;
  const offers: GameEvent[] = [];
  const offer = (event: GameEvent) => {
    offers.push(event);
    open = evolve(open, event) as ScheduledGame;
  };
  for (const team of spots) {
    if (noRoom(open, team, true, open.spotOffers)) continue;
    const holders = new Set(open.spotOffers.map((held) => held.playerId));
    const next = open.line.find((playerId) => playerId !== passedOver && !holders.has(playerId));
    if (next) offer({ type: 'SpotOffered', data: { gameId, playerId: next, team, at, expiresAt } });
  }
  for (;;) {
    const holders = new Set(open.waitlistOffers.map((held) => held.playerId));
    // Nobody is offered a place they may not take yet: a newcomer waits out the regulars' window.
    const next = open.waitlist.find(
      (waiting) => !holders.has(waiting.playerId) && !regularsOnlyNow(open, waiting.playerId, now),
    );
    if (!next || placesTaken(open)) break;
    offer({ type: 'WaitlistOffered', data: { gameId, playerId: next.playerId, at, expiresAt } });
  }
  return offers;
}

function decideWithoutOffers(command: GameCommand, state: GameState, context: DecisionContext): GameEvent[] {
  switch (command.type) {
    case 'ScheduleGame':
      return scheduleGame(command, state);
    case 'JoinGame':
      return joinGame(command, state, context);
    case 'MovePlayer':
      return movePlayer(command, state, context);
    case 'SwitchPlayers':
      return switchPlayers(command, state, context);
    case 'LeaveGame':
      return leaveGame(command, state, context);
    case 'RemovePlayer':
      return removePlayer(command, state, context);
    case 'AllowPlayerBack':
      return allowPlayerBack(command, state, context);
    case 'CancelGame':
      return cancelGame(command, state, context);
    case 'WithdrawGame':
      return withdrawGame(state, command.reason, context);
    case 'WithdrawPlayer':
      return withdrawPlayer(command, state, context);
    case 'AcceptSpot':
      return acceptSpot(command, state, context);
    case 'DeclineSpot':
      return declineSpot(command, state, context);
    case 'ExpireSpotOffer':
      return expireSpotOffer(command, state, context);
    case 'JoinWaitlist':
      return joinWaitlist(command, state, context);
    case 'LeaveWaitlist':
      return leaveWaitlist(command, state, context);
    case 'ExpireWaitlistOffer':
      return expireWaitlistOffer(command, state, context);
    case 'CheckMinimumPlayers':
      return checkMinimumPlayers(state, context);
    case 'NameRegulars':
      return nameRegulars(command, state, context);
    case 'AddRegular':
      return addRegular(command, state, context);
    case 'RemoveRegular':
      return removeRegular(command, state, context);
    case 'RemindPlayers':
      return remindPlayers(state, context);
    default:
      return unknownType(command);
  }
}

export const gameDecider: Decider<GameCommand, GameEvent, GameState> = {
  initialState: () => ({ status: 'none' }),

  evolve,

  // Every decision on a scheduled game is followed by the offers it makes due (a freed spot or place,
  // an offer passed on), in the same append: the line and the waitlist hold under any concurrency.
  decide(command, state, context) {
    const decided = decideWithoutOffers(command, state, context);
    if (state.status !== 'scheduled' || decided.length === 0) return decided;
    const passedOver = 'playerId' in command ? command.playerId : null;
    const windows = 'offerWindows' in command ? command.offerWindows : undefined;
    return [...decided, ...offersAfter(state, decided, passedOver, windows, context)];
  },
};

/**
 * A game whose organizer's or field owner's account was deleted: cancelled with everything paid coming
 * back, the rental too whatever the window, since neither the organizer nor the players chose this. A game
 * already cancelled or over is left as it is, so the deletion's job may run again.
 */
function withdrawGame(state: GameState, reason: GameWithdrawalReason, context: DecisionContext): GameEvent[] {
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', NO_SUCH_GAME);
  if (state.status === 'cancelled' || gameHasEnded(context.now.getTime(), state.end)) return [];
  return [cancellation(state, context, { cancelledBy: context.actorId ?? 'system', rentalRefunded: true, reason })];
}

/** A deleted player leaves a game not yet over or cancelled (issue #41): see policies/player-withdrawal.ts. */
function withdrawPlayer(command: Command<'WithdrawPlayer'>, state: GameState, context: DecisionContext): GameEvent[] {
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', NO_SUCH_GAME);
  const now = context.now.getTime();
  if (state.status === 'cancelled' || gameHasEnded(now, state.end)) return [];
  const { playerId } = command;
  const member = state.participants.find((participant) => participant.playerId === playerId);
  return playerWithdrawalEvents(
    {
      gameId: state.details.gameId,
      playerId,
      member: member
        ? {
            username: member.username,
            playedSeconds: secondsOnPitch(member.onPitchSince, now, state.start, state.end),
          }
        : null,
      standingPaymentId: standingEntry(state, playerId)?.paymentId ?? null,
      onWaitlist: state.waitlist.some((waiting) => waiting.playerId === playerId),
    },
    { removedBy: context.actorId ?? 'system', at: context.now.toISOString(), reason: command.reason },
  );
}
