import { DomainError, unknownType, type CommandOf, type DecisionContext, type Decider } from '../decider';
import type { GameDetails, GameEvent, GameWithdrawalReason, Team } from './events';
import { gameHasEnded, TEAM_SLOTS } from './rules';

export const GAME_FULL = 'Game is full. Try joining sideline.';
/** What a removed player reads on the game's page, and the refusal of their join (DESIGN §8). */
export const REMOVED_BY_ORGANIZER = 'The organizer removed you from this game. Your entry fee was refunded.';
export const REMOVED_FROM_FREE_GAME = 'The organizer removed you from this game.';
/** Under the spec's leave confirmation: a paid entry stays the player's for this game (DESIGN §8). */
export const ENTRY_HELD = 'You have paid for this game already: join again without paying.';
export const REJOIN_FOR_FREE =
  'Your entry fee stays yours for this game: you can join again for free while there is room.';
const ONLY_ORGANIZER = 'Only the organizer of this game can do this.';

/** A payment the command side has verified with the processor: succeeded, for this purpose. */
export interface VerifiedEntryPayment {
  paymentId: string;
  payerId: string;
  amountCents: number;
  gameId: string;
}

export type GameCommand =
  | { type: 'ScheduleGame'; details: GameDetails; rentalPaymentId: string | null; rentalCents: number }
  /** Join-game of spec §7: a newcomer joins (on the sideline, then onto `team` if asked); a member moves to `team`. */
  | { type: 'JoinGame'; playerId: string; username: string; team: Team; payment: VerifiedEntryPayment | null }
  | { type: 'MovePlayer'; playerId: string; to: Team; actorIsAdmin: boolean }
  | { type: 'SwitchPlayers'; incomingId: string; outgoingId: string; actorIsAdmin: boolean }
  | { type: 'LeaveGame'; playerId: string }
  | { type: 'RemovePlayer'; playerId: string; actorIsAdmin: boolean }
  | { type: 'AllowPlayerBack'; playerId: string; actorIsAdmin: boolean }
  | { type: 'CancelGame'; actorIsAdmin: boolean }
  /** An admin deleted the organizer's or the field owner's account (a job of the deletion, never a person's request). */
  | { type: 'WithdrawGame'; reason: GameWithdrawalReason };

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

interface KnownGame {
  details: GameDetails;
  rentalPaymentId: string | null;
  start: number;
  end: number;
  participants: Participant[];
  /** Every entry payment ever used here, in order: a payment buys one membership, once. */
  paidEntries: PaidEntry[];
  /** Players the organizer removed and has not allowed back: they cannot join. */
  removed: Array<{ playerId: string; username: string }>;
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

function refuseUnlessOpen(state: GameState, now: Date): ScheduledGame {
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', 'There is no game with this id.');
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

/** Refuses a move onto a team that has no free slot or a pitch already at the game's maximum. */
function refuseUnlessRoom(game: ScheduledGame, mover: Participant, team: 1 | 2): void {
  const onTeam = game.participants.filter((participant) => participant.team === team).length;
  const pitchGrows = mover.team === 0;
  if (onTeam >= TEAM_SLOTS || (pitchGrows && onPitchCount(game.participants) >= game.details.maxPlayers)) {
    throw new DomainError('conflict', 'game_full', GAME_FULL);
  }
}

function refuseBadEntryPayment(game: ScheduledGame, playerId: string, payment: VerifiedEntryPayment | null): void {
  const price = game.details.priceCents;
  if (price === 0) return;
  if (payment === null) {
    throw new DomainError(
      'invalid',
      'payment_required',
      `This game costs $${(price / 100).toFixed(2)}. Pay the entry fee to join.`,
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
      `This payment does not match the entry fee of $${(price / 100).toFixed(2)}.`,
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
  if (to !== 0) refuseUnlessRoom(game, mover, to);
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

function evolve(state: GameState, event: GameEvent): GameState {
  if (event.type === 'GameScheduled') {
    const { rentalPaymentId, rentalCents: _rental, ...details } = event.data;
    return {
      status: 'scheduled',
      details,
      rentalPaymentId,
      start: Date.parse(details.startDate),
      end: Date.parse(details.endDate),
      participants: [],
      paidEntries: [],
      removed: [],
    };
  }
  if (state.status === 'none') return state;
  const at = Date.parse(event.data.at);
  switch (event.type) {
    case 'PlayerJoined': {
      const { playerId, username, paymentId } = event.data;
      const joined: Participant = { playerId, username, team: 0, playedSeconds: 0, onPitchSince: null, paymentId };
      // A rejoin comes back with the entry the player holds already: it is not a new payment.
      const newPayment = paymentId !== null && !paymentUsed(state, paymentId);
      return {
        ...state,
        participants: [...state.participants, joined],
        paidEntries: newPayment ? [...state.paidEntries, { playerId, paymentId, refunded: false }] : state.paidEntries,
      };
    }
    case 'PlayerMoved': {
      const { to, playedSeconds } = event.data;
      return withParticipant(state as ScheduledGame, event.data.playerId, (participant) => {
        const closed = closedAt(participant, playedSeconds);
        return { ...closed, team: to, onPitchSince: to === 0 ? null : (participant.onPitchSince ?? at) };
      });
    }
    case 'PlayersSwitched': {
      const { incomingId, outgoingId, team, outgoingPlayedSeconds } = event.data;
      const swapped = withParticipant(state as ScheduledGame, outgoingId, (participant) => ({
        ...closedAt(participant, outgoingPlayedSeconds),
        team: 0,
      }));
      return withParticipant(swapped, incomingId, (participant) => ({ ...participant, team, onPitchSince: at }));
    }
    case 'PlayerLeft':
      return withParticipant(state as ScheduledGame, event.data.playerId, () => null);
    case 'PlayerRemoved': {
      const { playerId, username, refundedPaymentId } = event.data;
      const gone = withParticipant(state as ScheduledGame, playerId, () => null);
      return {
        ...gone,
        removed: [...gone.removed.filter((removed) => removed.playerId !== playerId), { playerId, username }],
        paidEntries: gone.paidEntries.map((entry) =>
          entry.paymentId === refundedPaymentId ? { ...entry, refunded: true } : entry,
        ),
      };
    }
    case 'PlayerAllowedBack':
      return { ...state, removed: state.removed.filter((removed) => removed.playerId !== event.data.playerId) };
    case 'GameCancelled':
      return { ...state, status: 'cancelled' };
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

function cancelGame(command: Command<'CancelGame'>, state: GameState, context: DecisionContext): GameEvent[] {
  const game = refuseUnlessOpen(state, context.now);
  const cancelledBy = refuseUnlessOrganizer(game, context, command.actorIsAdmin);
  const rentalRefunded = rentalRefundApplies(game.details.startDate, game.details.cancellationWindowHours, context.now);
  const entryRefunds = entryRefundsOf(game);
  const { gameId, subFieldId, fieldId, ownerId, subFieldName } = game.details;
  return [
    {
      type: 'GameCancelled',
      data: {
        gameId,
        cancelledBy,
        at: context.now.toISOString(),
        subFieldId,
        fieldId,
        ownerId,
        subFieldName,
        rentalRefunded,
        rentalPaymentId: game.rentalPaymentId,
        entryRefunds,
      },
    },
  ];
}

export const gameDecider: Decider<GameCommand, GameEvent, GameState> = {
  initialState: () => ({ status: 'none' }),

  evolve,

  decide(command, state, context) {
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
      default:
        return unknownType(command);
    }
  },
};

/**
 * A game whose organizer's or field owner's account was deleted: cancelled with everything paid coming
 * back, the rental too whatever the window, since neither the organizer nor the players chose this. A game
 * already cancelled or over is left as it is, so the deletion's job may run again.
 */
function withdrawGame(state: GameState, reason: GameWithdrawalReason, context: DecisionContext): GameEvent[] {
  if (state.status === 'none') throw new DomainError('not_found', 'game_not_found', 'There is no game with this id.');
  if (state.status === 'cancelled' || gameHasEnded(context.now.getTime(), state.end)) return [];
  const { gameId, subFieldId, fieldId, ownerId, subFieldName } = state.details;
  return [
    {
      type: 'GameCancelled',
      data: {
        gameId,
        cancelledBy: context.actorId ?? 'system',
        at: context.now.toISOString(),
        subFieldId,
        fieldId,
        ownerId,
        subFieldName,
        rentalRefunded: true,
        rentalPaymentId: state.rentalPaymentId,
        entryRefunds: entryRefundsOf(state),
        reason,
      },
    },
  ];
}
