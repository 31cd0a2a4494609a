import { describe, expect, it } from 'vitest';
import {
  columnBounds,
  columnsForViewport,
  computeWindow,
  detectScrollEdge,
  navigationStep,
  overlapsRange,
  shiftForEdge,
  stepDate,
  windowRange,
} from './ranges';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('visible window', () => {
  it('covers three viewport widths in whole thirds', () => {
    expect(columnsForViewport(1000, 1)).toBe(60); // 20 day columns of 50 px per viewport
    expect(columnsForViewport(1000, 0)).toBe(36); // ceil(1000 / 84) = 12 week columns
    expect(columnsForViewport(0, 2)).toBe(3);
  });

  it('starts one viewport before the anchor day at zoom 1', () => {
    const w = computeWindow(local(2026, 3, 18, 15, 20), 1, 500);
    expect(w).toMatchObject({ columns: 30, leadColumns: 10, columnWidth: 50, width: 1500 });
    expect(new Date(w.start)).toEqual(local(2026, 3, 8));
    expect(new Date(w.end)).toEqual(local(2026, 4, 7));
    expect(windowRange(w)).toEqual({ startDate: local(2026, 3, 8), endDate: local(2026, 4, 7) });
  });

  it('aligns weeks on ISO Mondays at zoom 0 and hours at zoom 2', () => {
    const weeks = computeWindow(local(2026, 1, 1), 0, 168); // Thursday; 2 columns per viewport
    expect(new Date(weeks.start)).toEqual(local(2025, 12, 15));
    expect(weeks.columns).toBe(6);
    const hours = computeWindow(local(2026, 3, 18, 15, 20), 2, 100);
    expect(new Date(hours.start)).toEqual(local(2026, 3, 18, 13));
    expect(new Date(hours.end)).toEqual(local(2026, 3, 18, 19));
    expect(columnBounds(hours, 2)).toEqual({
      start: local(2026, 3, 18, 15).getTime(),
      end: local(2026, 3, 18, 16).getTime(),
    });
  });
});

describe('navigation', () => {
  it('moves one hour at zoom 2 and two weeks otherwise, both ways', () => {
    expect(navigationStep(2)).toEqual({ amount: 1, unit: 'hour' });
    expect(navigationStep(0)).toEqual({ amount: 2, unit: 'week' });
    expect(stepDate(local(2026, 3, 18, 15), 2, 1)).toEqual(local(2026, 3, 18, 16));
    expect(stepDate(local(2026, 3, 18, 15), 2, -1)).toEqual(local(2026, 3, 18, 14));
    expect(stepDate(local(2026, 3, 18), 1, 1)).toEqual(local(2026, 4, 1));
    expect(stepDate(local(2026, 3, 18), 0, -1)).toEqual(local(2026, 3, 4));
  });

  it('shifts the anchor by one third of the window at a scroll edge', () => {
    const w = computeWindow(local(2026, 3, 18), 1, 500);
    expect(shiftForEdge(local(2026, 3, 18, 9), w, 'right')).toEqual(local(2026, 3, 28));
    expect(shiftForEdge(local(2026, 3, 18, 9), w, 'left')).toEqual(local(2026, 3, 8));
    const next = computeWindow(shiftForEdge(local(2026, 3, 18), w, 'right'), 1, 500);
    expect(next.start - w.start).toBe(next.end - w.end);
    expect(new Date(next.start)).toEqual(local(2026, 3, 18));
  });

  it('detects the left and right edges of the scroll area', () => {
    expect(detectScrollEdge({ scrollLeft: 0, clientWidth: 500, scrollWidth: 1500 })).toBe('left');
    expect(detectScrollEdge({ scrollLeft: 1000, clientWidth: 500, scrollWidth: 1500 })).toBe('right');
    expect(detectScrollEdge({ scrollLeft: 999.5, clientWidth: 500, scrollWidth: 1500 })).toBe('right');
    expect(detectScrollEdge({ scrollLeft: 500, clientWidth: 500, scrollWidth: 1500 })).toBeNull();
    expect(detectScrollEdge({ scrollLeft: 0, clientWidth: 500, scrollWidth: 500 })).toBeNull();
  });
});

describe('overlapsRange', () => {
  const from = 100;
  const to = 200;
  it('shows entries that overlap the range and hides touching ones', () => {
    expect(overlapsRange(50, 150, from, to)).toBe(true);
    expect(overlapsRange(150, 250, from, to)).toBe(true);
    expect(overlapsRange(50, 250, from, to)).toBe(true);
    expect(overlapsRange(50, 100, from, to)).toBe(false);
    expect(overlapsRange(200, 300, from, to)).toBe(false);
  });

  it('treats instants as points and rejects unreadable dates', () => {
    expect(overlapsRange(100, 100, from, to)).toBe(true);
    expect(overlapsRange(200, 200, from, to)).toBe(false);
    expect(overlapsRange(Number.NaN, 150, from, to)).toBe(false);
  });
});
