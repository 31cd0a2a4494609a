/**
 * The game's rules that the server enforces and the web shows (spec §5, §9): written once here so the
 * decider, the contract and the pages cannot drift apart.
 */

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

/** A search never returns more than this many games: the nearest area's soonest ones. */
export const SEARCH_RESULTS_LIMIT = 200;
