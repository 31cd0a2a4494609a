import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Span } from './bookings';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * A captain's weekly series (issue #30): the same slot on the same sub-field, week after week. The
 * wizard and the server compute the weeks with the same function, so the dates the captain sees are
 * the dates the hold takes.
 */
export const MIN_SERIES_WEEKS = 2;
export const MAX_SERIES_WEEKS = 12;
/** How long last week's team players may join the next week before it opens to everyone. */
export const MIN_REGULARS_WINDOW_HOURS = 0;
export const MAX_REGULARS_WINDOW_HOURS = 48;
export const DEFAULT_REGULARS_WINDOW_HOURS = 24;

/** A calendar day 'YYYY-MM-DD' of an instant, as read in `timeZone`. */
export const localDate = (epochMs: number, timeZone: string): string =>
  dayjs(epochMs).tz(timeZone).format('YYYY-MM-DD');

/**
 * The `weeks` weekly repeats of a slot, the first being the slot itself. Each week keeps the local
 * time of day in `timeZone` (18:00 stays 18:00 across a daylight-saving change), so a week's length
 * in milliseconds is not always the same.
 */
export function weeklySpans(first: Span, weeks: number, timeZone: string): Span[] {
  // The wall-clock time in the zone, moved on by whole weeks as a calendar, then read in the zone again:
  // adding weeks to a zoned dayjs keeps its UTC offset, which would move 18:00 to 17:00 or 19:00.
  const wallClock = dayjs.utc(dayjs(first.start).tz(timeZone).format('YYYY-MM-DDTHH:mm:ss'));
  const length = first.end - first.start;
  return Array.from({ length: weeks }, (_, week) => {
    const weekStart =
      week === 0
        ? first.start
        : dayjs.tz(wallClock.add(week, 'week').format('YYYY-MM-DDTHH:mm:ss'), timeZone).valueOf();
    return { start: weekStart, end: weekStart + length };
  });
}

/** "Week 3 of 8": the series' place of one week, as organizer games and the game page show it. */
export const seriesWeekLabel = (week: number, weeks: number) => `Week ${week} of ${weeks}`;

export const NO_WEEKS_KEPT = 'Keep at least one week of the series.';
export const skipNotInSeries = (date: string, weeks: string[]) =>
  `${date} is not one of the series' weeks (${weeks.join(', ')}).`;
/** The refusal of a series hold: every clashing week named, so the captain can drop them at once. */
export const seriesWeeksClash = (weeks: string[]) =>
  `${weeks.length === 1 ? 'This week is' : 'These weeks are'} not free: ${weeks.join('; ')}. Drop ${weeks.length === 1 ? 'it' : 'them'} or pick another time.`;
