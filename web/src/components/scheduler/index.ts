export { Scheduler } from './scheduler';
export { describeStartDate } from './layout/dates';
export { tileTextColor } from './layout/luminance';
export { BUILT_IN_LOCALES, LOCALE_STORAGE_KEY } from './locales';
export { DEFAULT_PALETTES } from './theme';
export type {
  SchedulerBooking,
  SchedulerConfig,
  SchedulerDateInput,
  SchedulerLangDictionary,
  SchedulerLocale,
  SchedulerPalette,
  SchedulerProps,
  SchedulerRange,
  SchedulerResource,
  SchedulerResourceLabel,
  SchedulerStartDateDescriptor,
  SchedulerThemeMode,
  SchedulerThemeOverrides,
  SchedulerZoom,
} from './types';
