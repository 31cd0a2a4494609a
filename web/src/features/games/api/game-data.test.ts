import { describe, expect, it } from 'vitest';
import { keepWhenOnlyTheClockMoved, type LoadedGame } from './game-data';

const shown = {
  gameId: 'g1',
  name: 'Riverside Pick-up',
  playerCount: 3,
  serverTime: '2026-11-28T10:00:00.000Z',
  clockOffsetMs: 12,
} as unknown as LoadedGame;

/** The same game asked for five seconds later, with the given number of players. */
function refetchedWithPlayers(playerCount: number): LoadedGame {
  return { ...shown, playerCount, serverTime: '2026-11-28T10:00:05.000Z', clockOffsetMs: 15 };
}

describe('a refetched game', () => {
  it('keeps the data shown when only the server clock moved', () => {
    expect(keepWhenOnlyTheClockMoved(shown, refetchedWithPlayers(3))).toBe(shown);
  });

  it('takes the new answer, clock included, when anything else changed', () => {
    const refetched = refetchedWithPlayers(4);
    const kept = keepWhenOnlyTheClockMoved(shown, refetched);
    expect(kept).not.toBe(shown);
    expect(kept).toEqual(refetched);
  });

  it('takes the first answer as it is', () => {
    expect(keepWhenOnlyTheClockMoved(undefined, shown)).toBe(shown);
  });
});
