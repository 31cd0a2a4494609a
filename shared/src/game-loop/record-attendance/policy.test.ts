import { describe, expect, it } from 'vitest';
import { storedEvent } from '../../testing/reactors';
import { recordAttendancePolicy } from './policy';

describe('the attendance recording policy', () => {
  it("asks the player's stream to record a check-in, a mark, a clearing and a leave", () => {
    const asked = (type: string, data: Record<string, unknown>) =>
      recordAttendancePolicy.react(storedEvent(type, { gameId: 'g1', playerId: 'p1', ...data }, 1), () => []);
    expect(asked('PlayerCheckedIn', { window: 1, at: '2026-11-22T17:45:00.000Z' })).toEqual([
      { jobName: 'record-attendance', data: { kind: 'record-attendance', gameId: 'g1', playerId: 'p1', leftAt: null } },
    ]);
    expect(asked('PlayerLeft', { at: '2026-11-22T17:00:00.000Z', playedSeconds: 0 })[0]?.data.leftAt).toBe(
      '2026-11-22T17:00:00.000Z',
    );
    expect(recordAttendancePolicy.handles).toEqual([
      'PlayerCheckedIn',
      'AttendanceMarked',
      'AttendanceMarkCleared',
      'PlayerLeft',
    ]);
  });
});
