import type { SchedulerLocale } from '../types';

export const en: SchedulerLocale = {
  id: 'en',
  translateCode: 'en',
  lang: {
    feelingEmpty: 'Nothing scheduled here yet',
    free: 'Free',
    loadNext: 'Load next',
    loadPrevious: 'Load previous',
    over: 'Over',
    taken: 'Taken',
    search: 'Search',
    week: 'Week',
    topbar: { filters: 'Filters', next: 'Next', prev: 'Previous', today: 'Today', view: 'View' },
  },
};

export const pl: SchedulerLocale = {
  id: 'pl',
  translateCode: 'pl',
  lang: {
    feelingEmpty: 'Nic tu jeszcze nie zaplanowano',
    free: 'Wolne',
    loadNext: 'Wczytaj następne',
    loadPrevious: 'Wczytaj poprzednie',
    over: 'Nadgodziny',
    taken: 'Zajęte',
    search: 'Szukaj',
    week: 'Tydzień',
    topbar: { filters: 'Filtry', next: 'Dalej', prev: 'Wstecz', today: 'Dziś', view: 'Widok' },
  },
};

export const lt: SchedulerLocale = {
  id: 'lt',
  translateCode: 'lt',
  lang: {
    feelingEmpty: 'Čia dar nieko nesuplanuota',
    free: 'Laisva',
    loadNext: 'Įkelti kitus',
    loadPrevious: 'Įkelti ankstesnius',
    over: 'Viršvalandžiai',
    taken: 'Užimta',
    search: 'Paieška',
    week: 'Savaitė',
    topbar: { filters: 'Filtrai', next: 'Pirmyn', prev: 'Atgal', today: 'Šiandien', view: 'Vaizdas' },
  },
};

export const de: SchedulerLocale = {
  id: 'de',
  translateCode: 'de',
  lang: {
    feelingEmpty: 'Hier ist noch nichts geplant',
    free: 'Frei',
    loadNext: 'Weitere laden',
    loadPrevious: 'Vorherige laden',
    over: 'Überstunden',
    taken: 'Belegt',
    search: 'Suchen',
    week: 'Woche',
    topbar: { filters: 'Filter', next: 'Weiter', prev: 'Zurück', today: 'Heute', view: 'Ansicht' },
  },
};

export const BUILT_IN_LOCALES: readonly SchedulerLocale[] = [en, pl, lt, de];
