import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

import { SLOT_MINUTES, SLOT_MS } from '@playtime/shared/domain/slot-grid';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The Select Time step's half-hour slots (spec §2 Organize wizard, §4 Slot status, §9). Pure: the day,
 * the time zone and "now" come in as arguments, so the rules are tested in a fixed zone.
 */

/** The Duration slider starts at an hour. */
export const DURATION_DEFAULT = 60;

/** Spec §3 'Time slot': 0 unavailable (booked, held by others, past, outside availability), 1 free, 2 selected. */
export type SlotStatus = 0 | 1 | 2;

export interface Slot {
  /** Epoch milliseconds of the slot's start; the slot lasts 30 minutes. */
  start: number;
  status: SlotStatus;
  /** 'HH:mm' on every other slot, null on the others (spec: a label on every other slot). */
  label: string | null;
}

/** One entry of GET /api/get-subfield-schedules. */
export interface SubFieldAvailabilityEntry {
  type: 'schedule' | 'game' | 'hold';
  startDate: string;
  endDate: string;
  /** On holds and games: the entry is this captain's own. */
  mine?: boolean | null;
}

/** A calendar day 'YYYY-MM-DD' as read in the browser's zone. */
export type Day = string;

interface Interval {
  start: number;
  end: number;
}

export function dayStart(day: Day, zone: string): number {
  return dayjs.tz(day, zone).valueOf();
}

export function addDays(day: Day, days: number): Day {
  return dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD');
}

export function today(now: Date, zone: string): Day {
  return dayjs(now).tz(zone).format('YYYY-MM-DD');
}

/** Previous-day does not go before today (spec §5). */
export function canGoToPreviousDay(day: Day, now: Date, zone: string): boolean {
  return day > today(now, zone);
}

function interval(entry: SubFieldAvailabilityEntry): Interval {
  return { start: Date.parse(entry.startDate), end: Date.parse(entry.endDate) };
}

function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * The slots of a day: from the earliest availability window's start to the latest one's end (both
 * clipped to the day), every half hour. A slot is free only when it lies inside one window, starts in
 * the future and meets no booked game and no other captain's live hold; the captain's own hold stays
 * free (holding again replaces it). An empty list means no availability that day.
 */
export function daySlots(entries: readonly SubFieldAvailabilityEntry[], day: Day, zone: string, now: Date): Slot[] {
  const from = dayStart(day, zone);
  const to = dayStart(addDays(day, 1), zone);
  const windows = entries
    .filter((entry) => entry.type === 'schedule')
    .map(interval)
    .filter((window) => overlaps(window, { start: from, end: to }))
    .map((window) => ({ start: Math.max(window.start, from), end: Math.min(window.end, to) }));
  if (windows.length === 0) return [];
  const taken = entries
    .filter((entry) => entry.type === 'game' || (entry.type === 'hold' && !entry.mine))
    .map(interval);

  // Windows sit on the half-hour grid; a start off it is floored so every slot keeps the grid.
  const spanStart = from + Math.floor((Math.min(...windows.map((w) => w.start)) - from) / SLOT_MS) * SLOT_MS;
  const spanEnd = Math.max(...windows.map((w) => w.end));
  const slots: Slot[] = [];
  for (let start = spanStart, index = 0; start < spanEnd; start += SLOT_MS, index += 1) {
    const slot = { start, end: start + SLOT_MS };
    const free =
      start >= now.getTime() &&
      windows.some((window) => window.start <= slot.start && slot.end <= window.end) &&
      !taken.some((booked) => overlaps(booked, slot));
    slots.push({ start, status: free ? 1 : 0, label: index % 2 === 0 ? dayjs(start).tz(zone).format('HH:mm') : null });
  }
  return slots;
}

export function slotsNeeded(durationMinutes: number): number {
  return Math.ceil(durationMinutes / SLOT_MINUTES);
}

/**
 * Spec §4: a click on slot `index` selects as many consecutive slots as the duration needs. The click
 * is ignored when the run would pass the end of the list and aborts when a needed slot is unavailable;
 * both leave the slots as they were. Otherwise the previous selection reverts to free.
 */
export function selectRun(slots: readonly Slot[], index: number, durationMinutes: number): Slot[] {
  const needed = slotsNeeded(durationMinutes);
  if (index < 0 || index + needed > slots.length) return [...slots];
  for (let i = index; i < index + needed; i += 1) {
    if (slots[i]!.status === 0) return [...slots];
  }
  return slots.map((slot, i) => {
    const status: SlotStatus = i >= index && i < index + needed ? 2 : slot.status === 2 ? 1 : slot.status;
    return status === slot.status ? slot : { ...slot, status };
  });
}

export interface Selection {
  /** ISO instants; end is start plus duration (spec §4). */
  startDate: string;
  endDate: string;
}

/** The selection of the slots (the first selected slot plus the duration), or null when none is selected. */
export function selectionOf(slots: readonly Slot[], durationMinutes: number): Selection | null {
  const first = slots.find((slot) => slot.status === 2);
  if (!first) return null;
  return {
    startDate: new Date(first.start).toISOString(),
    endDate: new Date(first.start + durationMinutes * 60_000).toISOString(),
  };
}

/**
 * Shows a kept selection on freshly computed slots (after a live refetch or a duration change). The
 * selection is dropped (null) when its run no longer fits: a slot was taken meanwhile or the run passes
 * the end of the list.
 */
export function withSelection(
  slots: readonly Slot[],
  selection: Selection | null,
  durationMinutes: number,
): { slots: Slot[]; selection: Selection | null } {
  if (!selection) return { slots: [...slots], selection: null };
  const index = slots.findIndex((slot) => slot.start === Date.parse(selection.startDate));
  const selected = index < 0 ? slots : selectRun(slots, index, durationMinutes);
  const kept = selectionOf(selected, durationMinutes);
  return { slots: [...selected], selection: kept };
}

/**
 * A time of day as the wizard shows it; an end at (or past) the following midnight reads '23:59'
 * (spec §9: day end displays as 23:59 when the schedule runs beyond the day).
 */
export function formatTimeOfDay(instant: number, day: Day, zone: string): string {
  if (instant >= dayStart(addDays(day, 1), zone)) return '23:59';
  return dayjs(instant).tz(zone).format('HH:mm');
}

/** Where the list's span ends, as a label under its last slot. */
export function spanEndLabel(slots: readonly Slot[], day: Day, zone: string): string | null {
  const last = slots.at(-1);
  return last ? formatTimeOfDay(last.start + SLOT_MS, day, zone) : null;
}
