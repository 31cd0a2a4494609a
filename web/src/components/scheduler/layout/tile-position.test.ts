import { describe, expect, it } from 'vitest';
import { MIN_TILE_WIDTH, ROW_HEIGHT } from './constants';
import { computeWindow } from './ranges';
import { dateAtOffset, offsetForDate, tilePosition, tileTop } from './tile-position';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();

describe('tilePosition', () => {
  // Zoom 2, 2 hour columns per viewport: 13:00–19:00 on 18 March 2026, 50 px an hour.
  const hours = computeWindow(local(2026, 3, 18, 15), 2, 100);

  it('places a tile from its dates', () => {
    expect(tilePosition(local(2026, 3, 18, 14, 30), local(2026, 3, 18, 16), hours)).toEqual({
      left: 75,
      width: 75,
      cutStart: false,
      cutEnd: false,
    });
  });

  it('clips tiles at the window edges and drops those outside', () => {
    expect(tilePosition(local(2026, 3, 18, 11), local(2026, 3, 18, 14), hours)).toEqual({
      left: 0,
      width: 50,
      cutStart: true,
      cutEnd: false,
    });
    expect(tilePosition(local(2026, 3, 18, 18), local(2026, 3, 19), hours)).toMatchObject({
      left: 250,
      width: 50,
      cutEnd: true,
    });
    expect(tilePosition(local(2026, 3, 18, 9), local(2026, 3, 18, 13), hours)).toBeNull();
    expect(tilePosition(local(2026, 3, 18, 19), local(2026, 3, 18, 20), hours)).toBeNull();
  });

  it('gives very short entries a minimum width', () => {
    const p = tilePosition(local(2026, 3, 18, 15), local(2026, 3, 18, 15), hours);
    expect(p).toMatchObject({ left: 100, width: MIN_TILE_WIDTH });
  });

  it('uses 12 px per day inside 84 px week columns', () => {
    const weeks = computeWindow(local(2026, 3, 18), 0, 84); // columns from Monday 9 March
    expect(tilePosition(local(2026, 3, 10), local(2026, 3, 12), weeks)).toMatchObject({ left: 12, width: 24 });
    expect(offsetForDate(local(2026, 3, 16), weeks)).toBe(84);
  });

  it('keeps a day one column wide across a daylight-saving change', () => {
    const previous = process.env.TZ;
    process.env.TZ = 'Europe/Warsaw';
    try {
      const days = computeWindow(local(2026, 3, 29), 1, 50); // 28–30 March, DST starts on the 29th
      const p = tilePosition(local(2026, 3, 29), local(2026, 3, 30), days);
      expect(p).toMatchObject({ left: 50, width: 50 });
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });

  it('turns an offset back into the date (inverse of offsetForDate)', () => {
    const days = computeWindow(local(2026, 3, 18), 1, 500);
    const date = local(2026, 3, 20, 18);
    expect(dateAtOffset(offsetForDate(date, days), days).getTime()).toBe(date);
    expect(dateAtOffset(0, days).getTime()).toBe(days.start);
  });

  it('centres the 48 px tile in its 56 px sub-row', () => {
    expect(tileTop(0, 0)).toBe(4);
    expect(tileTop(112, 2)).toBe(112 + 2 * ROW_HEIGHT + 4);
  });
});
