import { describe, expect, it } from 'vitest';
import { gameLoopEvents, POLICY_NOW } from '../../testing/game-loop-events';
import { minimumPlayersPolicy } from './policy';

const { scheduled } = gameLoopEvents();
const policy = minimumPlayersPolicy({ now: POLICY_NOW });

describe('the thin game policy', () => {
  it('checks the minimum at the decision time (3 hours before 18:00 on 22 November), and asks nothing without one', () => {
    expect(policy.react(scheduled('game-7', { minPlayers: 10, decisionHours: 3 }), () => [])).toEqual([
      {
        jobName: 'check-minimum-players',
        data: { kind: 'check-minimum-players', gameId: 'game-7' },
        delayMs: 27 * 3_600_000,
      },
    ]);
    expect(policy.react(scheduled('game-8', { minPlayers: null }), () => [])).toEqual([]);
  });
});
