import type { SchedulerZoom } from '../types';
import { EXPECTED_MINUTES, MINUTES_PER_HOUR } from './constants';
import { dayjs, isBusinessDay, isWeekend } from './dates';

export interface OccupancyBooking {
  start: number;
  end: number;
  /** Seconds per day; the plain overlap is taken when absent. */
  occupancy?: number;
}

export interface CellOccupancy {
  expectedMinutes: number;
  takenMinutes: number;
  freeMinutes: number;
  overtimeMinutes: number;
}

export interface HoursAndMinutes {
  hours: number;
  minutes: number;
}

/**
 * Expected working time of a cell: 40 h for a week, 8 h for a business day (nothing on a
 * weekend day), 1 h for an hour.
 */
export function expectedMinutes(cellStart: number, zoom: SchedulerZoom): number {
  if (zoom === 1) return isBusinessDay(cellStart) ? EXPECTED_MINUTES[1] : 0;
  return EXPECTED_MINUTES[zoom];
}

/**
 * Seconds of one booking that fall into [cellStart, cellEnd), day by day: with `occupancy` a
 * day counts at most that many seconds. At zoom 0 and 1 weekend days count only when
 * `includeWeekends` is set; at zoom 2 an hour is an hour.
 */
export function takenSeconds(
  booking: OccupancyBooking,
  cellStart: number,
  cellEnd: number,
  zoom: SchedulerZoom,
  includeWeekends: boolean,
): number {
  const from = Math.max(booking.start, cellStart);
  const to = Math.min(booking.end, cellEnd);
  if (to <= from) return 0;
  let total = 0;
  let day = dayjs(from).startOf('day');
  while (day.valueOf() < to) {
    const next = day.add(1, 'day');
    const segment = (Math.min(to, next.valueOf()) - Math.max(from, day.valueOf())) / 1000;
    const skip = zoom !== 2 && !includeWeekends && isWeekend(day);
    if (!skip && segment > 0) {
      total += booking.occupancy != null && booking.occupancy >= 0 ? Math.min(booking.occupancy, segment) : segment;
    }
    day = next;
  }
  return total;
}

/** Taken, free and overtime minutes of one resource's cell. */
export function cellOccupancy(
  bookings: readonly OccupancyBooking[],
  cellStart: number,
  cellEnd: number,
  zoom: SchedulerZoom,
  includeWeekends = false,
): CellOccupancy {
  const seconds = bookings.reduce((sum, b) => sum + takenSeconds(b, cellStart, cellEnd, zoom, includeWeekends), 0);
  const takenMinutes = Math.round(seconds / 60);
  const expected = expectedMinutes(cellStart, zoom);
  return {
    expectedMinutes: expected,
    takenMinutes,
    freeMinutes: Math.max(0, expected - takenMinutes),
    overtimeMinutes: Math.max(0, takenMinutes - expected),
  };
}

export function splitMinutes(totalMinutes: number): HoursAndMinutes {
  const m = Math.max(0, Math.round(totalMinutes));
  return { hours: Math.floor(m / MINUTES_PER_HOUR), minutes: m % MINUTES_PER_HOUR };
}

/** `5h 30m`, `45m`, `0h`. */
export function formatHoursMinutes(totalMinutes: number): string {
  const { hours, minutes } = splitMinutes(totalMinutes);
  if (hours === 0 && minutes === 0) return '0h';
  if (hours === 0) return `${minutes}m`;
  if (minutes === 0) return `${hours}h`;
  return `${hours}h ${minutes}m`;
}
