import dayjs, { type Dayjs } from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek.js';
import '../locales/dayjs-locales';
import type { SchedulerDateInput, SchedulerStartDateDescriptor, SchedulerZoom } from '../types';

dayjs.extend(isoWeek);

export type ZoomUnit = 'week' | 'day' | 'hour';

export function unitOf(zoom: SchedulerZoom): ZoomUnit {
  return zoom === 0 ? 'week' : zoom === 1 ? 'day' : 'hour';
}

/** Epoch ms of a date input, or NaN when it cannot be read. */
export function toMs(value: SchedulerDateInput): number {
  const d = dayjs(value);
  return d.isValid() ? d.valueOf() : Number.NaN;
}

/** Start of the ISO week (Monday 00:00), the day, or the hour holding `date`. */
export function startOfUnit(date: SchedulerDateInput | Dayjs, zoom: SchedulerZoom): Dayjs {
  const d = dayjs(date);
  return zoom === 0 ? d.startOf('isoWeek') : d.startOf(unitOf(zoom));
}

export function addUnits(date: SchedulerDateInput | Dayjs, amount: number, zoom: SchedulerZoom): Dayjs {
  return dayjs(date).add(amount, unitOf(zoom));
}

/** Monday to Friday. */
export function isBusinessDay(date: SchedulerDateInput | Dayjs): boolean {
  return dayjs(date).isoWeekday() <= 5;
}

export function isWeekend(date: SchedulerDateInput | Dayjs): boolean {
  return !isBusinessDay(date);
}

export function capitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Formats with the dayjs locale `localeCode` (falls back to English for unknown codes). */
export function formatDate(date: SchedulerDateInput | Dayjs, template: string, localeCode = 'en'): string {
  return dayjs(date).locale(localeCode).format(template);
}

/** The start-date descriptor of the spec: what the header needs to know about one date. */
export function describeStartDate(
  date: SchedulerDateInput,
  now: SchedulerDateInput = new Date(),
  localeCode = 'en',
): SchedulerStartDateDescriptor {
  const d = dayjs(date).locale(localeCode);
  return {
    hour: d.hour(),
    dayName: capitalize(d.format('dddd')),
    dayOfMonth: d.date(),
    weekOfYear: d.isoWeek(),
    month: d.month(),
    monthName: capitalize(d.format('MMMM')),
    isBusinessDay: isBusinessDay(d),
    isCurrentDay: d.isSame(dayjs(now), 'day'),
    year: d.year(),
  };
}

export { dayjs };
export type { Dayjs };
