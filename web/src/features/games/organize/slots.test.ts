import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import {
  canGoToPreviousDay,
  daySlots,
  formatTimeOfDay,
  selectRun,
  selectionOf,
  spanEndLabel,
  withSelection,
  type Slot,
  type SubFieldAvailabilityEntry,
} from './slots';

dayjs.extend(utc);
dayjs.extend(timezone);

// A fixed zone that is not UTC (UTC+2 in June), so a zone mix-up shows as a two-hour shift.
const ZONE = 'Europe/Warsaw';
const DAY = '2026-06-10';
const at = (time: string, day = DAY) => dayjs.tz(`${day} ${time}`, ZONE).toISOString();
const entry = (
  type: SubFieldAvailabilityEntry['type'],
  from: string,
  to: string,
  extra: Partial<SubFieldAvailabilityEntry> = {},
) => ({
  type,
  startDate: at(from),
  endDate: at(to),
  ...extra,
});
const EARLIER = new Date(at('00:00', '2026-06-01'));
const times = (slots: Slot[]) => slots.map((slot) => dayjs(slot.start).tz(ZONE).format('HH:mm'));
const statuses = (slots: Slot[]) => slots.map((slot) => slot.status).join('');

describe('daySlots', () => {
  it('lists no slot on a day without availability', () => {
    expect(daySlots([], DAY, ZONE, EARLIER)).toEqual([]);
    expect(daySlots([entry('schedule', '10:00', '12:00')], '2026-06-11', ZONE, EARLIER)).toEqual([]);
  });

  it('covers the span of two windows, the gap between them unavailable, a label on every other slot', () => {
    const slots = daySlots(
      [entry('schedule', '09:00', '10:30'), entry('schedule', '12:00', '13:00')],
      DAY,
      ZONE,
      EARLIER,
    );
    expect(times(slots)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30']);
    expect(statuses(slots)).toBe('11100011');
    expect(slots.map((slot) => slot.label)).toEqual(['09:00', null, '10:00', null, '11:00', null, '12:00', null]);
  });

  it('reads the day in the given zone, not in UTC', () => {
    // 00:30-01:30 Warsaw time is the previous day in UTC; it still belongs to this day.
    const slots = daySlots([entry('schedule', '00:30', '01:30')], DAY, ZONE, EARLIER);
    expect(times(slots)).toEqual(['00:30', '01:00']);
  });

  it('makes a booked game and another captain’s hold unavailable, the captain’s own hold free', () => {
    const slots = daySlots(
      [
        entry('schedule', '10:00', '14:00'),
        entry('game', '11:00', '12:00'),
        entry('hold', '12:30', '13:00', { mine: false }),
        entry('hold', '13:00', '13:30', { mine: true }),
      ],
      DAY,
      ZONE,
      EARLIER,
    );
    expect(statuses(slots)).toBe('11001011');
  });

  it('makes today’s past slots unavailable, including the one already running', () => {
    const now = new Date(at('10:10'));
    const slots = daySlots([entry('schedule', '09:00', '12:00')], DAY, ZONE, now);
    expect(statuses(slots)).toBe('000111');
  });

  it('clips a window running past midnight to the day and shows its end as 23:59', () => {
    const windows = [{ type: 'schedule' as const, startDate: at('22:00'), endDate: at('02:00', '2026-06-11') }];
    const slots = daySlots(windows, DAY, ZONE, EARLIER);
    expect(times(slots)).toEqual(['22:00', '22:30', '23:00', '23:30']);
    expect(spanEndLabel(slots, DAY, ZONE)).toBe('23:59');
    // The next day starts at its midnight with the window's remainder.
    expect(times(daySlots(windows, '2026-06-11', ZONE, EARLIER))).toEqual(['00:00', '00:30', '01:00', '01:30']);
  });

  it('ends the span at the window end when it is inside the day', () => {
    const slots = daySlots([entry('schedule', '18:00', '20:00')], DAY, ZONE, EARLIER);
    expect(spanEndLabel(slots, DAY, ZONE)).toBe('20:00');
  });
});

describe('selectRun', () => {
  const base = () =>
    daySlots([entry('schedule', '09:00', '10:30'), entry('schedule', '12:00', '13:00')], DAY, ZONE, EARLIER);

  it('selects as many consecutive slots as the duration needs', () => {
    expect(statuses(selectRun(base(), 0, 60))).toBe('22100011');
    expect(statuses(selectRun(base(), 0, 90))).toBe('22200011');
  });

  it('reverts the previous selection to free', () => {
    const first = selectRun(base(), 0, 30);
    expect(statuses(selectRun(first, 2, 30))).toBe('11200011');
  });

  it('aborts when a needed slot is unavailable, keeping the previous selection', () => {
    const first = selectRun(base(), 0, 30);
    expect(statuses(selectRun(first, 2, 60))).toBe('21100011');
    expect(statuses(selectRun(first, 3, 30))).toBe('21100011');
  });

  it('ignores a click whose run would pass the end of the list', () => {
    expect(statuses(selectRun(base(), 7, 60))).toBe('11100011');
    expect(statuses(selectRun(base(), 6, 60))).toBe('11100022');
  });

  it('gives the selection as start and start plus duration', () => {
    expect(selectionOf(selectRun(base(), 1, 60), 60)).toEqual({ startDate: at('09:30'), endDate: at('10:30') });
    expect(selectionOf(base(), 60)).toBeNull();
  });

  it('ends a run that reaches midnight at the next day, shown as 23:59', () => {
    const slots = daySlots(
      [
        entry('schedule', '22:00', '23:30'),
        { type: 'schedule', startDate: at('23:30'), endDate: at('00:00', '2026-06-11') },
      ],
      DAY,
      ZONE,
      EARLIER,
    );
    const selection = selectionOf(selectRun(slots, 2, 60), 60)!;
    expect(selection.endDate).toBe(at('00:00', '2026-06-11'));
    expect(formatTimeOfDay(Date.parse(selection.endDate), DAY, ZONE)).toBe('23:59');
    expect(formatTimeOfDay(Date.parse(selection.startDate), DAY, ZONE)).toBe('23:00');
  });
});

describe('withSelection', () => {
  const windows = [entry('schedule', '10:00', '12:00')];

  it('keeps a selection whose run is still free', () => {
    const slots = daySlots(windows, DAY, ZONE, EARLIER);
    const kept = withSelection(slots, { startDate: at('10:30'), endDate: at('11:30') }, 60);
    expect(statuses(kept.slots)).toBe('1221');
    expect(kept.selection).toEqual({ startDate: at('10:30'), endDate: at('11:30') });
  });

  it('drops a selection another captain has just taken', () => {
    const slots = daySlots([...windows, entry('hold', '11:00', '11:30', { mine: false })], DAY, ZONE, EARLIER);
    const kept = withSelection(slots, { startDate: at('10:30'), endDate: at('11:30') }, 60);
    expect(statuses(kept.slots)).toBe('1101');
    expect(kept.selection).toBeNull();
  });

  it('follows a longer duration, and drops the selection when it no longer fits', () => {
    const slots = daySlots(windows, DAY, ZONE, EARLIER);
    expect(withSelection(slots, { startDate: at('10:30'), endDate: at('11:30') }, 90).selection).toEqual({
      startDate: at('10:30'),
      endDate: at('12:00'),
    });
    expect(withSelection(slots, { startDate: at('11:00'), endDate: at('12:00') }, 90).selection).toBeNull();
  });
});

describe('canGoToPreviousDay', () => {
  it('goes back only while the shown day is after today (in the zone)', () => {
    const now = new Date(at('23:30'));
    expect(canGoToPreviousDay(DAY, now, ZONE)).toBe(false);
    expect(canGoToPreviousDay('2026-06-11', now, ZONE)).toBe(true);
    // 23:30 in Warsaw is still 21:30 UTC: the zone decides what today is.
    expect(canGoToPreviousDay(DAY, now, 'UTC')).toBe(false);
    expect(canGoToPreviousDay('2026-06-11', new Date(at('01:00', '2026-06-11')), 'UTC')).toBe(true);
  });
});
