import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describeSpan, type Booking, type Span } from './rules';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * An owner's weekly availability (issue #30): one form makes a window on every chosen weekday between
 * two dates, at the same wall-clock times in the field's zone. The times are the field's, never a fixed
 * offset, so 18:00–22:00 in New York stays 18:00–22:00 across a daylight-saving change.
 *
 * Pure: the decider expands a rule here, checks every window in one decision and names what clashes.
 */

export { DEFAULT_FIELD_TIME_ZONE } from '../fields/time-zone';

/** Weekdays are 1–7 from Monday (ISO 8601), as the form lists them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
/** At most a year from the first window to the last: a season, not a typo of a decade. */
export const MAX_REPEAT_DAYS = 366;
/** A repeated window lasts at most a day, or one day's window would overlap the next day's. */
export const MAX_REPEATED_WINDOW_HOURS = 24;
/** Holidays a year could hold, with room to spare. */
export const MAX_SKIP_DATES = 100;
/** How many clashing dates a message names before it says "and n more". */
const NAMED_IN_MESSAGE = 8;

/** A calendar date in the field's zone, YYYY-MM-DD. */
export type CalendarDate = string;

export interface WeeklyRepeat {
  /** 1–7 from Monday. */
  weekdays: readonly number[];
  /** The last date that may have a window, in the field's zone (inclusive). */
  until: CalendarDate;
  /** Dates that get no window (holidays). */
  skipDates: readonly CalendarDate[];
}

/** The rule as the decider reads it: the first window's times, the repeat, and the field's zone. */
export interface WeeklyRule extends WeeklyRepeat {
  startDate: Date;
  endDate: Date;
  fieldTimeZone: string;
}

export const isoWeekday = (date: CalendarDate) => ((dayjs.utc(date).day() + 6) % 7) + 1;

/** The calendar date an instant falls on in a zone. */
export const dateIn = (epochMs: number, timeZone: string): CalendarDate =>
  dayjs(epochMs).tz(timeZone).format('YYYY-MM-DD');

/** The date `days` days after `date` (before it, when negative). */
export const addDays = (date: CalendarDate, days: number): CalendarDate =>
  dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');

const daysBetween = (from: CalendarDate, to: CalendarDate) => dayjs.utc(to).diff(dayjs.utc(from), 'day');

/** The instant a wall-clock time on a date is in a zone. */
export const wallClock = (date: CalendarDate, time: string, timeZone: string): number =>
  dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', timeZone).valueOf();

/** '25 Dec', as 'Closed on 25 Dec' says it. */
export const shortDate = (date: CalendarDate) => dayjs.utc(date).format('D MMM');
/** 'Tue 2 Mar', for lists of dates. */
export const dayOfDate = (date: CalendarDate) => dayjs.utc(date).format('ddd D MMM');

/** The wall-clock times of a window in a zone, and how many days after its start day it ends. */
export function wallClockOf(window: Span, timeZone: string): { from: string; to: string; endDayOffset: number } {
  const start = dayjs(window.start).tz(timeZone);
  const end = dayjs(window.end).tz(timeZone);
  return {
    from: start.format('HH:mm'),
    to: end.format('HH:mm'),
    endDayOffset: daysBetween(start.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')),
  };
}

/** The window on a date at a window's wall-clock times. */
export function onDate(date: CalendarDate, times: ReturnType<typeof wallClockOf>, timeZone: string): Span {
  return {
    start: wallClock(date, times.from, timeZone),
    end: wallClock(addDays(date, times.endDayOffset), times.to, timeZone),
  };
}

/** What is wrong with a repeat before any window is made; none when it can be expanded. */
export function repeatProblem(rule: WeeklyRule): { code: string; message: string } | null {
  const first = { start: rule.startDate.getTime(), end: rule.endDate.getTime() };
  if (rule.weekdays.length === 0 || rule.weekdays.some((day) => !WEEKDAYS.includes(day as 1)))
    return { code: 'no_weekdays', message: REPEAT_MESSAGES.weekdays };
  if (!(first.end > first.start)) return { code: 'end_before_start', message: 'The end must be after the start.' };
  if (first.end - first.start > MAX_REPEATED_WINDOW_HOURS * 3_600_000)
    return { code: 'repeated_too_long', message: REPEAT_MESSAGES.tooLong };
  const firstDate = dateIn(first.start, rule.fieldTimeZone);
  if (rule.until < firstDate) return { code: 'until_before_start', message: REPEAT_MESSAGES.untilBeforeStart };
  if (daysBetween(firstDate, rule.until) > MAX_REPEAT_DAYS)
    return { code: 'repeat_too_long', message: REPEAT_MESSAGES.tooManyDays };
  return null;
}

/**
 * Every window a rule makes, by start: on each chosen weekday from the first window's date to `until`,
 * skipping `skipDates`, at the first window's wall-clock times in the field's zone.
 */
export function expandWeekly(rule: WeeklyRule): Span[] {
  const times = wallClockOf({ start: rule.startDate.getTime(), end: rule.endDate.getTime() }, rule.fieldTimeZone);
  const firstDate = dateIn(rule.startDate.getTime(), rule.fieldTimeZone);
  const skipped = new Set(rule.skipDates);
  const windows: Span[] = [];
  for (let day = 0, date = firstDate; date <= rule.until; day += 1, date = addDays(firstDate, day)) {
    if (skipped.has(date) || !rule.weekdays.includes(isoWeekday(date))) continue;
    windows.push(onDate(date, times, rule.fieldTimeZone));
  }
  return windows;
}

/** Dates named in a message: the first few, then how many more. */
export function listDates(dates: readonly CalendarDate[]): string {
  const named = dates.slice(0, NAMED_IN_MESSAGE).map(dayOfDate).join(', ');
  return dates.length > NAMED_IN_MESSAGE ? `${named} and ${dates.length - NAMED_IN_MESSAGE} more` : named;
}

/** Bookings named in a message with game and time, as today's refusals name one. */
export function listBookings(bookings: readonly Booking[], timeZone: string): string {
  const named = bookings.slice(0, NAMED_IN_MESSAGE).map((b) => `${b.gameName} (${describeSpan(b, timeZone)})`);
  const more = bookings.length > NAMED_IN_MESSAGE ? ` and ${bookings.length - NAMED_IN_MESSAGE} more` : '';
  return `${named.join(', ')}${more}`;
}

/** The texts of weekly availability, shared by the decider, the contract and the web. */
export const REPEAT_MESSAGES = {
  weekdays: 'Choose at least one day of the week (1–7 from Monday).',
  tooLong: `A repeated window lasts at most ${MAX_REPEATED_WINDOW_HOURS} hours.`,
  untilBeforeStart: 'The end date must be on or after the start date.',
  tooManyDays: `Repeat for at most ${MAX_REPEAT_DAYS} days (a year).`,
  noWindows: 'These dates include none of the chosen days. Pick other days or a later end date.',
  notInSet: 'This window is not part of a repeating set. Edit or delete it on its own.',
  skipDates: `Skip at most ${MAX_SKIP_DATES} dates.`,
  overlaps: (subFieldName: string, dates: readonly CalendarDate[]) =>
    `This availability overlaps other windows on ${subFieldName} on ${listDates(dates)}. Skip those dates or change the times.`,
  stranded: (bookings: readonly Booking[], timeZone: string) =>
    `These games are booked in this availability: ${listBookings(bookings, timeZone)}. Cancel the games first, or keep their times available.`,
  closedOn: (date: CalendarDate) => `Closed on ${shortDate(date)}`,
  bookedOnClosedDay: (date: CalendarDate, bookings: readonly Booking[], timeZone: string) =>
    `Games are booked on ${shortDate(date)}: ${listBookings(bookings, timeZone)}. Their captains must cancel them before the field closes that day.`,
} as const;
