import type { GameDetail } from '@playtime/shared/contract/games';
import { queryOptions, replaceEqualDeep } from '@tanstack/react-query';
import { apiGetPreloaded } from '../../../lib/api-client';
import { playKeys } from './query-keys';

/** The game page's data with the server-clock offset measured when it arrived. */
export type LoadedGame = GameDetail & { clockOffsetMs: number };

/** How far the server's clock is ahead of the browser's, measured when the answer arrived. */
export function serverClockOffset(serverTime: string, receivedAtMs: number): number {
  return Date.parse(serverTime) - receivedAtMs;
}

/**
 * GET /api/get-game-data: public; its serverTime sets the page's clock. A module of its own, free of the
 * page's code, so the route can start the request while the page's code is still loading; on a first
 * visit the server has the browser fetch it beside the page's code already (read-api/src/web-app.ts).
 */
export function gameDataQuery(gameId: string) {
  return queryOptions({
    queryKey: playKeys.game(gameId),
    queryFn: async (): Promise<LoadedGame> => {
      const game = await apiGetPreloaded<GameDetail>('/api/get-game-data', { gameId });
      return { ...game, clockOffsetMs: serverClockOffset(game.serverTime, Date.now()) };
    },
    meta: { silent: true },
    structuralSharing: keepWhenOnlyTheClockMoved,
  });
}

/**
 * Every answer carries the server's time, so a refetch never equals the data shown, and the whole page
 * renders again for nothing (the resync on joining the game's room, first of all; a long task on a
 * phone). An answer that differs only in the clock keeps the data shown, with its first clock reading.
 */
export function keepWhenOnlyTheClockMoved(previous: unknown, next: unknown): unknown {
  if (!previous) return next;
  const shown = previous as LoadedGame;
  const sameClock = { ...(next as LoadedGame), serverTime: shown.serverTime, clockOffsetMs: shown.clockOffsetMs };
  return replaceEqualDeep(previous, sameClock) === previous ? previous : replaceEqualDeep(previous, next);
}
