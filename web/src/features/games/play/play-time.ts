import { secondsOnPitch } from '@playtime/shared/domain/games/rules';
import { gameHasEnded } from '@playtime/shared/domain/games/rules';
import type { Participant } from '@playtime/shared/contract/games';

/**
 * Play time on the game page, from the server's figures only: the closed seconds (playTime), the running
 * interval's start (playStart, server clock) and the server's time at the fetch. The browser's clock only
 * measures how long ago that fetch was, so every open page agrees within a second whatever its clock says.
 */

/** The server's time now, in ms, given the offset measured at the fetch. */
export function serverNow(offsetMs: number, browserNowMs: number): number {
  return browserNowMs + offsetMs;
}

/** The game's span and the server's clock ahead of the browser's (measured at the fetch): what play time is told by. */
export interface PlayClock {
  startMs: number;
  endMs: number;
  offsetMs: number;
}

/** Seconds played at `atMs` (server time): closed seconds plus the running interval, clamped to the game. */
export function playSecondsAt(
  participant: Pick<Participant, 'playTime' | 'playStart'>,
  atMs: number,
  startMs: number,
  endMs: number,
): number {
  const since = participant.playStart ? Date.parse(participant.playStart) : null;
  return participant.playTime + secondsOnPitch(since, atMs, startMs, endMs);
}

/** The sideline strip's and the Manage dialog's figure: whole minutes, rounded. */
export function playMinutes(seconds: number): number {
  return Math.round(seconds / 60);
}

export type Countdown = { phase: 'not-started' } | { phase: 'live'; text: string } | { phase: 'ended' };

/** Spec §2 countdown: 'Game started: Xh Ym Zs' while live, 'Game has not started yet.' before. */
export function countdownAt(atMs: number, startMs: number, endMs: number): Countdown {
  if (atMs < startMs) return { phase: 'not-started' };
  if (gameHasEnded(atMs, endMs)) return { phase: 'ended' };
  const total = Math.floor((atMs - startMs) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return { phase: 'live', text: `Game started: ${hours}h ${minutes}m ${seconds}s` };
}

/** The Replace list: on-pitch players, longest play time first (spec §4 Organizer moves). */
export function replaceCandidates<T extends Pick<Participant, 'playTime' | 'playStart'>>(
  onPitch: T[],
  atMs: number,
  startMs: number,
  endMs: number,
): T[] {
  return [...onPitch].sort((a, b) => playSecondsAt(b, atMs, startMs, endMs) - playSecondsAt(a, atMs, startMs, endMs));
}
