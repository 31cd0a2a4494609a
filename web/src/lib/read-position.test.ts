import { describe, expect, it } from 'vitest';
import { createPositionTracker, isLaterPosition } from './read-position';

/** The latest position a tracker holds after responses carried these, in this order. */
function latestAfter(...positions: (string | null | undefined)[]): string | undefined {
  const tracker = createPositionTracker();
  for (const position of positions) tracker.record(position);
  return tracker.latest();
}

describe('position tracking (read-your-writes)', () => {
  it('knows nothing before the first command', () => {
    expect(createPositionTracker().latest()).toBeUndefined();
  });

  it('keeps the highest position, whatever order responses arrive in', () => {
    expect(latestAfter('17', '42', '30')).toBe('42');
  });

  it('compares numerically, not as text', () => {
    expect(latestAfter('9', '10')).toBe('10');
  });

  it('orders positions beyond 2^53 exactly', () => {
    expect(isLaterPosition('9007199254740993', '9007199254740992')).toBe(true);
    expect(isLaterPosition('9007199254740992', '9007199254740993')).toBe(false);
  });

  it('ignores responses without a position', () => {
    expect(latestAfter('5', null, undefined, '  ')).toBe('5');
  });

  it("orders the log's commit:position checkpoints, commit first", () => {
    const tracker = createPositionTracker();
    tracker.record('120:7');
    tracker.record('118:9');
    expect(tracker.latest()).toBe('120:7');
    tracker.record('120:10');
    expect(tracker.latest()).toBe('120:10');
    expect(isLaterPosition('9:1', '10:1')).toBe(false);
  });

  it('takes the newest opaque position when positions are not numbers', () => {
    expect(latestAfter('C:12/P:12', 'C:20/P:20')).toBe('C:20/P:20');
  });
});
