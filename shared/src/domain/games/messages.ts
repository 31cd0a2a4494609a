/**
 * The words the game's decisions refuse with that the pages show or match: kept in one place so the
 * server and the web say the same thing.
 */

import { formatDollars } from '../money';
import type { PitchTeam } from './events';

/** The policies' refusals that the pages show too: their words stay beside the rule that refuses. */
export { ORGANIZER_NOT_ON_WAITLIST } from './policies/waitlist';
export { regularsFirstUntil, SERIES_WEEK_NOT_OPEN } from './policies/regulars-first';

export const GAME_FULL = 'Game is full. Try joining sideline.';
/** What a removed player reads on the game's page, and the refusal of their join (DESIGN §8). */
export const REMOVED_BY_ORGANIZER = 'The organizer removed you from this game. Your entry fee was refunded.';
export const REMOVED_FROM_FREE_GAME = 'The organizer removed you from this game.';
/**
 * Issue #45: what happened to an entry only authorized (a held card) that was given back: nothing was
 * charged, so nothing is refunded. Every text about a released hold says it in these words.
 */
export const HOLD_RELEASED = 'Nothing was charged: the hold on your card is released.';
/** A removed player whose entry was only held: their card was never charged. */
export const REMOVED_HOLD_RELEASED = `${REMOVED_FROM_FREE_GAME} ${HOLD_RELEASED}`;
/** Under the spec's leave confirmation: a paid entry stays the player's for this game (DESIGN §8). */
export const ENTRY_HELD = 'You have paid for this game already: join again without paying.';
export const REJOIN_FOR_FREE =
  'Your entry fee stays yours for this game: you can join again for free while there is room.';
export const ONLY_ORGANIZER = 'Only the organizer of this game can do this.';
/** A join that would take the game past maxPlayers + sidelineSize (issue #29). */
export const GAME_FULL_JOIN_WAITLIST = 'This game is full. Join the waitlist to be offered the next place.';
/** A move onto a spot that freed in a full game while it is offered to the first in line. */
export const spotOfferedToOther = (team: PitchTeam) => `The free spot on Team ${team} is offered to the first in line.`;
export const OFFER_EXPIRED = 'This offer has expired.';
/** The entry checkout of a full game for someone holding no standing offer of a place (issue #29). */
export const NO_PLACE_TO_PAY_FOR =
  'This game is full: join the waitlist, and pay the entry fee when a place is offered to you.';

/** The refusals of the commands, in the words the caller reads. */
export const GAME_CANCELLED = 'This game was cancelled.';
export const GAME_ENDED = 'This game has ended.';
export const NOT_A_PLAYER = 'This player is not in the game.';
export const JOIN_FOR_YOURSELF = 'You can only join a game yourself.';
export const NOT_YOUR_PAYMENT = 'This payment was made by someone else.';
export const ALREADY_JOINED = 'You are already in this game.';
export const PAYMENT_USED = 'This payment has already been used to join.';
/** Issue #45: a credit payment no join used in time; its credit went back to the payer's Playtime credit. */
export const PAYMENT_LAPSED =
  'This payment is no longer valid: it was not used in time, and its credit is back in your Playtime credit. Pay again to join.';
export const PAYMENT_FOR_ANOTHER_GAME = 'This payment was made for another game.';
export const LEAVE_FOR_YOURSELF = 'You can only leave a game yourself.';
export const ANSWER_FOR_YOURSELF = 'You can only answer your own offer.';
export const NO_SPOT_OFFER = 'You have no offer of a team spot in this game.';
export const OFFER_NOT_EXPIRED = 'This offer has not expired yet.';
export const JOIN_WAITLIST_FOR_YOURSELF = 'You can only join the waitlist yourself.';
export const ALREADY_WAITING = 'You are already on the waitlist.';
export const NOT_FULL = 'This game has room: join it instead of the waitlist.';
export const LEAVE_WAITLIST_FOR_YOURSELF = 'You can only leave the waitlist yourself.';
export const DECISION_TIME_NOT_REACHED = 'The minimum of players is checked at its decision time.';
export const NO_REGULARS = "Only a weekly series' later weeks have regulars.";
export const paymentRequired = (price: number) => `This game costs ${formatDollars(price)}. Pay the entry fee to join.`;
export const paymentAmountWrong = (price: number) =>
  `This payment does not match the entry fee of ${formatDollars(price)}.`;
export const notOnSideline = (username: string) => `${username} is not on the sideline.`;
export const notOnPitch = (username: string) => `${username} is not on the pitch.`;
