import type { GameDetail, LinePlace, WaitlistPlace } from '@playtime/shared/contract/games';
import { GAME_FULL_JOIN_WAITLIST } from '@playtime/shared/domain/games/messages';
import { gameCapacity } from '@playtime/shared/domain/games/rules';
import { TEAM_SLOTS } from '@playtime/shared/domain/games/rules';
import { formatCountdown } from '../../../components/checkout';

/** Issue #29: the line for a team spot and the waitlist of a full game, as the game page shows them. */

export { GAME_FULL_JOIN_WAITLIST };

const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });
const ORDINAL_SUFFIXES: Record<Intl.LDMLPluralRule, string> = {
  zero: 'th',
  one: 'st',
  two: 'nd',
  few: 'rd',
  many: 'th',
  other: 'th',
};

/** 1 → '1st', 2 → '2nd', 11 → '11th', 23 → '23rd'. */
export function ordinal(position: number): string {
  return `${position}${ORDINAL_SUFFIXES[ordinalRules.select(position)]}`;
}

export const inLineText = (position: number) => `You are ${ordinal(position)} in line for a team spot`;
export const onWaitlistText = (position: number) => `You are ${ordinal(position)} on the waitlist`;

/** What the offered player reads, with the time left as a live countdown ('10:00'). */
export const spotOfferText = (team: 1 | 2, timeLeft: string) =>
  `A spot opened on Team ${team}. Take it within ${timeLeft}.`;
/** Issue #45: a host waiting with guests is offered places for the whole party. */
export const placeOfferText = (timeLeft: string, guests = 0) =>
  guests === 0
    ? `A place opened in this game. Take it within ${timeLeft}.`
    : `Places opened for you and your ${guests === 1 ? 'guest' : `${guests} guests`}. Take them within ${timeLeft}.`;

/**
 * The time left on an offer at `nowMs` (server time), as the page shows it: to the nearest second, so
 * the few milliseconds the answer took to arrive never show a 10-minute offer as '10:01'.
 */
export function offerTimeLeft(expiresAt: string, nowMs: number): string {
  const left = Math.max(0, Date.parse(expiresAt) - nowMs);
  return formatCountdown(Math.round(left / 1000) * 1000);
}

/**
 * Whether a newcomer can only join the waitlist: members and the places offered to the waitlist fill
 * maxPlayers + sidelineSize (the decider's capacity; a game without a sideline size is never full this way).
 */
export function gameIsFull(
  game: Pick<GameDetail, 'playerCount' | 'sidelineCount' | 'max_players' | 'sidelineSize' | 'waitlist'>,
): boolean {
  const capacity = gameCapacity({ maxPlayers: game.max_players, sidelineSize: game.sidelineSize });
  if (capacity === null) return false;
  // Issue #45: an offer holds a place for its player and one for each of their guests.
  const offered = game.waitlist
    .filter((place) => place.offer !== null)
    .reduce((sum, place) => sum + 1 + place.guests, 0);
  return game.playerCount + game.sidelineCount + offered >= capacity;
}

/** Whether the teams hold max players: only then is the sideline a line for a team spot. */
export function teamsAreFull(game: Pick<GameDetail, 'playerCount' | 'max_players'>): boolean {
  return game.playerCount >= game.max_players;
}

/**
 * The open spots a team with `teamPlayers` shows on the pitch: places anyone may still take on it,
 * within the team's slots and the game's max players, less the spots offered to the first in line.
 */
export function openSpots(teamPlayers: number, game: Pick<GameDetail, 'playerCount' | 'max_players' | 'line'>): number {
  const offered = game.line.filter((place) => place.offer !== null).length;
  const open = Math.min(TEAM_SLOTS - teamPlayers, game.max_players - game.playerCount - offered);
  return Math.max(0, open);
}

export function placeOf<T extends LinePlace | WaitlistPlace>(places: T[], userId: string | undefined): T | undefined {
  return userId ? places.find((place) => place.userId === userId) : undefined;
}
