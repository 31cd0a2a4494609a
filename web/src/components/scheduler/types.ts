import type { ReactNode } from 'react';

/** 0 = weeks, 1 = days, 2 = hours. */
export type SchedulerZoom = 0 | 1 | 2;

export type SchedulerThemeMode = 'light' | 'dark';

/** Anything dayjs understands: a Date, an ISO string or epoch milliseconds. */
export type SchedulerDateInput = Date | string | number;

/** One booking tile on a resource row. */
export interface SchedulerBooking {
  id: string;
  startDate: SchedulerDateInput;
  endDate: SchedulerDateInput;
  title: string;
  subtitle?: string;
  description?: string;
  /** Tile background; a hex colour (`#7048e8`) also decides the text colour. */
  bgColor?: string;
  /** Seconds per day the booking takes (e.g. 4 h/day over a two-week stint); the full overlap when absent. */
  occupancy?: number;
}

export interface SchedulerResourceLabel {
  title: string;
  subtitle?: string;
  /** An image address shown as an avatar, or any React node. */
  icon?: string | ReactNode;
}

/** One row (or several stacked sub-rows) of the timeline. */
export interface SchedulerResource {
  id: string;
  label: SchedulerResourceLabel;
  data: SchedulerBooking[];
}

/** Colours of one theme mode. Any CSS colour (including `var(--mantine-...)`) is accepted. */
export interface SchedulerPalette {
  /** Accent: current day/hour, now line, tiles without a colour. */
  primary: string;
  /** Second accent: overtime in the tooltip. */
  secondary: string;
  /** Green neutral: free time in the tooltip. */
  neutral: string;
  surface: string;
  surfaceAlt: string;
  border: string;
  text: string;
  textDimmed: string;
  /** Shading of weekend and other non-business columns. */
  weekend: string;
  /** Tint of the current day / hour / week column. */
  today: string;
}

export interface SchedulerThemeOverrides {
  light?: Partial<SchedulerPalette>;
  dark?: Partial<SchedulerPalette>;
}

export interface SchedulerLangDictionary {
  feelingEmpty: string;
  free: string;
  loadNext: string;
  loadPrevious: string;
  over: string;
  taken: string;
  search: string;
  week: string;
  topbar: {
    filters: string;
    next: string;
    prev: string;
    today: string;
    view: string;
  };
}

export interface SchedulerLocale {
  /** Locale id used in `config.lang` and stored in localStorage ('en', 'pl', ...). */
  id: string;
  lang: SchedulerLangDictionary;
  /** dayjs locale code used for month and day names. */
  translateCode: string;
  /**
   * dayjs locale object registered under `translateCode` (for locales dayjs does not ship
   * with this widget: en, pl, lt and de are built in).
   */
  dayjsTranslations?: unknown;
}

export interface SchedulerConfig {
  /** @default 0 */
  zoom?: SchedulerZoom;
  /** Negative hides the Filters button, 0 shows it outlined, any other value filled with a clear icon. @default 1 */
  filterButtonState?: number;
  /** Count taken time on Saturdays and Sundays in the occupancy tooltip. @default false */
  includeTakenHoursOnWeekendsInDayView?: boolean;
  /** @default true */
  showTooltip?: boolean;
  /** @default false */
  showThemeToggle?: boolean;
  /** @default 'light' */
  defaultTheme?: SchedulerThemeMode;
  theme?: SchedulerThemeOverrides;
  /** Locale id; the last chosen one is kept in localStorage under 'locale'. @default 'en' */
  lang?: string;
  /** Extra locales, or replacements for built-in ones with the same id. */
  translations?: SchedulerLocale[];
  /** @default 50 */
  maxRecordsPerPage?: number;
}

export interface SchedulerRange {
  startDate: Date;
  endDate: Date;
}

/** What `describeStartDate` tells about a date. `month` is 0-based (January = 0). */
export interface SchedulerStartDateDescriptor {
  hour: number;
  dayName: string;
  dayOfMonth: number;
  weekOfYear: number;
  month: number;
  monthName: string;
  isBusinessDay: boolean;
  isCurrentDay: boolean;
  year: number;
}

export interface SchedulerProps {
  data: SchedulerResource[];
  config?: SchedulerConfig;
  isLoading?: boolean;
  /** Called with the visible range on mount, on navigation, zoom and when a scroll edge is reached. */
  onRangeChange?: (range: SchedulerRange) => void;
  onTileClick?: (booking: SchedulerBooking, resource: SchedulerResource) => void;
  onItemClick?: (resource: SchedulerResource) => void;
  onFilterData?: () => void;
  onClearFilterData?: () => void;
  /** Date shown first (the start of its week, day or hour); today when absent. */
  startDate?: SchedulerDateInput;
  /** Widget height; without it the grid grows with its rows up to 640 px. */
  height?: number | string;
}
