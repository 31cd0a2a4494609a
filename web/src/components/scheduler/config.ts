import { DEFAULT_MAX_RECORDS_PER_PAGE, MAX_ZOOM, MIN_ZOOM } from './layout/constants';
import type {
  SchedulerConfig,
  SchedulerLocale,
  SchedulerThemeMode,
  SchedulerThemeOverrides,
  SchedulerZoom,
} from './types';

const NO_LOCALES: SchedulerLocale[] = [];
const NO_THEME: SchedulerThemeOverrides = {};

export interface ResolvedSchedulerConfig {
  zoom: SchedulerZoom;
  filterButtonState: number;
  includeTakenHoursOnWeekendsInDayView: boolean;
  showTooltip: boolean;
  showThemeToggle: boolean;
  defaultTheme: SchedulerThemeMode;
  theme: SchedulerThemeOverrides;
  lang: string | undefined;
  translations: SchedulerLocale[];
  maxRecordsPerPage: number;
}

export function clampZoom(zoom: number | undefined): SchedulerZoom {
  const z = Math.round(Number.isFinite(zoom) ? (zoom as number) : MIN_ZOOM);
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z)) as SchedulerZoom;
}

/** The configuration with the spec's defaults filled in. */
export function resolveConfig(config: SchedulerConfig = {}): ResolvedSchedulerConfig {
  const perPage = config.maxRecordsPerPage;
  return {
    zoom: clampZoom(config.zoom ?? 0),
    filterButtonState: config.filterButtonState ?? 1,
    includeTakenHoursOnWeekendsInDayView: config.includeTakenHoursOnWeekendsInDayView ?? false,
    showTooltip: config.showTooltip ?? true,
    showThemeToggle: config.showThemeToggle ?? false,
    defaultTheme: config.defaultTheme === 'dark' ? 'dark' : 'light',
    theme: config.theme ?? NO_THEME,
    lang: config.lang,
    translations: config.translations ?? NO_LOCALES,
    maxRecordsPerPage: perPage && perPage > 0 ? Math.floor(perPage) : DEFAULT_MAX_RECORDS_PER_PAGE,
  };
}

/** How the Filters button shows: hidden (negative), outlined (0) or filled with a clear icon. */
export function filterButtonMode(state: number): 'hidden' | 'outline' | 'filled' {
  if (state < 0) return 'hidden';
  return state === 0 ? 'outline' : 'filled';
}
