import { describe, expect, it } from 'vitest';
import { tileTextColor } from '../../components/scheduler';
import type { SubFieldTimeline } from './api/types';
import {
  AVAILABLE_COLOR,
  GAME_COLOR,
  OWNER_SCHEDULER_CONFIG,
  bookingIdOf,
  buildResources,
  findEntry,
  openingTime,
} from './availability-resources';

const rows: SubFieldTimeline[] = [
  {
    subFieldId: 'pitch-a',
    name: 'Pitch A',
    data: [
      {
        type: 'schedule',
        fieldScheduleId: 'w1',
        startDate: '2026-06-14T16:00:00.000Z',
        endDate: '2026-06-14T18:00:00.000Z',
      },
      {
        type: 'game',
        gameId: 'g1',
        startDate: '2026-06-14T16:30:00.000Z',
        endDate: '2026-06-14T17:30:00.000Z',
        checkedIn: 0,
      },
    ],
  },
  { subFieldId: 'pitch-b', name: 'Pitch B', data: [] },
];

describe('timeline rows from get-field-schedules', () => {
  it('makes one resource per sub-field, sub-fields without entries included', () => {
    const resources = buildResources(rows);
    expect(resources.map((resource) => [resource.id, resource.label.title, resource.data.length])).toEqual([
      ['pitch-a', 'Pitch A', 2],
      ['pitch-b', 'Pitch B', 0],
    ]);
  });

  it("titles availability 'Available' in purple and games 'Game' in green", () => {
    const [availability, game] = buildResources(rows)[0]!.data;
    expect(availability).toEqual({
      id: 'schedule:w1',
      startDate: '2026-06-14T16:00:00.000Z',
      endDate: '2026-06-14T18:00:00.000Z',
      title: 'Available',
      bgColor: AVAILABLE_COLOR,
    });
    expect(game).toMatchObject({ id: 'game:g1', title: 'Game', bgColor: GAME_COLOR });
    // Both colours are dark enough for white text on the tile.
    expect(tileTextColor(AVAILABLE_COLOR)).toBe('#ffffff');
    expect(tileTextColor(GAME_COLOR)).toBe('#ffffff');
  });

  it('finds the entry and sub-field behind a clicked tile', () => {
    expect(findEntry(rows, 'schedule:w1')).toEqual({
      entry: rows[0]!.data[0],
      subFieldId: 'pitch-a',
      subFieldName: 'Pitch A',
    });
    expect(findEntry(rows, 'game:g1')?.entry).toMatchObject({ type: 'game', gameId: 'g1' });
    expect(findEntry(rows, 'schedule:gone')).toBeUndefined();
  });

  it("titles a game's tile with its check-in count once anyone has checked in (issue #44)", () => {
    const game = { type: 'game' as const, startDate: '2026-06-14T19:00:00.000Z', endDate: '2026-06-14T20:00:00.000Z' };
    const [row] = buildResources([
      {
        subFieldId: 'pitch-a',
        name: 'Pitch A',
        data: [
          { ...game, gameId: 'g1', checkedIn: 0 },
          { ...game, gameId: 'g2', checkedIn: 3 },
        ],
      },
    ]);
    expect(row!.data.map((tile) => tile.title)).toEqual(['Game', 'Game · 3 checked in']);
  });

  it('keeps availability and game ids apart even when they are equal', () => {
    expect(bookingIdOf({ type: 'schedule', fieldScheduleId: 'x', startDate: '', endDate: '' })).not.toBe(
      bookingIdOf({ type: 'game', gameId: 'x', startDate: '', endDate: '', checkedIn: 0 }),
    );
  });

  it('configures the owner calendar: zoom 2, 10 records per page, no tooltip', () => {
    expect(OWNER_SCHEDULER_CONFIG).toMatchObject({ zoom: 2, maxRecordsPerPage: 10, showTooltip: false });
  });
});

describe('openingTime', () => {
  const HOUR = 3_600_000;
  const now = Date.parse('2026-11-26T14:10:00Z');
  const row = (entries: Array<[string, string]>): SubFieldTimeline => ({
    subFieldId: 'sf',
    name: 'Pitch A',
    data: entries.map(([startDate, endDate], index) => ({
      type: 'game',
      gameId: `g${index}`,
      startDate,
      endDate,
      checkedIn: 0,
    })) as SubFieldTimeline['data'],
  });

  it('opens an hour before now when nothing runs', () => {
    expect(openingTime([row([['2026-11-26T16:00:00Z', '2026-11-26T17:00:00Z']])], now).getTime()).toBe(now - HOUR);
  });

  it('opens an hour before the earliest entry running now, so it shows whole', () => {
    const rows = [
      row([['2026-11-26T13:30:00Z', '2026-11-26T15:00:00Z']]),
      row([['2026-11-26T12:00:00Z', '2026-11-26T14:30:00Z']]),
    ];
    expect(openingTime(rows, now).toISOString()).toBe('2026-11-26T11:00:00.000Z');
  });

  it('does not rewind to a long window that began more than half a day ago', () => {
    expect(openingTime([row([['2026-11-20T00:00:00Z', '2026-12-01T00:00:00Z']])], now).getTime()).toBe(now - HOUR);
  });
});
