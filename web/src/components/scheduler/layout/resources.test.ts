import { describe, expect, it } from 'vitest';
import { NARROW_RESOURCE_COLUMN_WIDTH, RESOURCE_COLUMN_WIDTH } from './constants';
import { FIRST_PAGE, filterResources, paginate, pagingFor, resourceColumnWidth, turnPage } from './resources';

const res = (title: string) => ({ id: title, label: { title } });

describe('filterResources', () => {
  const all = [res('North Pitch'), res('South pitch'), res('Arena')];

  it('matches the title ignoring case', () => {
    expect(filterResources(all, 'PITCH').map((r) => r.id)).toEqual(['North Pitch', 'South pitch']);
    expect(filterResources(all, 'ren').map((r) => r.id)).toEqual(['Arena']);
  });

  it('keeps everything for a blank query and nothing for a miss', () => {
    expect(filterResources(all, '  ')).toHaveLength(3);
    expect(filterResources(all, 'court')).toEqual([]);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 23 }, (_, i) => i);

  it('hides previous on the first page and next on the last', () => {
    expect(paginate(items, 0, 10)).toMatchObject({ page: 0, pageCount: 3, hasPrevious: false, hasNext: true });
    expect(paginate(items, 1, 10)).toMatchObject({ hasPrevious: true, hasNext: true });
    const last = paginate(items, 2, 10);
    expect(last).toMatchObject({ hasPrevious: true, hasNext: false });
    expect(last.items).toEqual([20, 21, 22]);
  });

  it('clamps a page beyond the end (e.g. after a search) and handles no items', () => {
    expect(paginate(items.slice(0, 5), 4, 10)).toMatchObject({ page: 0, hasNext: false, hasPrevious: false });
    expect(paginate([], 0, 50)).toMatchObject({ items: [], page: 0, pageCount: 1, hasNext: false });
  });
});

describe('pagingFor', () => {
  it('keeps the turned page while the search stays the same', () => {
    const second = turnPage(FIRST_PAGE, 1);
    expect(pagingFor(second, '')).toBe(second);
  });

  it('returns to the first page when a search is typed', () => {
    expect(pagingFor(turnPage(FIRST_PAGE, 1), 'pitch')).toEqual({ query: 'pitch', page: 0 });
  });

  it('returns to the first page when the search is cleared, not to the page turned before searching', () => {
    const beforeSearching = turnPage(FIRST_PAGE, 1);
    const searching = pagingFor(beforeSearching, 'pitch');
    const cleared = pagingFor(searching, '');
    expect(cleared).toEqual({ query: '', page: 0 });
  });

  it('turns pages within a search, and starts again when the search changes', () => {
    const searching = turnPage(pagingFor(FIRST_PAGE, 'pitch'), 2);
    expect(searching).toEqual({ query: 'pitch', page: 2 });
    expect(pagingFor(searching, 'pitch a')).toEqual({ query: 'pitch a', page: 0 });
  });
});

describe('resourceColumnWidth', () => {
  it('is 212 px on a desktop-sized timeline, and before the timeline is measured', () => {
    expect(RESOURCE_COLUMN_WIDTH).toBe(212);
    expect(resourceColumnWidth(1216)).toBe(212);
    expect(resourceColumnWidth(576)).toBe(212);
    expect(resourceColumnWidth(0)).toBe(212);
  });

  it('narrows on a phone, leaving the hours most of the width', () => {
    const phone = 364;
    expect(resourceColumnWidth(phone)).toBe(NARROW_RESOURCE_COLUMN_WIDTH);
    expect(phone - resourceColumnWidth(phone)).toBeGreaterThan(phone / 2);
  });
});
