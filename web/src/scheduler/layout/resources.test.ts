import { describe, expect, it } from 'vitest';
import { filterResources, paginate } from './resources';

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
