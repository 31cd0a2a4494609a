import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { dateIn, weeklySpans } from '@playtime/shared/contract/series';
import type { Selection, SubFieldAvailabilityEntry } from './slots';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * 'Repeat weekly' on the Select Time step (issue #30): each week of the series with its date and
 * whether its slot is free, held by another captain, booked, or outside the owner's availability, from
 * the same entries the slot list reads (kept live by the field's room). The weeks come from the
 * contract's weeklySpans, so the dates shown are the dates the server holds.
 */
export type WeekStatus = 'free' | 'held' | 'booked' | 'unavailable';

export interface SeriesWeek {
  /** 'YYYY-MM-DD' in the field's zone: what skipDates carries (issue #41). */
  date: string;
  startDate: string;
  endDate: string;
  status: WeekStatus;
}

export const WEEK_STATUS_LABELS: Record<WeekStatus, string> = {
  free: 'Free',
  held: 'Held by another captain',
  booked: 'Booked',
  unavailable: 'Not available',
};

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

export function seriesWeeks(
  selection: Selection,
  repeatWeeks: number,
  entries: readonly SubFieldAvailabilityEntry[],
  zone: string,
  now: Date,
): SeriesWeek[] {
  const first = { start: Date.parse(selection.startDate), end: Date.parse(selection.endDate) };
  const spans = entries.map((entry) => ({
    type: entry.type,
    mine: Boolean(entry.mine),
    start: Date.parse(entry.startDate),
    end: Date.parse(entry.endDate),
  }));
  return weeklySpans(first, repeatWeeks, zone).map((week) => {
    const status: WeekStatus = spans.some((entry) => entry.type === 'game' && overlaps(entry, week))
      ? 'booked'
      : spans.some((entry) => entry.type === 'hold' && !entry.mine && overlaps(entry, week))
        ? 'held'
        : week.start > now.getTime() &&
            spans.some((entry) => entry.type === 'schedule' && entry.start <= week.start && week.end <= entry.end)
          ? 'free'
          : 'unavailable';
    return {
      date: dateIn(week.start, zone),
      startDate: new Date(week.start).toISOString(),
      endDate: new Date(week.end).toISOString(),
      status,
    };
  });
}

/** The week as the step lists it: 'Tue 1 Dec 2026'. */
export const weekLabel = (week: { startDate: string }, zone: string) =>
  dayjs(week.startDate).tz(zone).format('ddd D MMM YYYY');

/** The weeks a hold would take: those not dropped. A kept week that is not free makes the hold refused. */
export function keptWeeks(weeks: readonly SeriesWeek[], skipDates: readonly string[]): SeriesWeek[] {
  return weeks.filter((week) => !skipDates.includes(week.date));
}

/** The dropped dates that are weeks of this series (the others were dropped from another pick). */
export function skipDatesOf(weeks: readonly SeriesWeek[], skipDates: readonly string[]): string[] {
  return weeks.filter((week) => skipDates.includes(week.date)).map((week) => week.date);
}
