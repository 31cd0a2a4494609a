import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFER_WINDOWS, gameHasEnded, gamePhaseAt, minimumDecisionAt, offerWindowMs } from './rules';

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

describe('how long an offer of a freed place stands', () => {
  const hour = 3_600_000;
  const kickOff = Date.parse('2026-05-02T18:00:00Z');

  it('is 2 hours beyond a day before the start, 30 minutes beyond 2 hours, 10 minutes after', () => {
    expect(offerWindowMs(kickOff - 24 * hour - 1, kickOff)).toBe(2 * hour);
    expect(offerWindowMs(kickOff - 24 * hour, kickOff)).toBe(30 * 60_000);
    expect(offerWindowMs(kickOff - 2 * hour - 1, kickOff)).toBe(30 * 60_000);
    expect(offerWindowMs(kickOff - 2 * hour, kickOff)).toBe(10 * 60_000);
    expect(offerWindowMs(kickOff + hour, kickOff)).toBe(10 * 60_000);
  });

  it('takes the three lengths as settings', () => {
    const windows = { ...DEFAULT_OFFER_WINDOWS, moreThanTwoHoursAwayMs: 5 };
    expect(offerWindowMs(kickOff - 3 * hour, kickOff, windows)).toBe(5);
  });
});

describe('when the minimum of players is checked', () => {
  it('is decisionHours before the start, and never for a game without a minimum', () => {
    const details = { startDate: '2026-05-02T18:00:00.000Z', minPlayers: 8, decisionHours: 48 };
    expect(minimumDecisionAt(details)).toEqual(new Date('2026-04-30T18:00:00.000Z'));
    expect(minimumDecisionAt({ ...details, minPlayers: null })).toBeNull();
    expect(minimumDecisionAt({ ...details, decisionHours: null })).toBeNull();
  });
});
