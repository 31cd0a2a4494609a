import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSharedClock } from './shared-clock';

describe('the page clock shared by what shows the time', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-06-11T10:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('keeps its time between ticks, however long a render takes', () => {
    const clock = createSharedClock();
    const first = clock.now();
    vi.setSystemTime(Date.parse('2026-06-11T10:00:00.700Z'));
    expect(clock.now()).toBe(first);
    const stop = clock.read(() => undefined);
    // Starting to tick keeps the time the readers rendered with.
    expect(clock.now()).toBe(first);
    stop();
  });

  it('moves at each tick and tells every reader once', () => {
    const clock = createSharedClock();
    const heard: string[] = [];
    const stopA = clock.read(() => heard.push('a'));
    const stopB = clock.read(() => heard.push('b'));
    vi.advanceTimersByTime(1000);
    expect(clock.now()).toBe(Date.parse('2026-06-11T10:00:01.000Z'));
    expect(heard).toEqual(['a', 'b']);
    stopA();
    vi.advanceTimersByTime(1000);
    expect(heard).toEqual(['a', 'b', 'b']);
    stopB();
  });

  it('stops when the last reader leaves, and starts again from the time then', () => {
    const clock = createSharedClock();
    const heard: number[] = [];
    const stop = clock.read(() => heard.push(clock.now()));
    vi.advanceTimersByTime(1000);
    stop();
    vi.advanceTimersByTime(5000);
    expect(heard).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(clock.now()).toBe(Date.parse('2026-06-11T10:00:06.000Z'));
  });
});
