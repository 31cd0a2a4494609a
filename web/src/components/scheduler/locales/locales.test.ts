import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchedulerLangDictionary, SchedulerLocale } from '../types';
import { BUILT_IN_LOCALES, LOCALE_STORAGE_KEY, en, readStoredLocale, resolveLocale, storeLocale } from './index';

function keyPaths(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keyPaths(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('built-in locales', () => {
  it('are en, pl, lt and de', () => {
    expect(BUILT_IN_LOCALES.map((l) => l.id)).toEqual(['en', 'pl', 'lt', 'de']);
  });

  it('all translate every text key', () => {
    const expected = keyPaths(en.lang).sort();
    expect(expected).toEqual(
      [
        'feelingEmpty',
        'free',
        'loadNext',
        'loadPrevious',
        'over',
        'taken',
        'search',
        'week',
        'topbar.filters',
        'topbar.next',
        'topbar.prev',
        'topbar.today',
        'topbar.view',
      ].sort(),
    );
    for (const locale of BUILT_IN_LOCALES) {
      expect(keyPaths(locale.lang).sort()).toEqual(expected);
      const values = keyPaths(locale.lang).map((path) =>
        path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], locale.lang),
      );
      expect(values.every((v) => typeof v === 'string' && v.trim().length > 0)).toBe(true);
    }
  });
});

describe('resolveLocale', () => {
  it('finds locales by id, region variants by their language, and falls back to English', () => {
    expect(resolveLocale('pl').id).toBe('pl');
    expect(resolveLocale('DE').id).toBe('de');
    expect(resolveLocale('de-AT').id).toBe('de');
    expect(resolveLocale('fr').id).toBe('en');
    expect(resolveLocale(undefined).id).toBe('en');
  });

  it('lets custom translations add or replace locales', () => {
    const lang: SchedulerLangDictionary = { ...en.lang, search: 'Find a pitch' };
    const custom: SchedulerLocale[] = [
      { id: 'en', translateCode: 'en', lang },
      { id: 'en-gb', translateCode: 'en', lang: { ...en.lang, free: 'Available' } },
    ];
    expect(resolveLocale('en', custom).lang.search).toBe('Find a pitch');
    expect(resolveLocale('en-GB', custom).lang.free).toBe('Available');
  });
});

describe('stored locale', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("keeps the chosen locale in localStorage under 'locale'", () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
    expect(readStoredLocale()).toBeNull();
    storeLocale('lt');
    expect(store.get(LOCALE_STORAGE_KEY)).toBe('lt');
    expect(readStoredLocale()).toBe('lt');
  });

  it('does nothing without localStorage', () => {
    expect(() => storeLocale('pl')).not.toThrow();
    expect(readStoredLocale()).toBeNull();
  });
});
