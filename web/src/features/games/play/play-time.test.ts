import { describe, expect, it } from 'vitest';
import { serverClockOffset } from '../api/game-data';
import { countdownAt, playMinutes, playSecondsAt, replaceCandidates, serverNow } from './play-time';

const start = Date.parse('2026-06-11T10:00:00Z');
const end = Date.parse('2026-06-11T11:00:00Z');

describe('play time from the server clock', () => {
  it('measures the offset between the server and the browser at the fetch', () => {
    // The browser's clock is 5 minutes behind.
    const offset = serverClockOffset('2026-06-11T10:10:00Z', Date.parse('2026-06-11T10:05:00Z'));
    expect(offset).toBe(5 * 60_000);
    expect(serverNow(offset, Date.parse('2026-06-11T10:05:30Z'))).toBe(Date.parse('2026-06-11T10:10:30Z'));
  });

  it('adds the running interval to the closed seconds', () => {
    const player = { playTime: 120, playStart: '2026-06-11T10:20:00Z' };
    expect(playSecondsAt(player, Date.parse('2026-06-11T10:21:30Z'), start, end)).toBe(210);
  });

  it('counts nothing running for a sideline player', () => {
    expect(playSecondsAt({ playTime: 95, playStart: null }, Date.parse('2026-06-11T10:40:00Z'), start, end)).toBe(95);
  });

  it("clamps the running interval to the game's start and end", () => {
    const before = { playTime: 0, playStart: '2026-06-11T09:50:00Z' };
    expect(playSecondsAt(before, Date.parse('2026-06-11T09:55:00Z'), start, end)).toBe(0);
    expect(playSecondsAt(before, Date.parse('2026-06-11T10:01:00Z'), start, end)).toBe(60);
    expect(playSecondsAt(before, Date.parse('2026-06-11T12:00:00Z'), start, end)).toBe(3600);
  });

  it('rounds to whole minutes', () => {
    expect(playMinutes(89)).toBe(1);
    expect(playMinutes(90)).toBe(2);
    expect(playMinutes(0)).toBe(0);
  });

  it('sorts the Replace list by play time, longest first', () => {
    const at = Date.parse('2026-06-11T10:30:00Z');
    const a = { id: 'a', playTime: 100, playStart: null };
    const b = { id: 'b', playTime: 0, playStart: '2026-06-11T10:00:00Z' };
    const c = { id: 'c', playTime: 600, playStart: null };
    expect(replaceCandidates([a, b, c], at, start, end).map((p) => p.id)).toEqual(['b', 'c', 'a']);
  });
});

describe('the countdown', () => {
  it('says the game has not started before its start', () => {
    expect(countdownAt(start - 1000, start, end)).toEqual({ phase: 'not-started' });
  });

  it('ticks while live', () => {
    expect(countdownAt(start + (3600 + 2 * 60 + 3) * 1000 - 3600_000, start, end)).toEqual({
      phase: 'live',
      text: 'Game started: 0h 2m 3s',
    });
    expect(countdownAt(start, start, end)).toEqual({ phase: 'live', text: 'Game started: 0h 0m 0s' });
  });

  it('ends after the end', () => {
    expect(countdownAt(end + 1, start, end)).toEqual({ phase: 'ended' });
  });

  it('has ended at the end instant, as the server decides', () => {
    expect(countdownAt(end - 1, start, end).phase).toBe('live');
    expect(countdownAt(end, start, end)).toEqual({ phase: 'ended' });
  });
});
