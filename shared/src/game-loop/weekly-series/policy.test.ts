import { describe, expect, it } from 'vitest';
import { gameLoopEvents, POLICY_NOW } from '../../testing/game-loop-events';
import { regularsPolicy } from './policy';

const { scheduled } = gameLoopEvents();
const policy = regularsPolicy({ now: POLICY_NOW });
const weekOf = (week: number) => ({
  series: { seriesId: 's-1', week, weeks: 8, regularsWindowHours: 48, previousEndDate: null },
});

describe('the weekly series policy', () => {
  it("names next week's regulars at a series week's end (20:00 on 22 November, 32 hours after now)", () => {
    expect(policy.react(scheduled('game-1', weekOf(1)), () => [])).toEqual([
      { jobName: 'name-regulars', data: { kind: 'name-regulars', gameId: 'game-1' }, delayMs: 32 * 3_600_000 },
    ]);
  });

  it('asks nothing of the last week, nor of a game of no series', () => {
    expect(policy.react(scheduled('game-8', weekOf(8)), () => [])).toEqual([]);
    expect(policy.react(scheduled('game-9'), () => [])).toEqual([]);
  });
});
