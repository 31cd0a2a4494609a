import { describe, expect, it } from 'vitest';
import { replaceEqualDeep } from '@tanstack/react-query';
import { carryReadAt, createPositionTracker, isLaterPosition, readSince, recordReadAt } from './read-position';

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

describe("an answer's read position against a room join's", () => {
  const answered = (position: string | null) => {
    const answer = { games: [{ gameId: 'g1' }] };
    recordReadAt(answer, position);
    return answer;
  };

  it('is read again when read before the join, not when read at or after it', () => {
    expect(readSince(answered('100:7'), '100:8')).toBe(false);
    expect(readSince(answered('100:8'), '100:8')).toBe(true);
    expect(readSince(answered('101:2'), '100:8')).toBe(true);
  });

  it('orders by commit first, as the log does', () => {
    expect(readSince(answered('101:1'), '100:9')).toBe(true);
    expect(readSince(answered('100:9'), '101:1')).toBe(false);
  });

  it('is read again when either position is unknown, or the answer is not an object', () => {
    expect(readSince(answered(null), '100:8')).toBe(false);
    expect(readSince(answered('100:8'), undefined)).toBe(false);
    expect(readSince(answered('not a position'), '100:8')).toBe(false);
    expect(readSince('a text answer', '100:8')).toBe(false);
    expect(readSince(undefined, '100:8')).toBe(false);
  });

  it('keeps the newer read when an equal answer keeps the old object (structural sharing)', () => {
    const old = answered('100:1');
    const newer = answered('100:9');
    const kept = carryReadAt(replaceEqualDeep(old, newer), newer);
    expect(kept).toBe(old);
    expect(readSince(kept, '100:9')).toBe(true);
  });

  it('gives a merged answer the newer read', () => {
    const old = answered('100:1');
    const newer = { games: [{ gameId: 'g1' }, { gameId: 'g2' }] };
    recordReadAt(newer, '100:9');
    const merged = carryReadAt(replaceEqualDeep(old, newer), newer);
    expect(readSince(merged, '100:9')).toBe(true);
  });

  it("takes an infinite query's data as read when every page is, and carries each page's newer read", () => {
    const first = answered('100:9');
    const second = answered('100:5');
    expect(readSince({ pages: [first, second], pageParams: [null, 'x'] }, '100:5')).toBe(true);
    expect(readSince({ pages: [first, second], pageParams: [null, 'x'] }, '100:9')).toBe(false);
    expect(readSince({ pages: [], pageParams: [] }, '100:5')).toBe(false);
    const old = { pages: [answered('100:1')], pageParams: [null] };
    const newer = { pages: [answered('100:9')], pageParams: [null] };
    const kept = carryReadAt(replaceEqualDeep(old, newer), newer);
    expect(readSince(kept, '100:9')).toBe(true);
  });
});
