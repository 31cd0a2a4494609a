import { describe, expect, it } from 'vitest';
import { keptWeeks, seriesWeeks, skipDatesOf } from './series-weeks';
import type { SubFieldAvailabilityEntry } from './slots';

const now = new Date('2026-11-21T12:00:00Z');
const selection = { startDate: '2026-11-24T18:00:00.000Z', endDate: '2026-11-24T19:30:00.000Z' };
const weekly = (week: number, from: string, to: string) => {
  const shift = (time: string) => new Date(Date.parse(time) + week * 7 * 86_400_000).toISOString();
  return { startDate: shift(from), endDate: shift(to) };
};
const windows: SubFieldAvailabilityEntry[] = [0, 1, 2, 3].map((week) => ({
  type: 'schedule',
  ...weekly(week, '2026-11-24T17:00:00Z', '2026-11-24T22:00:00Z'),
}));

describe("the Select Time step's weekly series (issue #30)", () => {
  it('lists each week with its date and whether its slot is free, held, booked or not available', () => {
    const entries: SubFieldAvailabilityEntry[] = [
      ...windows,
      { type: 'game', ...weekly(1, '2026-11-24T19:00:00Z', '2026-11-24T20:00:00Z') },
      { type: 'hold', mine: false, ...weekly(2, '2026-11-24T18:30:00Z', '2026-11-24T19:00:00Z') },
      // The captain's own hold does not clash: holding again replaces it.
      { type: 'hold', mine: true, ...weekly(0, '2026-11-24T18:00:00Z', '2026-11-24T19:30:00Z') },
    ];
    const weeks = seriesWeeks(selection, 5, entries, 'UTC', now);
    expect(weeks.map((week) => [week.date, week.status])).toEqual([
      ['2026-11-24', 'free'],
      ['2026-12-01', 'booked'],
      ['2026-12-08', 'held'],
      ['2026-12-15', 'free'],
      ['2026-12-22', 'unavailable'],
    ]);
    expect(weeks[3]).toMatchObject({ startDate: '2026-12-15T18:00:00.000Z', endDate: '2026-12-15T19:30:00.000Z' });
    expect(keptWeeks(weeks, ['2026-12-01', '2026-12-08']).map((week) => week.date)).toEqual([
      '2026-11-24',
      '2026-12-15',
      '2026-12-22',
    ]);
    expect(skipDatesOf(weeks, ['2026-12-01', '2027-05-05'])).toEqual(['2026-12-01']);
  });

  it("keeps the captain's time of day in their zone across a daylight-saving change", () => {
    const march = { startDate: '2027-03-09T23:00:00.000Z', endDate: '2027-03-10T00:00:00.000Z' };
    const weeks = seriesWeeks(march, 2, [], 'America/New_York', now);
    expect(weeks.map((week) => week.startDate)).toEqual(['2027-03-09T23:00:00.000Z', '2027-03-16T22:00:00.000Z']);
    expect(weeks.map((week) => week.date)).toEqual(['2027-03-09', '2027-03-16']);
  });
});
