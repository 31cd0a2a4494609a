import { describe, expect, it } from 'vitest';
import { durationLabel, playersLabel } from './game-timing';

const start = new Date('2026-05-01T18:00:00Z');
const end = new Date('2026-05-01T19:30:00Z');

describe('game timing', () => {
  it('labels the length in hours and minutes', () => {
    expect(durationLabel(start, end)).toBe('1h 30m');
    expect(durationLabel(start, new Date('2026-05-01T20:00:00Z'))).toBe('2h');
    expect(durationLabel(start, new Date('2026-05-01T18:45:00Z'))).toBe('45m');
  });

  it('labels the players', () => {
    expect(playersLabel(0, 22, 0)).toBe('No players yet');
    expect(playersLabel(9, 22, 0)).toBe('9 / 22 players');
    expect(playersLabel(0, 14, 1)).toBe('0 / 14 players · 1 on the sideline');
    expect(playersLabel(3, 14, 2)).toBe('3 / 14 players · 2 on the sideline');
  });
});
