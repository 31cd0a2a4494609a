/**
 * The words the game's decisions refuse with that the pages show or match: kept in one place so the
 * server and the web say the same thing.
 */

import type { PitchTeam } from './events';

/** The policies' refusals that the pages show too: their words stay beside the rule that refuses. */
export { ORGANIZER_NOT_ON_WAITLIST } from './policies/waitlist';
export { regularsFirstUntil, SERIES_WEEK_NOT_OPEN } from './policies/regulars-first';

export const GAME_FULL = 'Game is full. Try joining sideline.';
/** What a removed player reads on the game's page, and the refusal of their join (DESIGN §8). */
export const REMOVED_BY_ORGANIZER = 'The organizer removed you from this game. Your entry fee was refunded.';
export const REMOVED_FROM_FREE_GAME = 'The organizer removed you from this game.';
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
