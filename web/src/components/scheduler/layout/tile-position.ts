import type { SchedulerDateInput } from '../types';
import { MIN_TILE_WIDTH, ROW_HEIGHT, TILE_HEIGHT } from './constants';
import { addUnits, dayjs, unitOf } from './dates';
import type { TimelineWindow } from './ranges';

/**
 * Horizontal offset in px of `date` from the window start. Calendar units are used (dayjs
 * corrects day and week differences for daylight-saving shifts), so a day is always one column.
 */
export function offsetForDate(date: SchedulerDateInput, window: TimelineWindow): number {
  const units = dayjs(date).diff(dayjs(window.start), unitOf(window.zoom), true);
  return units * window.columnWidth;
}

/** The date at `offset` px from the window start (inverse of `offsetForDate`). */
export function dateAtOffset(offset: number, window: TimelineWindow): Date {
  const columnsIn = offset / window.columnWidth;
  const whole = Math.floor(columnsIn);
  const fraction = columnsIn - whole;
  const columnStart = addUnits(window.start, whole, window.zoom).valueOf();
  const columnEnd = addUnits(window.start, whole + 1, window.zoom).valueOf();
  return new Date(Math.round(columnStart + fraction * (columnEnd - columnStart)));
}

export interface TilePosition {
  left: number;
  width: number;
  /** The booking starts before the window (its left edge is cut). */
  cutStart: boolean;
  /** The booking ends after the window (its right edge is cut). */
  cutEnd: boolean;
}

/** Left and width of a tile, clipped to the window; null when it lies outside. */
export function tilePosition(start: number, end: number, window: TimelineWindow): TilePosition | null {
  const rawLeft = offsetForDate(start, window);
  const rawRight = offsetForDate(Math.max(start, end), window);
  if (rawRight < 0 || rawLeft >= window.width) return null;
  if (rawRight === 0 && end > start) return null;
  const left = Math.max(0, rawLeft);
  const right = Math.min(window.width, rawRight);
  const width = Math.max(MIN_TILE_WIDTH, right - left);
  return {
    left: Math.min(left, window.width - MIN_TILE_WIDTH),
    width,
    cutStart: rawLeft < 0,
    cutEnd: rawRight > window.width,
  };
}

/** Top of a tile on sub-row `subRow` of a resource whose first row is at `resourceTop`. */
export function tileTop(resourceTop: number, subRow: number): number {
  return resourceTop + subRow * ROW_HEIGHT + (ROW_HEIGHT - TILE_HEIGHT) / 2;
}
