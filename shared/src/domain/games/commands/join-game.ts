import { DomainError } from '../../decider';
import type { GameEvent, Team } from '../events';
import { member, refuseUnlessOpen } from '../guards';
import {
  ALREADY_JOINED,
  ENTRY_HELD,
  JOIN_FOR_YOURSELF,
  NOT_YOUR_PAYMENT,
  PAYMENT_FOR_ANOTHER_GAME,
  PAYMENT_LAPSED,
  PAYMENT_USED,
  paymentAmountWrong,
  paymentRequired,
  REMOVED_BY_ORGANIZER,
  REMOVED_FROM_FREE_GAME,
  REMOVED_HOLD_RELEASED,
} from '../messages';
import { refuseUnlessPlaceFor } from '../policies/capacity';
import { entryCoversGuests, guestNamesFor, paymentGuestsWrong, refuseTooManyGuests } from '../policies/guests';
import { refuseUnlessOpenToJoin } from '../policies/regulars-first';
import { refuseUnlessReliable } from '../policies/reliability';
import { paymentUsed, standingEntry } from '../queries';
import { paymentLapsed } from '../state-shape';
import { evolve, type Participant, type ScheduledGame } from '../state';
import type { Decide, VerifiedEntryPayment } from './game-command';
import { moveOnce } from './move-player';
import { chargeHeldEntries, decisionPassed } from '../policies/held-entries';

function refuseBadEntryPayment(
  game: ScheduledGame,
  playerId: string,
  payment: VerifiedEntryPayment | null,
  guests: number,
): void {
  // One payment covers the player and their guests (issue #45).
  const price = game.details.priceCents * (1 + guests);
  if (price === 0) return;
  if (payment === null) {
    throw new DomainError('invalid', 'payment_required', paymentRequired(price));
  }
  if (payment.gameId !== game.details.gameId)
    throw new DomainError('invalid', 'payment_for_another_game', PAYMENT_FOR_ANOTHER_GAME);
  if (payment.payerId !== playerId) throw new DomainError('forbidden', 'not_your_payment', NOT_YOUR_PAYMENT);
  const paidGuests = payment.guests ?? 0;
  if (paidGuests !== guests) throw new DomainError('invalid', 'payment_guests', paymentGuestsWrong(paidGuests));
  if (payment.amountCents !== price) {
    throw new DomainError('invalid', 'payment_amount', paymentAmountWrong(price));
  }
}

export const joinGame: Decide<'JoinGame'> = (command, state, context) => {
  const game = refuseUnlessOpen(state, context.now);
  const now = context.now.getTime();
  const at = context.now.toISOString();
  if (context.actorId !== command.playerId) throw new DomainError('forbidden', 'join_for_yourself', JOIN_FOR_YOURSELF);
  const current = game.participants.find((participant) => participant.playerId === command.playerId);
  const { payment } = command;
  // Someone else's payment is refused as such before anything is said about it (used or not), so the
  // answer does not depend on whether its webhook has come in yet.
  if (payment && payment.payerId !== command.playerId)
    throw new DomainError('forbidden', 'not_your_payment', NOT_YOUR_PAYMENT);
  if (current && payment) {
    // A join that brings a payment buys a place. The payment's webhook arriving after the player's own
    // join (or a retried join) finds the place bought already; the player's own join after the webhook's
    // takes them to the team they picked.
    if (current.paymentId === payment.paymentId)
      return current.team === 0 && command.team !== 0
        ? teamPickedAfterWebhook(game, current, command.team, now, at)
        : [];
    throw new DomainError('conflict', 'already_joined', ALREADY_JOINED);
  }
  if (current) return moveOnce(game, current, command.team, command.playerId, now, at);
  // Issue #45: a credit payment whose credit went back buys nothing, whatever else would allow the join.
  if (payment && paymentLapsed(game, payment.paymentId))
    throw new DomainError('conflict', 'payment_lapsed', PAYMENT_LAPSED);
  // A join the payment's webhook makes brings the guests the payment was priced for; a free join from the
  // waitlist, the guests its player waited with (their offer held places for them).
  const waiting = game.waitlist.find((party) => party.playerId === command.playerId);
  const guests = command.guests ?? (payment ? (payment.guests ?? 0) : (waiting?.guests ?? 0));
  refuseTooManyGuests(game.details.guestsPerPlayer, guests);
  const removal = game.removed.find((removed) => removed.playerId === command.playerId);
  if (removal) {
    const given = game.paidEntries.find((entry) => entry.playerId === command.playerId && entry.refunded);
    // Issue #45: an entry only held at removal was released, not refunded.
    const words = !given ? REMOVED_FROM_FREE_GAME : given.held ? REMOVED_HOLD_RELEASED : REMOVED_BY_ORGANIZER;
    throw new DomainError('forbidden', 'removed_by_organizer', words);
  }
  refuseUnlessOpenToJoin(game, command.playerId, now, command.timeZone);
  if (command.joiner) refuseUnlessReliable(game, command.joiner, now, command.timeZone ?? 'UTC');
  refuseUnlessPlaceFor(game, command.playerId, now, guests);
  if (payment && paymentUsed(game, payment.paymentId)) throw new DomainError('conflict', 'payment_used', PAYMENT_USED);
  // A player who paid, left and comes back rejoins with the entry they hold (DESIGN §8).
  const held = game.details.priceCents > 0 ? standingEntry(game, command.playerId) : undefined;
  if (held && payment) {
    throw new DomainError('conflict', 'entry_held', ENTRY_HELD);
  }
  // A held entry covers the guests it was paid for, no more (issue #45).
  if (held && guests > held.guests) throw new DomainError('invalid', 'entry_guests', entryCoversGuests(held.guests));
  if (!held) refuseBadEntryPayment(game, command.playerId, payment, guests);
  const paymentId = held ? held.paymentId : game.details.priceCents > 0 ? payment!.paymentId : null;
  // Issue #45: a new entry only authorized is held until the game is on.
  const authorizedOnly = !held && paymentId !== null && payment?.held === true;
  // The names typed at the join, else at the checkout, else those the host typed on the waitlist.
  const paidNames = payment?.guestNames?.length ? payment.guestNames : undefined;
  const guestNames = guestNamesFor(guests, command.guestNames ?? paidNames ?? waiting?.guestNames);
  const joined: GameEvent = {
    type: 'PlayerJoined',
    data: {
      ...{ gameId: game.details.gameId, playerId: command.playerId, username: command.username, paymentId, at },
      ...{ guests, guestNames },
      ...(authorizedOnly ? { held: true } : {}),
      ...(command.playerTimeZone ? { timeZone: command.playerTimeZone } : {}),
    },
  };
  const afterJoin = evolve(game, joined) as ScheduledGame;
  // A hold joining once the decision has passed is charged at once: the game is on.
  const charged = authorizedOnly && decisionPassed(game.details, context.now) ? chargeHeldEntries(afterJoin, at) : [];
  if (command.team === 0) return [joined, ...charged];
  // The move onto a team is decided on the game as the join leaves it.
  return [
    joined,
    ...charged,
    ...moveOnce(afterJoin, member(afterJoin, command.playerId), command.team, command.playerId, now, at),
  ];
};

/**
 * The payment's webhook can reach the game before the player's own join: its fallback join puts the
 * payer on the sideline. The player's call, with the same payment, then takes them to the team they
 * picked, as their own move would; with no room there they keep the place they bought on the sideline.
 */
function teamPickedAfterWebhook(
  game: ScheduledGame,
  current: Participant,
  team: Team,
  now: number,
  at: string,
): GameEvent[] {
  try {
    return moveOnce(game, current, team, current.playerId, now, at);
  } catch (error) {
    if (error instanceof DomainError) return [];
    throw error;
  }
}
