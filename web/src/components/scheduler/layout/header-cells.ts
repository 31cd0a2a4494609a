import { addUnits, capitalize, dayjs, formatDate, isBusinessDay } from './dates';
import type { TimelineWindow } from './ranges';

/** One cell of the bottom header row, which is also one grid column. */
export interface ColumnCell {
  index: number;
  start: number;
  end: number;
  left: number;
  width: number;
  label: string;
  sublabel?: string;
  isWeekend: boolean;
  isBusinessDay: boolean;
  /** Holds `now` (current week, day or hour). */
  isCurrent: boolean;
}

/** A merged cell of the upper header rows (year, month, week, date). */
export interface SpanCell {
  key: string;
  label: string;
  left: number;
  width: number;
  isCurrent: boolean;
}

export interface HeaderModel {
  top: SpanCell[];
  middle: SpanCell[];
  columns: ColumnCell[];
}

export interface HeaderOptions {
  now: number;
  /** dayjs locale code for month and day names. */
  localeCode?: string;
  /** Word for "week" in the day view's week row. */
  weekLabel?: string;
}

interface ColumnKeys {
  topKey: string;
  topLabel: string;
  middleKey: string;
  middleLabel: string;
}

/** Merges runs of neighbouring columns with the same key into one span. */
export function groupSpans(
  columns: readonly ColumnCell[],
  keyOf: (column: ColumnCell) => { key: string; label: string },
): SpanCell[] {
  const spans: SpanCell[] = [];
  for (const column of columns) {
    const { key, label } = keyOf(column);
    const last = spans[spans.length - 1];
    if (last && last.key === key) {
      last.width += column.width;
      last.isCurrent = last.isCurrent || column.isCurrent;
    } else {
      spans.push({ key, label, left: column.left, width: column.width, isCurrent: column.isCurrent });
    }
  }
  return spans;
}

/** The three header rows for the window's zoom: weeks, days or hours. */
export function buildHeader(window: TimelineWindow, options: HeaderOptions): HeaderModel {
  const { now, localeCode = 'en', weekLabel = 'Week' } = options;
  const columns: ColumnCell[] = [];
  const keys: ColumnKeys[] = [];

  for (let index = 0; index < window.columns; index += 1) {
    const start = addUnits(window.start, index, window.zoom);
    const end = addUnits(window.start, index + 1, window.zoom);
    const startMs = start.valueOf();
    const endMs = end.valueOf();
    const isCurrent = now >= startMs && now < endMs;
    const base = {
      index,
      start: startMs,
      end: endMs,
      left: index * window.columnWidth,
      width: window.columnWidth,
      isCurrent,
    };

    if (window.zoom === 0) {
      // A week belongs to the year and month of its Thursday, as ISO week numbering does.
      const thursday = start.add(3, 'day');
      columns.push({
        ...base,
        label: String(start.isoWeek()),
        sublabel: formatDate(start, 'D MMM', localeCode),
        isWeekend: false,
        isBusinessDay: true,
      });
      keys.push({
        topKey: String(thursday.isoWeekYear()),
        topLabel: String(thursday.isoWeekYear()),
        middleKey: `${thursday.year()}-${thursday.month()}`,
        middleLabel: capitalize(formatDate(thursday, 'MMMM', localeCode)),
      });
    } else if (window.zoom === 1) {
      const business = isBusinessDay(start);
      columns.push({
        ...base,
        label: String(start.date()),
        sublabel: capitalize(formatDate(start, 'ddd', localeCode)),
        isWeekend: !business,
        isBusinessDay: business,
      });
      keys.push({
        topKey: `${start.year()}-${start.month()}`,
        topLabel: capitalize(formatDate(start, 'MMMM YYYY', localeCode)),
        middleKey: `${start.isoWeekYear()}-W${start.isoWeek()}`,
        middleLabel: `${weekLabel} ${start.isoWeek()}`,
      });
    } else {
      const business = isBusinessDay(start);
      columns.push({
        ...base,
        label: start.format('HH:mm'),
        isWeekend: !business,
        isBusinessDay: business,
      });
      keys.push({
        topKey: `${start.year()}-${start.month()}`,
        topLabel: capitalize(formatDate(start, 'MMMM YYYY', localeCode)),
        middleKey: start.format('YYYY-MM-DD'),
        middleLabel: capitalize(formatDate(start, 'dddd, D MMMM YYYY', localeCode)),
      });
    }
  }

  const top = groupSpans(columns, (c) => ({ key: keys[c.index]!.topKey, label: keys[c.index]!.topLabel }));
  const middle = groupSpans(columns, (c) => ({ key: keys[c.index]!.middleKey, label: keys[c.index]!.middleLabel }));
  return { top, middle, columns };
}

/** Label of one cell for the tooltip: week, day or hour span. */
export function cellLabel(
  start: number,
  end: number,
  zoom: TimelineWindow['zoom'],
  localeCode = 'en',
  weekLabel = 'Week',
): string {
  const s = dayjs(start);
  if (zoom === 0) {
    const last = dayjs(end).subtract(1, 'day');
    return `${weekLabel} ${s.isoWeek()} · ${formatDate(s, 'D MMM', localeCode)} – ${formatDate(last, 'D MMM YYYY', localeCode)}`;
  }
  if (zoom === 1) return capitalize(formatDate(s, 'dddd, D MMMM YYYY', localeCode));
  return `${capitalize(formatDate(s, 'ddd, D MMM', localeCode))} · ${s.format('HH:mm')}–${dayjs(end).format('HH:mm')}`;
}

/** Top-bar caption for the first visible moment: month, day or hour, by zoom. */
export function rangeLabel(date: number, zoom: TimelineWindow['zoom'], localeCode = 'en'): string {
  const template = zoom === 0 ? 'MMMM YYYY' : zoom === 1 ? 'D MMMM YYYY' : 'D MMMM YYYY, HH:00';
  return capitalize(formatDate(date, template, localeCode));
}
