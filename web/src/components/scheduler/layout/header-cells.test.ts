import { describe, expect, it } from 'vitest';
import { buildHeader, cellLabel, groupSpans, rangeLabel } from './header-cells';
import { computeWindow } from './ranges';
import { describeStartDate } from './dates';

const local = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();

describe('week header (zoom 0)', () => {
  it('numbers ISO weeks through a 53-week year into the next year', () => {
    // 2026 starts on a Thursday, so it has 53 ISO weeks; two week columns per viewport.
    const w = computeWindow(local(2026, 12, 28), 0, 168);
    const header = buildHeader(w, { now: local(2026, 12, 31) });
    expect(header.columns.map((c) => c.label)).toEqual(['51', '52', '53', '1', '2', '3']);
    expect(header.columns.map((c) => c.sublabel)).toEqual(['14 Dec', '21 Dec', '28 Dec', '4 Jan', '11 Jan', '18 Jan']);
    expect(header.columns.map((c) => c.isCurrent)).toEqual([false, false, true, false, false, false]);
    expect(header.top.map((s) => [s.label, s.left, s.width])).toEqual([
      ['2026', 0, 3 * 84],
      ['2027', 3 * 84, 3 * 84],
    ]);
    expect(header.middle.map((s) => s.label)).toEqual(['December', 'January']);
  });

  it('puts the week holding 1 January 2026 in week 1 of 2026', () => {
    const w = computeWindow(local(2026, 1, 1), 0, 84); // Mondays 22 Dec, 29 Dec, 5 Jan
    const header = buildHeader(w, { now: 0 });
    expect(header.columns.map((c) => c.label)).toEqual(['52', '1', '2']);
    expect(header.top.map((s) => s.label)).toEqual(['2025', '2026']);
    expect(header.middle.map((s) => s.label)).toEqual(['December', 'January']);
  });

  it('describes 1 January 2021 as ISO week 53', () => {
    const d = describeStartDate(new Date(2021, 0, 1, 9), new Date(2021, 0, 1, 18));
    expect(d).toEqual({
      hour: 9,
      dayName: 'Friday',
      dayOfMonth: 1,
      weekOfYear: 53,
      month: 0,
      monthName: 'January',
      isBusinessDay: true,
      isCurrentDay: true,
      year: 2021,
    });
    expect(describeStartDate(new Date(2021, 0, 3)).weekOfYear).toBe(53);
    expect(describeStartDate(new Date(2021, 0, 4)).weekOfYear).toBe(1);
    expect(describeStartDate(new Date(2021, 0, 3), new Date(2021, 0, 4)).isBusinessDay).toBe(false);
  });
});

describe('day header (zoom 1)', () => {
  // Seven day columns per viewport: 9–29 March 2026, Monday first.
  const w = computeWindow(local(2026, 3, 16), 1, 350);
  const header = buildHeader(w, { now: local(2026, 3, 18, 12), weekLabel: 'Week' });

  it('shows day name and day of month, shading weekends', () => {
    expect(header.columns).toHaveLength(21);
    expect(header.columns[0]).toMatchObject({ label: '9', sublabel: 'Mon', left: 0, width: 50 });
    const weekends = header.columns.filter((c) => c.isWeekend).map((c) => c.label);
    expect(weekends).toEqual(['14', '15', '21', '22', '28', '29']);
    expect(header.columns.every((c) => c.isBusinessDay === !c.isWeekend)).toBe(true);
  });

  it('highlights the current day only', () => {
    expect(header.columns.filter((c) => c.isCurrent).map((c) => c.label)).toEqual(['18']);
  });

  it('groups days into 350 px weeks and a month-and-year row', () => {
    expect(header.middle.map((s) => [s.label, s.width])).toEqual([
      ['Week 11', 350],
      ['Week 12', 350],
      ['Week 13', 350],
    ]);
    expect(header.middle[1]!.isCurrent).toBe(true);
    expect(header.top.map((s) => [s.label, s.width])).toEqual([['March 2026', 1050]]);
  });

  it('names months and days in the chosen locale', () => {
    const pl = buildHeader(w, { now: 0, localeCode: 'pl', weekLabel: 'Tydzień' });
    expect(pl.top[0]!.label).toBe('Marzec 2026');
    expect(pl.middle[0]!.label).toBe('Tydzień 11');
    expect(pl.columns[0]!.sublabel).toBe('Pon');
    const de = buildHeader(w, { now: 0, localeCode: 'de' });
    expect(de.columns[0]!.sublabel).toBe('Mo.');
  });
});

describe('hour header (zoom 2)', () => {
  const w = computeWindow(new Date(2026, 2, 31, 22, 30), 2, 100); // 20:00 31 March – 02:00 1 April
  const header = buildHeader(w, { now: local(2026, 3, 31, 22) + 15 * 60_000 });

  it('shows hourly cells under the full date and the month', () => {
    expect(header.columns.map((c) => c.label)).toEqual(['20:00', '21:00', '22:00', '23:00', '00:00', '01:00']);
    expect(header.columns.filter((c) => c.isCurrent).map((c) => c.label)).toEqual(['22:00']);
    expect(header.middle.map((s) => [s.label, s.width])).toEqual([
      ['Tuesday, 31 March 2026', 200],
      ['Wednesday, 1 April 2026', 100],
    ]);
    expect(header.top.map((s) => [s.label, s.left])).toEqual([
      ['March 2026', 0],
      ['April 2026', 200],
    ]);
  });

  it('uses genitive month names in full Polish dates', () => {
    const pl = buildHeader(w, { now: 0, localeCode: 'pl' });
    expect(pl.middle[0]!.label).toBe('Wtorek, 31 marca 2026');
  });
});

describe('groupSpans and cellLabel', () => {
  it('merges only neighbouring columns with the same key', () => {
    const col = (index: number) => ({
      index,
      start: 0,
      end: 0,
      left: index * 10,
      width: 10,
      label: '',
      isWeekend: false,
      isBusinessDay: true,
      isCurrent: index === 3,
    });
    const keys = ['a', 'a', 'b', 'b', 'a'];
    const spans = groupSpans([0, 1, 2, 3, 4].map(col), (c) => ({ key: keys[c.index]!, label: keys[c.index]! }));
    expect(spans.map((s) => [s.key, s.left, s.width, s.isCurrent])).toEqual([
      ['a', 0, 20, false],
      ['b', 20, 20, true],
      ['a', 40, 10, false],
    ]);
  });

  it('labels tooltip cells per zoom', () => {
    expect(cellLabel(local(2026, 3, 16), local(2026, 3, 23), 0)).toBe('Week 12 · 16 Mar – 22 Mar 2026');
    expect(cellLabel(local(2026, 3, 16), local(2026, 3, 17), 1)).toBe('Monday, 16 March 2026');
    expect(cellLabel(local(2026, 3, 16, 9), local(2026, 3, 16, 10), 2)).toBe('Mon, 16 Mar · 09:00–10:00');
  });
});

describe('rangeLabel', () => {
  it('captions the first visible month, day or hour', () => {
    const d = new Date(2026, 2, 16, 9, 40).getTime();
    expect(rangeLabel(d, 0)).toBe('March 2026');
    expect(rangeLabel(d, 1)).toBe('16 March 2026');
    expect(rangeLabel(d, 2)).toBe('16 March 2026, 09:00');
    expect(rangeLabel(d, 0, 'lt')).toBe('Kovas 2026');
  });
});
