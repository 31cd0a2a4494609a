/**
 * The game's rules that the server enforces and the web shows (spec §5, §9): written once here so the
 * decider, the contract and the pages cannot drift apart.
 */

import type { GameDetails } from './events';

/**
 * "Week 3 of 8": a series week's place, as game cards, organizer games and the game page show it (kept
 * here, with no date library, so the pages that show it load none).
 */
export const seriesWeekLabel = (week: number, weeks: number) => `Week ${week} of ${weeks}`;

/** What every call naming an unknown game answers (404 game_not_found). */
export const NO_SUCH_GAME = 'There is no game with this id.';

/** Spec §9: up to 15 player slots per team on the pitch. */
export const TEAM_SLOTS = 15;

/** Spec §5 Max players: 14 to 22, even (two equal teams), 22 unless the organizer picks another. */
export const MIN_PLAYERS = 14;
export const MAX_PLAYERS = 22;
export const MAX_PLAYERS_STEP = 2;
export const DEFAULT_MAX_PLAYERS = MAX_PLAYERS;

/** Where a game is in time. */
export type GamePhase = 'not-started' | 'live' | 'ended';

/**
 * A game has ended from its end instant on: the end is exclusive, as every span in the domain is. The
 * decider refuses moves with it and the pages stop showing a game as live with it, so both agree on
 * the boundary instant.
 */
export function gameHasEnded(nowMs: number, endMs: number): boolean {
  return nowMs >= endMs;
}

export function gamePhaseAt(nowMs: number, startMs: number, endMs: number): GamePhase {
  if (nowMs < startMs) return 'not-started';
  return gameHasEnded(nowMs, endMs) ? 'ended' : 'live';
}

/**
 * The sideline size the captain sets when creating a game (issue #29): team players plus sideline never
 * exceed maxPlayers + sidelineSize; beyond that, a waitlist without payment.
 */
export const MIN_SIDELINE_SIZE = 0;
export const MAX_SIDELINE_SIZE = 10;
export const DEFAULT_SIDELINE_SIZE = 4;

/** The smallest minimum of players a captain may ask for; the largest is the game's maxPlayers. */
export const MIN_MINIMUM_PLAYERS = 2;

/** How long before the start the minimum-players check runs: 1 to 48 hours, 3 unless the captain picks another. */
export const MIN_DECISION_HOURS = 1;
export const MAX_DECISION_HOURS = 48;
export const DEFAULT_DECISION_HOURS = 3;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * How long the first in line or on the waitlist has to take a freed place: the closer the start, the
 * shorter, so the place still gets played. The three lengths are settings.
 */
export interface OfferWindows {
  /** When the start is more than 24 hours away. */
  moreThanADayAwayMs: number;
  /** When the start is more than 2 hours (and at most 24) away. */
  moreThanTwoHoursAwayMs: number;
  /** When the start is 2 hours away or less (or has passed). */
  lastTwoHoursMs: number;
}

export const DEFAULT_OFFER_WINDOWS: OfferWindows = {
  moreThanADayAwayMs: 2 * HOUR_MS,
  moreThanTwoHoursAwayMs: 30 * MINUTE_MS,
  lastTwoHoursMs: 10 * MINUTE_MS,
};

/** The length of an offer made at `nowMs` for a game starting at `startMs`. */
export function offerWindowMs(nowMs: number, startMs: number, windows: OfferWindows = DEFAULT_OFFER_WINDOWS): number {
  const untilStart = startMs - nowMs;
  if (untilStart > 24 * HOUR_MS) return windows.moreThanADayAwayMs;
  if (untilStart > 2 * HOUR_MS) return windows.moreThanTwoHoursAwayMs;
  return windows.lastTwoHoursMs;
}

/** When the minimum-players check of a game runs: `decisionHours` before its start, or never without a minimum. */
export function minimumDecisionAt(details: {
  startDate: string;
  minPlayers: number | null;
  decisionHours: number | null;
}): Date | null {
  if (details.minPlayers === null || details.decisionHours === null) return null;
  return new Date(Date.parse(details.startDate) - details.decisionHours * HOUR_MS);
}

/** The refusal of a minimum whose check would already have run; Configure shows it before the hold is asked. */
export const decisionTimePassed = (decisionHours: number) =>
  `${decisionHours} hours before the start has passed already: pick fewer hours before the start to check the minimum of players, or a later time.`;

/** A search never returns more than this many games: the nearest area's soonest ones. */
export const SEARCH_RESULTS_LIMIT = 200;

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

/**
 * Whether cancelling now gives the organizer's rental back: only at least the game's cancellation window
 * before its start (DESIGN §7). The confirmation dialog asks the same function before the organizer confirms.
 */
export function rentalRefundApplies(startDate: string, cancellationWindowHours: number, now: Date): boolean {
  return now.getTime() <= Date.parse(startDate) - cancellationWindowHours * 3_600_000;
}

/** The most team players plus sideline the game takes, or null when its sideline is uncapped. */
export function gameCapacity(details: Pick<GameDetails, 'maxPlayers' | 'sidelineSize'>): number | null {
  return details.sidelineSize === null ? null : details.maxPlayers + details.sidelineSize;
}
