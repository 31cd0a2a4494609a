import { describe, expect, it } from 'vitest';
import { ReadPace } from './read-pace';

describe('ReadPace', () => {
  it('lets a few reads after a quiet spell go at once, then paces them at one per interval', () => {
    const pace = new ReadPace(10, 3, 0);
    expect([pace.take(0), pace.take(1), pace.take(2)]).toEqual([0, 0, 0]);
    // The fourth within the same few milliseconds waits for the bucket to refill to one read.
    expect(pace.take(3)).toBeCloseTo(7, 5);
    // Sustained: one per interval, every read waiting its turn.
    expect(pace.take(10)).toBeCloseTo(10, 5);
  });

  it('never holds up reads that come at most once per interval', () => {
    const pace = new ReadPace(10, 3, 0);
    for (let at = 0; at < 1000; at += 10) expect(pace.take(at)).toBe(0);
  });

  it('refills no more than its burst however long the log was quiet', () => {
    const pace = new ReadPace(10, 2, 0);
    expect([pace.take(60_000), pace.take(60_000)]).toEqual([0, 0]);
    expect(pace.take(60_000)).toBeCloseTo(10, 5);
  });
});
