import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './throttle';

describe('createThrottle (tooltip, 300 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then once per window with the latest arguments', () => {
    const calls: number[] = [];
    const throttled = createThrottle((n: number) => calls.push(n), 300);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(299);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    vi.advanceTimersByTime(400);
    throttled(4);
    expect(calls).toEqual([1, 3, 4]);
  });

  it('drops the trailing call when cancelled (mouse left the grid)', () => {
    const calls: number[] = [];
    const throttled = createThrottle((n: number) => calls.push(n), 300);
    throttled(1);
    throttled(2);
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([1]);
  });
});
