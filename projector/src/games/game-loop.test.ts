import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@playtime/shared/infra/eventstore/port';
import { testSlotBooked } from '@playtime/shared/testing/bookings';
import type { JobQueue } from '@playtime/shared/infra/jobs/port';
import { gameLoopReactor, type GameLoopJob } from './game-loop';

// The reactor only names the queue its jobs go to; it never calls it.
const queue = { name: 'game-loop' } as unknown as JobQueue<GameLoopJob>;
const reactor = gameLoopReactor(queue, () => new Date('2026-11-21T12:00:00Z'));

let position = 0;
const stored = (type: string, data: unknown): StoredEvent => {
  position += 1;
  return {
    eventId: `event-${position}`,
    streamId: 'stream',
    revision: position,
    globalPosition: position,
    checkpoint: { commit: 1, position },
    type,
    data,
    metadata: {},
    createdAt: new Date(),
  };
};
const booked = (gameId: string) => stored('SlotBooked', testSlotBooked({ holdId: `hold-of-${gameId}`, gameId }));
const scheduled = (gameId: string) => stored('GameScheduled', { gameId });

describe('the game loop reactor', () => {
  it('follows a booking up with a job that makes its game', () => {
    const booking = booked('game-1');
    expect(reactor.react(booking, () => [])).toEqual([{ queue, jobName: 'schedule-game', data: { kind: 'schedule-game', booking: booking.data } }]);
  });

  it('asks for nothing when its game is already made later in the same batch, and nothing for the game itself', () => {
    const booking = booked('game-2');
    const game = scheduled('game-2');
    expect(reactor.react(booking, () => [booked('game-3'), game])).toEqual([]);
    expect(reactor.react(game, () => [])).toEqual([]);
    // Another game's making does not stand in for this one's.
    expect(reactor.react(booking, () => [scheduled('game-3')])).toHaveLength(1);
  });
});
