import { describe, expect, it } from 'vitest';
import { gameLoopEvents, POLICY_NOW } from '../../testing/game-loop-events';
import { reminderPolicy } from './policy';

const { scheduled } = gameLoopEvents();

describe('the reminder policy', () => {
  it('reminds the members REMINDER_HOURS before the start (18:00 on 22 November), at once when that has passed', () => {
    const reminderIn = (hours: number) =>
      reminderPolicy({ now: POLICY_NOW }, hours).react(scheduled('game-1'), () => [])[0]?.delayMs;
    expect(reminderIn(2)).toBe(28 * 3_600_000);
    expect(reminderIn(24)).toBe(6 * 3_600_000);
    expect(reminderIn(48)).toBe(0);
  });
});
