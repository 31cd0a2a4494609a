import { describe, expect, it } from 'vitest';
import { ROW_HEIGHT } from './constants';
import { layoutResources, normalizeResources, stackIntervals } from './stacking';
import type { SchedulerResource } from '../types';

const h = (hour: number) => Date.UTC(2026, 2, 16, hour);
const iv = (id: string, from: number, to: number) => ({ id, start: h(from), end: h(to) });

describe('stackIntervals', () => {
  it('keeps a resource on one (empty) row without bookings', () => {
    expect(stackIntervals([])).toEqual([[]]);
  });

  it('puts touching bookings on the same row', () => {
    const rows = stackIntervals([iv('a', 8, 10), iv('b', 10, 12)]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.map((x) => x.id)).toEqual(['a', 'b']);
  });

  it('makes three rows for three mutually overlapping bookings', () => {
    const rows = stackIntervals([iv('a', 8, 12), iv('b', 9, 13), iv('c', 10, 11)]);
    expect(rows.map((r) => r.map((x) => x.id))).toEqual([['a'], ['b'], ['c']]);
  });

  it('reuses the first free row and needs only as many rows as the deepest overlap', () => {
    // a and b overlap; c starts after a ends and goes back to row 0; d overlaps b and c.
    const rows = stackIntervals([iv('d', 12, 15), iv('b', 9, 14), iv('a', 8, 11), iv('c', 11, 13)]);
    expect(rows.map((r) => r.map((x) => x.id))).toEqual([['a', 'c'], ['b'], ['d']]);
  });

  it('does not mutate its input', () => {
    const input = [iv('b', 9, 10), iv('a', 8, 9)];
    stackIntervals(input);
    expect(input.map((x) => x.id)).toEqual(['b', 'a']);
  });
});

describe('normalizeResources and layoutResources', () => {
  const resources: SchedulerResource[] = [
    {
      id: 'r1',
      label: { title: 'Pitch A' },
      data: [
        { id: 'x', title: 'Available', startDate: '2026-03-16T08:00:00Z', endDate: '2026-03-16T12:00:00Z' },
        { id: 'y', title: 'Game', startDate: new Date(h(9)), endDate: new Date(h(10)) },
        { id: 'old', title: 'Old', startDate: '2026-01-01T08:00:00Z', endDate: '2026-01-01T09:00:00Z' },
        { id: 'bad', title: 'Bad', startDate: 'not a date', endDate: '2026-03-16T09:00:00Z' },
      ],
    },
    { id: 'r2', label: { title: 'Pitch B' }, data: [] },
    {
      id: 'r3',
      label: { title: 'Pitch C' },
      // Given the wrong way round: read as 10:00–11:00.
      data: [{ id: 'z', title: 'Game', startDate: h(11), endDate: h(10) }],
    },
  ];

  it('drops unreadable dates and orders reversed ranges', () => {
    const [r1, , r3] = normalizeResources(resources);
    expect(r1!.bookings.map((b) => b.booking.id)).toEqual(['x', 'y', 'old']);
    expect(r3!.bookings[0]).toMatchObject({ start: h(10), end: h(11) });
  });

  it('stacks only bookings inside the range and piles resources up', () => {
    const layout = layoutResources(normalizeResources(resources), h(0), h(24));
    expect(layout.resources.map((r) => r.rowCount)).toEqual([2, 1, 1]);
    expect(layout.resources.map((r) => r.top)).toEqual([0, 2 * ROW_HEIGHT, 3 * ROW_HEIGHT]);
    expect(layout.totalHeight).toBe(4 * ROW_HEIGHT);
    expect(layout.resources[0]!.rows.flat().map((b) => b.booking.id)).not.toContain('old');
  });

  it('leaves a resource with no visible bookings one row high', () => {
    const layout = layoutResources(normalizeResources(resources), h(30), h(40));
    expect(layout.resources.map((r) => r.rowCount)).toEqual([1, 1, 1]);
  });
});
