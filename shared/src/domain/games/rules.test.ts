import { describe, expect, it } from 'vitest';
import { gameHasEnded, gamePhaseAt } from './rules';

const start = Date.parse('2026-05-01T18:00:00Z');
const end = Date.parse('2026-05-01T19:30:00Z');

describe('when a game has ended', () => {
  it('is not started before the start, live from the start, ended after the end', () => {
    expect(gamePhaseAt(Date.parse('2026-05-01T17:59:59Z'), start, end)).toBe('not-started');
    expect(gamePhaseAt(start, start, end)).toBe('live');
    expect(gamePhaseAt(Date.parse('2026-05-01T19:00:00Z'), start, end)).toBe('live');
    expect(gamePhaseAt(Date.parse('2026-05-01T19:30:01Z'), start, end)).toBe('ended');
  });

  it('has ended at its end instant exactly, and not a millisecond before', () => {
    expect(gameHasEnded(end - 1, end)).toBe(false);
    expect(gameHasEnded(end, end)).toBe(true);
    expect(gamePhaseAt(end - 1, start, end)).toBe('live');
    expect(gamePhaseAt(end, start, end)).toBe('ended');
  });
});
