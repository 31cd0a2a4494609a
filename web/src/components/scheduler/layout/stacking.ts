import type { SchedulerBooking, SchedulerResource } from '../types';
import { ROW_HEIGHT } from './constants';
import { toMs } from './dates';
import { overlapsRange } from './ranges';

export interface Interval {
  start: number;
  end: number;
}

/** A booking with its dates read once into epoch ms. */
export interface TimedBooking extends Interval {
  booking: SchedulerBooking;
}

export interface NormalizedResource {
  resource: SchedulerResource;
  bookings: TimedBooking[];
}

export interface ResourceRowLayout {
  resource: SchedulerResource;
  /** Sub-rows, top to bottom; always at least one (possibly empty). */
  rows: TimedBooking[][];
  rowCount: number;
  /** Offset of the first sub-row from the grid top, px. */
  top: number;
  height: number;
}

export interface GridLayout {
  resources: ResourceRowLayout[];
  totalHeight: number;
}

/** Reads the booking dates; bookings with unreadable dates are dropped, a reversed range is put right. */
export function normalizeResources(resources: readonly SchedulerResource[]): NormalizedResource[] {
  return resources.map((resource) => {
    const bookings: TimedBooking[] = [];
    for (const booking of resource.data ?? []) {
      const a = toMs(booking.startDate);
      const b = toMs(booking.endDate);
      if (Number.isNaN(a) || Number.isNaN(b)) continue;
      bookings.push({ booking, start: Math.min(a, b), end: Math.max(a, b) });
    }
    return { resource, bookings };
  });
}

/**
 * Puts intervals into the fewest sub-rows so that none overlap within a row (first fit over
 * intervals sorted by start, which is optimal for intervals). Touching intervals
 * (one ends when the next starts) share a row. Returns at least one row.
 */
export function stackIntervals<T extends Interval>(items: readonly T[]): T[][] {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end);
  const rows: { end: number; items: T[] }[] = [];
  for (const item of sorted) {
    const row = rows.find((r) => r.end <= item.start);
    if (row) {
      row.items.push(item);
      row.end = Math.max(row.end, item.end);
    } else {
      rows.push({ end: Math.max(item.start, item.end), items: [item] });
    }
  }
  return rows.length === 0 ? [[]] : rows.map((r) => r.items);
}

/** Stacks each resource's bookings that overlap [rangeStart, rangeEnd) and piles the resources up. */
export function layoutResources(
  resources: readonly NormalizedResource[],
  rangeStart: number,
  rangeEnd: number,
): GridLayout {
  let top = 0;
  const laidOut = resources.map(({ resource, bookings }) => {
    const visible = bookings.filter((b) => overlapsRange(b.start, b.end, rangeStart, rangeEnd));
    const rows = stackIntervals(visible);
    const height = rows.length * ROW_HEIGHT;
    const item: ResourceRowLayout = { resource, rows, rowCount: rows.length, top, height };
    top += height;
    return item;
  });
  return { resources: laidOut, totalHeight: top };
}
