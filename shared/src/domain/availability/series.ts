import type { Span } from './rules';
import { addDays, dateIn, onDate, wallClockOf } from './weekly';

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

/**
 * The `weeks` weekly repeats of a slot, the first being the slot itself. Each week keeps the slot's
 * wall-clock times in `timeZone` (18:00 stays 18:00 across a daylight-saving change), as an owner's
 * weekly availability does (weekly.ts).
 */
export function weeklySpans(first: Span, weeks: number, timeZone: string): Span[] {
  const times = wallClockOf(first, timeZone);
  const firstDate = dateIn(first.start, timeZone);
  return Array.from({ length: weeks }, (_, week) =>
    week === 0 ? first : onDate(addDays(firstDate, 7 * week), times, timeZone),
  );
}

export { seriesWeekLabel } from '../games/rules';

export const NO_WEEKS_KEPT = 'Keep at least one week of the series.';
export const skipNotInSeries = (date: string, weeks: string[]) =>
  `${date} is not one of the series' weeks (${weeks.join(', ')}).`;
/** The refusal of a series hold: every clashing week named, so the captain can drop them at once. */
export const seriesWeeksClash = (weeks: string[]) =>
  `${weeks.length === 1 ? 'This week is' : 'These weeks are'} not free: ${weeks.join('; ')}. Drop ${weeks.length === 1 ? 'it' : 'them'} or pick another time.`;
