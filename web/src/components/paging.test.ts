import { describe, expect, it } from 'vitest';
import { pagingState, totalFromHeader } from './paging';

describe('server paging', () => {
  it('disables Previous on the first page and Next on the last', () => {
    expect(pagingState(0, 10, 25)).toMatchObject({ hasPrevious: false, hasNext: true, firstRow: 1, lastRow: 10 });
    expect(pagingState(1, 10, 25)).toMatchObject({ hasPrevious: true, hasNext: true, firstRow: 11, lastRow: 20 });
    expect(pagingState(2, 10, 25)).toMatchObject({ hasPrevious: true, hasNext: false, firstRow: 21, lastRow: 25 });
  });

  it('has one empty page when there are no rows', () => {
    expect(pagingState(0, 20, 0)).toEqual({ hasPrevious: false, hasNext: false, firstRow: 0, lastRow: 0, lastPage: 0 });
  });

  it('knows the last page when the total is a multiple of the page size', () => {
    expect(pagingState(1, 10, 20)).toMatchObject({ hasNext: false, lastPage: 1 });
  });

  it('reads X-Total-Count, falling back to the rows shown', () => {
    expect(totalFromHeader('42', 10)).toBe(42);
    expect(totalFromHeader(null, 7)).toBe(7);
    expect(totalFromHeader('', 7)).toBe(7);
    expect(totalFromHeader('many', 7)).toBe(7);
  });
});
