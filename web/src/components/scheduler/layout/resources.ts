import { NARROW_RESOURCE_COLUMN_WIDTH, NARROW_TIMELINE_WIDTH, RESOURCE_COLUMN_WIDTH } from './constants';

export interface Page<T> {
  items: T[];
  /** Zero-based page actually shown (clamped). */
  page: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Whether `title` contains `query`, ignoring case; a blank query matches everything. */
export function titleMatches(title: string | undefined, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return !needle || (title ?? '').toLocaleLowerCase().includes(needle);
}

/** Resources whose label title contains `query`, ignoring case; all of them for a blank query. */
export function filterResources<T extends { label: { title: string } }>(resources: readonly T[], query: string): T[] {
  return resources.filter((r) => titleMatches(r.label.title, query));
}

export function paginate<T>(items: readonly T[], page: number, perPage: number): Page<T> {
  const size = Math.max(1, Math.floor(perPage) || 1);
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(0, Math.floor(page) || 0), pageCount - 1);
  return {
    items: items.slice(current * size, current * size + size),
    page: current,
    pageCount,
    hasPrevious: current > 0,
    hasNext: current < pageCount - 1,
  };
}

/** Which page of the resource list is shown, and for which (debounced) search text. */
export interface Paging {
  query: string;
  page: number;
}

export const FIRST_PAGE: Paging = { query: '', page: 0 };

/**
 * The paging for the search text now in effect: unchanged while it stays the same, the first page
 * as soon as it changes. Clearing the search is a change too, so it never returns to a page turned
 * before searching (spec: paging resets to the first page on search).
 */
export function pagingFor(paging: Paging, query: string): Paging {
  return paging.query === query ? paging : { query, page: 0 };
}

/** Turns to `page` of the current search. */
export function turnPage(paging: Paging, page: number): Paging {
  return { query: paging.query, page };
}

/**
 * The resource column's width for a timeline this wide (0 before it is measured): 212 px, or the
 * narrow column on a phone, where 212 px would leave the hours a third of the screen.
 */
export function resourceColumnWidth(timelineWidth: number): number {
  return timelineWidth > 0 && timelineWidth < NARROW_TIMELINE_WIDTH
    ? NARROW_RESOURCE_COLUMN_WIDTH
    : RESOURCE_COLUMN_WIDTH;
}
