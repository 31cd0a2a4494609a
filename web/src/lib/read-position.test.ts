import { describe, expect, it } from 'vitest';
import { createPositionTracker, isLaterPosition } from './read-position';

describe('position tracking (read-your-writes)', () => {
  it('knows nothing before the first command', () => {
    expect(createPositionTracker().latest()).toBeUndefined();
  });

  it('keeps the highest position, whatever order responses arrive in', () => {
    const tracker = createPositionTracker();
    tracker.record('17');
    tracker.record('42');
    tracker.record('30');
    expect(tracker.latest()).toBe('42');
  });

  it('compares numerically, not as text', () => {
    const tracker = createPositionTracker();
    tracker.record('9');
    tracker.record('10');
    expect(tracker.latest()).toBe('10');
  });

  it('orders positions beyond 2^53 exactly', () => {
    expect(isLaterPosition('9007199254740993', '9007199254740992')).toBe(true);
    expect(isLaterPosition('9007199254740992', '9007199254740993')).toBe(false);
  });

  it('ignores responses without a position', () => {
    const tracker = createPositionTracker();
    tracker.record('5');
    tracker.record(null);
    tracker.record(undefined);
    tracker.record('  ');
    expect(tracker.latest()).toBe('5');
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
    const tracker = createPositionTracker();
    tracker.record('C:12/P:12');
    tracker.record('C:20/P:20');
    expect(tracker.latest()).toBe('C:20/P:20');
  });
});
