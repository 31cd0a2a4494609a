import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { RepeatInput } from '@playtime/shared/contract/availability';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Add Availability's 'Repeat' (issue #30) as typed: days of the week, from and to times in the field's
 * zone, a start and an end date, and dates to skip. The times are the field's wall-clock times, so a
 * browser elsewhere still publishes 18:00–22:00 where the pitch is.
 */
export interface RepeatInputs {
  weekdays: string[];
  from: string;
  to: string;
  startDate: string;
  endDate: string;
  skipDates: string;
}

export type RepeatErrors = Partial<Record<keyof RepeatInputs, string>>;

export const EMPTY_REPEAT: RepeatInputs = { weekdays: [], from: '', to: '', startDate: '', endDate: '', skipDates: '' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** The body's `startDate`, `endDate` and `repeat`, or what to fill in first. Rules beyond that are the server's. */
export function readRepeat(
  inputs: RepeatInputs,
  timeZone: string,
): { ok: true; startDate: Date; endDate: Date; repeat: RepeatInput } | { ok: false; errors: RepeatErrors } {
  const errors: RepeatErrors = {};
  if (!DATE.test(inputs.startDate)) errors.startDate = 'Start date is required';
  if (!DATE.test(inputs.endDate)) errors.endDate = 'End date is required';
  if (!TIME.test(inputs.from)) errors.from = 'From is required';
  if (!TIME.test(inputs.to)) errors.to = 'To is required';
  const skipDates = inputs.skipDates
    .split(/[\s,]+/)
    .map((date) => date.trim())
    .filter((date) => date !== '');
  if (skipDates.some((date) => !DATE.test(date))) errors.skipDates = 'Write dates to skip as 2026-12-25, 2027-01-01';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const start = dayjs.tz(`${inputs.startDate} ${inputs.from}`, 'YYYY-MM-DD HH:mm', timeZone);
  // A 'to' at or before 'from' ends the next morning (an evening until 01:00).
  let end = dayjs.tz(`${inputs.startDate} ${inputs.to}`, 'YYYY-MM-DD HH:mm', timeZone);
  if (!end.isAfter(start))
    end = dayjs.tz(`${start.add(1, 'day').format('YYYY-MM-DD')} ${inputs.to}`, 'YYYY-MM-DD HH:mm', timeZone);
  return {
    ok: true,
    startDate: start.toDate(),
    endDate: end.toDate(),
    repeat: { weekdays: inputs.weekdays.map(Number).sort(), until: inputs.endDate, skipDates },
  };
}

/** '18:00' in the field's zone, for the preview's list of windows. */
export const timeInZone = (iso: string, timeZone: string) => dayjs(iso).tz(timeZone).format('ddd D MMM, HH:mm');
