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
