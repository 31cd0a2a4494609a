import { useEffect, useMemo, useState } from 'react';
import { readStoredLocale, registerDayjsLocale, resolveLocale, storeLocale } from '../locales';
import type { SchedulerLocale } from '../types';

/**
 * The locale from `config.lang`, else the one kept in localStorage under 'locale', else English.
 * A locale given in the config is remembered for next time.
 */
export function useSchedulerLocale(
  lang: string | undefined,
  translations: readonly SchedulerLocale[],
): SchedulerLocale {
  const [stored] = useState(readStoredLocale);
  const locale = useMemo(() => {
    const resolved = resolveLocale(lang ?? stored, translations);
    registerDayjsLocale(resolved);
    return resolved;
  }, [lang, stored, translations]);

  useEffect(() => {
    if (lang) storeLocale(locale.id);
  }, [lang, locale.id]);

  return locale;
}
