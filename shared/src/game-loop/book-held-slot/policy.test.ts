import { describe, expect, it } from 'vitest';
import { gameLoopEvents } from '../../testing/game-loop-events';
import { scheduleGamePolicy as policy } from './policy';

const { booked, scheduled } = gameLoopEvents();

describe('the booked game policy', () => {
  it('follows a booking up with a job that makes its game', () => {
    const booking = booked('game-1');
    expect(policy.react(booking, () => [])).toEqual([
      { jobName: 'schedule-game', data: { kind: 'schedule-game', booking: booking.data } },
    ]);
  });

  it('asks for nothing when its game is already made later in the same batch', () => {
    const booking = booked('game-2');
    expect(policy.react(booking, () => [booked('game-3'), scheduled('game-2')])).toEqual([]);
    // Another game's making does not stand in for this one's.
    expect(policy.react(booking, () => [scheduled('game-3')])).toHaveLength(1);
  });
});
