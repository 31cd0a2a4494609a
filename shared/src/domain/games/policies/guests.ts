/**
 * Issue #45: a player may bring guests. Guests are part of their host's entry (DESIGN §9): one payment
 * of price × (1 + guests), one party of 1 + guests places that counts against the pitch, the teams, the
 * sideline's capacity and the minimum of players, moves with its host, and leaves or is removed (and
 * refunded, once) with its host. Guests have no account: the host may name them, or not.
 */
import { DomainError } from '../../decider';

/** The organizer's choice in the hold's draft: 0 to 3 guests per player, 2 unless they pick another. */
export const MIN_GUESTS_PER_PLAYER = 0;
export const MAX_GUESTS_PER_PLAYER = 3;
export const DEFAULT_GUESTS_PER_PLAYER = 2;
/** A guest's name, as the host may type it: a first name or a nickname. */
export const GUEST_NAME_MAX_LENGTH = 40;

/** The places a member takes: themselves and their guests. */
export const partySize = (member: { guests: number }): number => 1 + member.guests;

/** The places a list of members takes. */
export const placesOf = (members: ReadonlyArray<{ guests: number }>): number =>
  members.reduce((sum, member) => sum + partySize(member), 0);

/** 'Sam +2' for a host with two guests, 'Sam' alone: how every roster names a party. */
export const withGuestsLabel = (username: string, guests: number): string =>
  guests > 0 ? `${username} +${guests}` : username;

/** The refusal of more guests than the organizer allows: it says the limit. */
export const tooManyGuests = (allowed: number): string =>
  allowed === 0
    ? 'This game takes no guests: join on your own.'
    : `This game takes at most ${allowed} ${allowed === 1 ? 'guest' : 'guests'} per player.`;

/** The code of a refusal of a party bigger than the room left: the game page offers the waitlist on it. */
export const NO_ROOM_FOR_GUESTS_CODE = 'no_room_for_guests';

/** A full game for a party that a single player would still fit in: it says how many places are needed. */
export const noPlacesForParty = (guests: number): string =>
  `There is not enough room for you and your ${guests === 1 ? 'guest' : `${guests} guests`}: ` +
  `you need ${1 + guests} free places. Join with fewer guests, or join the waitlist.`;

/** A move of a party onto a team or the pitch that has room for fewer than all of it. */
export const noSpotsForParty = (username: string, guests: number): string =>
  `${withGuestsLabel(username, guests)} need ${1 + guests} free spots on the team, and it has fewer.`;

/** A join whose guests differ from those its payment was made for. */
export const paymentGuestsWrong = (paid: number): string =>
  `This payment was made for ${paid === 1 ? '1 guest' : `${paid} guests`}: join with the guests you paid for.`;

/** A rejoin with an entry held from before that brings more guests than it paid for. */
export const entryCoversGuests = (paid: number): string =>
  `Your entry covers ${paid === 0 ? 'no guests' : paid === 1 ? '1 guest' : `${paid} guests`}: join again with at most that many.`;

/** Refuses more guests than the game takes (a 400 that says the limit). */
export function refuseTooManyGuests(guestsPerPlayer: number, guests: number): void {
  if (guests > guestsPerPlayer) throw new DomainError('malformed', 'too_many_guests', tooManyGuests(guestsPerPlayer));
}

/** The names the host typed, one per guest at most, blank ones dropped. */
export const guestNamesFor = (guests: number, names: readonly string[] | undefined): string[] =>
  (names ?? []).map((name) => name.trim()).slice(0, guests);
