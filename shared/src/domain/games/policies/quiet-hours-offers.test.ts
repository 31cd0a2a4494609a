import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { at, joined, moved, scheduled } from '../../../testing/game-decider';
import { gameDecider } from '../decider';
import type { GameEvent } from '../events';

/** Issue #46: an offer made in the player's quiet hours starts its window at 08:00 their time. */
describe('offers made in quiet hours', () => {
  const pitch = Array.from({ length: 14 }, (_, index) => `p${index}`);
  const inZone = (playerId: string, timeZone: string): GameEvent => {
    const event = joined(playerId);
    return event.type === 'PlayerJoined' ? { ...event, data: { ...event.data, timeZone } } : event;
  };
  /** A full pitch (the game starts 2026-11-22 18:00 UTC), and `s1` first in line, living in `timeZone`. */
  const fullGame = (timeZone?: string): GameEvent[] => [
    scheduled({ sidelineSize: 2 }),
    ...pitch.flatMap((id, index) => [joined(id), moved(id, index % 2 === 0 ? 1 : 2)]),
    timeZone ? inZone('s1', timeZone) : joined('s1'),
  ];
  const leaveAt = (history: GameEvent[], iso: string) =>
    gameDecider.decide({ type: 'LeaveGame', playerId: 'p1' }, fold(gameDecider, history), at(iso, 'p1'));

  it('starts the window of an offer made at 03:00 in New York, 34 hours before the game, at 08:00 there', () => {
    // 08:00 UTC is 03:00 in New York (EST); 08:00 there is 13:00 UTC, 29 hours before the start: a two-hour window.
    const [, offer] = leaveAt(fullGame('America/New_York'), '2026-11-21T08:00:00.000Z');
    expect(offer).toEqual({
      type: 'SpotOffered',
      data: {
        gameId: 'g1',
        playerId: 's1',
        team: 2,
        at: '2026-11-21T08:00:00.000Z',
        expiresAt: '2026-11-21T15:00:00.000Z',
      },
    });
  });

  it('runs the window from the offer in the player’s daytime, and for a game within 16 hours', () => {
    // In Tokyo 08:00 UTC is 17:00: daytime.
    expect(leaveAt(fullGame('Asia/Tokyo'), '2026-11-21T08:00:00.000Z')[1]).toMatchObject({
      data: { expiresAt: '2026-11-21T10:00:00.000Z' },
    });
    // 07:00 UTC on the day is 02:00 in New York, but the game is 11 hours away: 30 minutes from now.
    expect(leaveAt(fullGame('America/New_York'), '2026-11-22T07:00:00.000Z')[1]).toMatchObject({
      data: { expiresAt: '2026-11-22T07:30:00.000Z' },
    });
  });

  it('runs it from the offer for a player who never said their zone', () => {
    expect(leaveAt(fullGame(), '2026-11-21T08:00:00.000Z')[1]).toMatchObject({
      data: { expiresAt: '2026-11-21T10:00:00.000Z' },
    });
  });
});
