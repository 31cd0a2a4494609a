import type { SchedulerDateInput, SchedulerRange, SchedulerZoom } from '../types';
import { COLUMN_WIDTH, VISIBLE_RANGE_VIEWPORTS } from './constants';
import { addUnits, dayjs, startOfUnit } from './dates';

/** The rendered stretch of time: `columns` cells of one zoom unit starting at `start`. */
export interface TimelineWindow {
  zoom: SchedulerZoom;
  /** Epoch ms of the first column's start. */
  start: number;
  /** Epoch ms of the last column's end (exclusive). */
  end: number;
  columns: number;
  /** Columns before the anchor column (one viewport's worth). */
  leadColumns: number;
  columnWidth: number;
  /** Total grid width in px. */
  width: number;
}

export type ScrollEdge = 'left' | 'right';

/** Columns covering three viewports, always a multiple of three so each third is whole. */
export function columnsForViewport(viewportWidth: number, zoom: SchedulerZoom): number {
  const perViewport = Math.max(1, Math.ceil(Math.max(0, viewportWidth) / COLUMN_WIDTH[zoom]));
  return perViewport * VISIBLE_RANGE_VIEWPORTS;
}

/**
 * The window rendered around `anchor`: the anchor's unit is the first column of the middle
 * third, so there is one viewport of time before it and two from it on.
 */
export function computeWindow(anchor: SchedulerDateInput, zoom: SchedulerZoom, viewportWidth: number): TimelineWindow {
  const columns = columnsForViewport(viewportWidth, zoom);
  const leadColumns = columns / VISIBLE_RANGE_VIEWPORTS;
  const start = addUnits(startOfUnit(anchor, zoom), -leadColumns, zoom);
  const end = addUnits(start, columns, zoom);
  const columnWidth = COLUMN_WIDTH[zoom];
  return {
    zoom,
    start: start.valueOf(),
    end: end.valueOf(),
    columns,
    leadColumns,
    columnWidth,
    width: columns * columnWidth,
  };
}

export function windowRange(window: TimelineWindow): SchedulerRange {
  return { startDate: new Date(window.start), endDate: new Date(window.end) };
}

/** Start and end (ms) of column `index`. */
export function columnBounds(window: TimelineWindow, index: number): { start: number; end: number } {
  return {
    start: addUnits(window.start, index, window.zoom).valueOf(),
    end: addUnits(window.start, index + 1, window.zoom).valueOf(),
  };
}

/** Prev/Next: one hour at zoom 2, two weeks otherwise. */
export function navigationStep(zoom: SchedulerZoom): { amount: number; unit: 'hour' | 'week' } {
  return zoom === 2 ? { amount: 1, unit: 'hour' } : { amount: 2, unit: 'week' };
}

export function stepDate(date: SchedulerDateInput, zoom: SchedulerZoom, direction: 1 | -1): Date {
  const { amount, unit } = navigationStep(zoom);
  return dayjs(date)
    .add(direction * amount, unit)
    .toDate();
}

/** The anchor after a scroll edge is reached: one third of the window further that way. */
export function shiftForEdge(anchor: SchedulerDateInput, window: TimelineWindow, edge: ScrollEdge): Date {
  const direction = edge === 'right' ? 1 : -1;
  return addUnits(startOfUnit(anchor, window.zoom), direction * window.leadColumns, window.zoom).toDate();
}

export function detectScrollEdge(
  metrics: { scrollLeft: number; clientWidth: number; scrollWidth: number },
  tolerance = 1,
): ScrollEdge | null {
  const { scrollLeft, clientWidth, scrollWidth } = metrics;
  if (scrollWidth <= clientWidth + tolerance) return null;
  if (scrollLeft <= tolerance) return 'left';
  if (scrollLeft + clientWidth >= scrollWidth - tolerance) return 'right';
  return null;
}

/** Whether [start, end) touches the range; an instant (end <= start) shows when it lies inside. */
export function overlapsRange(start: number, end: number, rangeStart: number, rangeEnd: number): boolean {
  if (!Number.isFinite(start) || !Number.isFinite(end)) return false;
  if (end <= start) return start >= rangeStart && start < rangeEnd;
  return start < rangeEnd && end > rangeStart;
}
