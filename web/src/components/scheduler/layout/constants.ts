import type { SchedulerZoom } from '../types';

export const MIN_ZOOM: SchedulerZoom = 0;
export const MAX_ZOOM: SchedulerZoom = 2;

/** Column width in px per zoom: weeks, days, hours. */
export const COLUMN_WIDTH: Readonly<Record<SchedulerZoom, number>> = { 0: 84, 1: 50, 2: 50 };
/** Width of one day inside a week column (zoom 0). */
export const DAY_CELL_WIDTH_IN_WEEK_VIEW = 12;
/** Width of a week span in the day-view header (7 × 50). */
export const WEEK_SPAN_WIDTH_IN_DAY_VIEW = 350;

export const ROW_HEIGHT = 56;
export const TILE_HEIGHT = 48;
/**
 * A tile is a button: WCAG 2.2's target size (2.5.8) asks for 24 px, which an hour's game at the
 * weeks zoom (84 px a week) would otherwise fall far short of.
 */
export const MIN_TILE_WIDTH = 24;
export const RESOURCE_COLUMN_WIDTH = 212;
/** The resource column of a phone-sized timeline: names only, so the hours keep most of the width. */
export const NARROW_RESOURCE_COLUMN_WIDTH = 116;
/** A timeline narrower than this (Mantine's `xs`, 36em) is phone-sized. */
export const NARROW_TIMELINE_WIDTH = 576;
export const TOP_BAR_HEIGHT = 44;
export const LOADER_OVERLAY_WIDTH = 388;
/** Header height per zoom: the day view needs room for day name and day of month. */
export const HEADER_HEIGHT: Readonly<Record<SchedulerZoom, number>> = { 0: 80, 1: 124, 2: 80 };

/** The rendered range is this many viewport widths wide. */
export const VISIBLE_RANGE_VIEWPORTS = 3;

export const NAVIGATION_DEBOUNCE_MS = 300;
export const SEARCH_DEBOUNCE_MS = 500;
export const TOOLTIP_THROTTLE_MS = 300;

export const DEFAULT_MAX_RECORDS_PER_PAGE = 50;

export const MINUTES_PER_HOUR = 60;
/** Expected working time per cell, in minutes. */
export const EXPECTED_MINUTES: Readonly<Record<SchedulerZoom, number>> = {
  0: 40 * MINUTES_PER_HOUR,
  1: 8 * MINUTES_PER_HOUR,
  2: 1 * MINUTES_PER_HOUR,
};
