/** Server-side paging arithmetic for the admin tables (pages are 0-based, as the API's `page`). */
export const PAGE_SIZE_OPTIONS = [10, 20, 50] as const;

export interface PagingState {
  hasPrevious: boolean;
  hasNext: boolean;
  /** 1-based index of the first and last row shown; 0 and 0 when there are none. */
  firstRow: number;
  lastRow: number;
  /** The last page that has rows (0 when there are none). */
  lastPage: number;
}

export function pagingState(page: number, pageSize: number, total: number): PagingState {
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const firstRow = total === 0 ? 0 : Math.min(total, page * pageSize + 1);
  const lastRow = Math.min(total, (page + 1) * pageSize);
  return {
    hasPrevious: page > 0,
    hasNext: page < lastPage,
    firstRow,
    lastRow: firstRow === 0 ? 0 : lastRow,
    lastPage,
  };
}

/**
 * The total row count the server sends beside a page (X-Total-Count). Without a usable header the
 * rows on this page are all that is known.
 */
export function totalFromHeader(value: string | null, rowsOnPage: number): number {
  if (value === null || value.trim() === '') return rowsOnPage;
  const total = Number(value);
  return Number.isInteger(total) && total >= 0 ? total : rowsOnPage;
}
