import dayjs from 'dayjs';
import type { SchedulerLocale } from '../types';
import { BUILT_IN_LOCALES, en } from './built-in';
import './dayjs-locales';

export { BUILT_IN_LOCALES, de, en, lt, pl } from './built-in';

/** localStorage key of the chosen locale id. */
export const LOCALE_STORAGE_KEY = 'locale';
export const DEFAULT_LOCALE_ID = 'en';

/** Built-in locales with `custom` ones added (a custom locale with a built-in id replaces it). */
export function availableLocales(custom: readonly SchedulerLocale[] = []): SchedulerLocale[] {
  const byId = new Map<string, SchedulerLocale>();
  for (const locale of [...BUILT_IN_LOCALES, ...custom]) byId.set(locale.id, locale);
  return [...byId.values()];
}

/** The locale with `id` (case-insensitive, 'de-AT' falls back to 'de'), English otherwise. */
export function resolveLocale(id: string | null | undefined, custom: readonly SchedulerLocale[] = []): SchedulerLocale {
  const locales = availableLocales(custom);
  const wanted = (id ?? '').trim().toLowerCase();
  if (wanted) {
    const exact = locales.find((l) => l.id.toLowerCase() === wanted);
    if (exact) return exact;
    const base = wanted.split(/[-_]/)[0];
    const partial = locales.find((l) => l.id.toLowerCase() === base);
    if (partial) return partial;
  }
  return locales.find((l) => l.id === DEFAULT_LOCALE_ID) ?? en;
}

/** Registers a custom locale's dayjs names, so month and day names follow it. */
export function registerDayjsLocale(locale: SchedulerLocale): void {
  const data = locale.dayjsTranslations;
  if (data && typeof data === 'object' && 'name' in data) {
    dayjs.locale(data as ILocale, undefined, true);
  }
}

function storage(): Storage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

export function readStoredLocale(): string | null {
  try {
    return storage()?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeLocale(id: string): void {
  try {
    storage()?.setItem(LOCALE_STORAGE_KEY, id);
  } catch {
    // Storage may be full or blocked; the locale then simply is not remembered.
  }
}
