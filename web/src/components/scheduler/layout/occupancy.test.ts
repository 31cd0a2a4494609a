import { describe, expect, it } from 'vitest';
import { cellOccupancy, expectedMinutes, formatHoursMinutes, splitMinutes, takenSeconds } from './occupancy';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const HOUR = 3600;
// 16 March 2026 is a Monday; 21–22 March the weekend.
const mon = (h: number, min = 0) => local(2026, 3, 16, h, min);

describe('expected working time', () => {
  it('is 40 h a week, 8 h a business day, none on weekend days, 1 h an hour', () => {
    expect(expectedMinutes(mon(0), 0)).toBe(2400);
    expect(expectedMinutes(mon(0), 1)).toBe(480);
    expect(expectedMinutes(local(2026, 3, 21), 1)).toBe(0);
    expect(expectedMinutes(local(2026, 3, 21, 10), 2)).toBe(60);
  });
});

describe('cellOccupancy', () => {
  it('splits an hour into taken and free', () => {
    const o = cellOccupancy([{ start: mon(10, 15), end: mon(10, 45) }], mon(10), mon(11), 2);
    expect(o).toEqual({ expectedMinutes: 60, takenMinutes: 30, freeMinutes: 30, overtimeMinutes: 0 });
  });

  it('reports overtime beyond 8 h on a business day, adding overlapping bookings', () => {
    const o = cellOccupancy(
      [
        { start: mon(6), end: mon(14) },
        { start: mon(12), end: mon(14) },
      ],
      mon(0),
      local(2026, 3, 17),
      1,
    );
    expect(o).toEqual({ expectedMinutes: 480, takenMinutes: 600, freeMinutes: 0, overtimeMinutes: 120 });
  });

  it('ignores weekend hours in the day view unless asked to count them', () => {
    const sat = [{ start: local(2026, 3, 21, 10), end: local(2026, 3, 21, 14) }];
    const cell = [local(2026, 3, 21), local(2026, 3, 22)] as const;
    expect(cellOccupancy(sat, cell[0], cell[1], 1)).toMatchObject({
      takenMinutes: 0,
      freeMinutes: 0,
      overtimeMinutes: 0,
    });
    expect(cellOccupancy(sat, cell[0], cell[1], 1, true)).toMatchObject({ takenMinutes: 240, overtimeMinutes: 240 });
  });

  it('counts occupancy seconds per day across a week', () => {
    const fullWeek = [{ start: mon(0), end: local(2026, 3, 23), occupancy: 8 * HOUR }];
    const week = [mon(0), local(2026, 3, 23)] as const;
    expect(cellOccupancy(fullWeek, week[0], week[1], 0)).toEqual({
      expectedMinutes: 2400,
      takenMinutes: 2400,
      freeMinutes: 0,
      overtimeMinutes: 0,
    });
    expect(cellOccupancy(fullWeek, week[0], week[1], 0, true)).toMatchObject({
      takenMinutes: 56 * 60,
      overtimeMinutes: 16 * 60,
    });
  });

  it('caps occupancy at the part of the day a booking covers', () => {
    const b = { start: mon(20), end: local(2026, 3, 17, 20), occupancy: 6 * HOUR };
    // Monday 20:00–24:00 gives 4 h (less than 6), Tuesday 00:00–20:00 gives 6 h.
    expect(takenSeconds(b, mon(0), local(2026, 3, 23), 0, false)).toBe(10 * HOUR);
  });

  it('takes nothing from bookings outside the cell', () => {
    expect(cellOccupancy([{ start: mon(8), end: mon(9) }], mon(9), mon(10), 2).takenMinutes).toBe(0);
  });
});

describe('hours and minutes', () => {
  it('splits and formats minutes', () => {
    expect(splitMinutes(330)).toEqual({ hours: 5, minutes: 30 });
    expect(splitMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
    expect(formatHoursMinutes(330)).toBe('5h 30m');
    expect(formatHoursMinutes(45)).toBe('45m');
    expect(formatHoursMinutes(120)).toBe('2h');
    expect(formatHoursMinutes(0)).toBe('0h');
  });
});
