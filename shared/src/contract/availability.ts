import { z } from 'zod';
import { instant } from './instants';
import { requiredId } from './text';
import {
  DEFAULT_FIELD_TIME_ZONE,
  MAX_REPEAT_DAYS,
  MAX_REPEATED_WINDOW_HOURS,
  MAX_SKIP_DATES,
  REPEAT_MESSAGES,
  WEEKDAYS,
  WEEKDAY_NAMES,
} from '../domain/availability/weekly';

const windowTimes = { startDate: instant('Start date'), endDate: instant('End date') };

/** A date of the field's calendar, YYYY-MM-DD. */
const calendarDate = (name: string) => z.iso.date({ error: `${name} must be a date, e.g. 2027-03-14` });

/**
 * The 'Repeat' of Add Availability (issue #30): a window on each of `weekdays` (1–7 from Monday) from
 * the start date's day to `until`, skipping `skipDates`, at the wall-clock times of `startDate` and
 * `endDate` in the field's zone.
 */
export const repeatBody = z.object({
  weekdays: z
    .array(z.number({ error: REPEAT_MESSAGES.weekdays }).int(REPEAT_MESSAGES.weekdays).min(1).max(7), {
      error: REPEAT_MESSAGES.weekdays,
    })
    .min(1, REPEAT_MESSAGES.weekdays)
    .max(7, REPEAT_MESSAGES.weekdays)
    .refine((days) => new Set(days).size === days.length, REPEAT_MESSAGES.weekdays),
  until: calendarDate('The end date'),
  skipDates: z.array(calendarDate('A date to skip')).max(MAX_SKIP_DATES, REPEAT_MESSAGES.skipDates).default([]),
});
export type RepeatInput = z.input<typeof repeatBody>;

/** POST /api/add-field-schedule: one window, or with `repeat` a weekly set of them. */
export const addAvailabilityBody = z.object({
  subFieldId: requiredId('subFieldId'),
  ...windowTimes,
  repeat: repeatBody.optional(),
});

/** Whether an edit or a delete is of one window or of its weekly set from that window on. */
export const AVAILABILITY_SCOPES = ['window', 'following'] as const;
export type AvailabilityScope = (typeof AVAILABILITY_SCOPES)[number];
const scope = z.enum(AVAILABILITY_SCOPES, { error: "scope is 'window' or 'following'" }).default('window');

/** POST /api/edit-field-schedule; `scope: 'following'` moves the set's later windows to the same times. */
export const editAvailabilityBody = z.object({
  fieldScheduleId: requiredId('fieldScheduleId'),
  ...windowTimes,
  scope,
});
/** POST /api/delete-field-schedule; `scope: 'following'` deletes the set's later windows too. */
export const deleteAvailabilityBody = z.object({ fieldScheduleId: requiredId('fieldScheduleId'), scope });

/**
 * POST /api/preview-field-schedule: what an add (the add body), an edit (`action: 'edit'` and the
 * edit body) or a delete (`action: 'delete'` and the delete body) would do, saving nothing.
 */
export const PREVIEW_ACTIONS = ['add', 'edit', 'delete'] as const;
export const previewActionOf = z.object({
  action: z.enum(PREVIEW_ACTIONS, { error: "action is 'add', 'edit' or 'delete'" }).default('add'),
});

/** POST /api/close-field-day: no availability on `date` (the field's calendar) on any sub-field. */
export const closeFieldDayBody = z.object({ fieldId: requiredId('fieldId'), date: calendarDate('The date') });

/** A window's times, as previews list them. */
export interface WindowTimes {
  startDate: string;
  endDate: string;
}

/** The answer of POST /api/preview-field-schedule. */
export interface AvailabilityPreview {
  /** How many windows the call would create, change and remove. */
  created: number;
  changed: number;
  removed: number;
  /** Every window it would create or move to, by start. */
  windows: WindowTimes[];
  /** Those that overlap a window already there: the call is refused while there are any. */
  overlaps: WindowTimes[];
  /** Those that meet a window already there end to end: the timeline shows them as one. */
  touching: WindowTimes[];
  /** Games the call would leave outside availability: refused while there are any. */
  bookings: (WindowTimes & { gameId: string; name: string })[];
  /** The refusal saving would get, as it would word it; null when saving would succeed. */
  refusal: { code: string; message: string } | null;
}

/** The answer of POST /api/close-field-day. */
export interface ClosedDayAnswer {
  ok: true;
  /** 'Closed on 25 Dec'. */
  message: string;
}

export {
  REPEAT_MESSAGES,
  WEEKDAYS,
  WEEKDAY_NAMES,
  MAX_REPEAT_DAYS,
  MAX_SKIP_DATES,
  MAX_REPEATED_WINDOW_HOURS,
  DEFAULT_FIELD_TIME_ZONE,
};

/** GET /api/get-field-schedules?fieldId. */
export const fieldAvailabilityQuery = z.object({ fieldId: requiredId('fieldId') });
/** GET /api/get-subfield-schedules?subFieldId. */
export const subFieldAvailabilityQuery = z.object({ subFieldId: requiredId('subFieldId') });

/** The body of add-field-schedule / edit-field-schedule as the web holds it: Date objects, sent as ISO strings. */
export interface AvailabilityWindow {
  startDate: Date;
  endDate: Date;
}

/** An availability window of a sub-field (spec §3 'Schedule entry'). Dates are ISO strings. */
export interface AvailabilityEntry {
  type: 'schedule';
  fieldScheduleId: string;
  /** The weekly set the window was made in; absent for a window added on its own. */
  setId?: string;
  startDate: string;
  endDate: string;
}

/** A game booked on a sub-field. */
export interface GameEntry {
  type: 'game';
  gameId: string;
  startDate: string;
  endDate: string;
  /** Issue #44: the game's members checked in at the field, for the tile. */
  checkedIn: number;
}

/** One entry of a sub-field's row in the owner's timeline. */
export type TimelineEntry = AvailabilityEntry | GameEntry;

/** One row of GET /api/get-field-schedules: a sub-field and its entries, by start. */
export interface SubFieldTimeline {
  subFieldId: string;
  name: string;
  data: TimelineEntry[];
}

/**
 * One entry of GET /api/get-subfield-schedules (the organize wizard's time slots), by start: an
 * availability window, a booked game or a live hold; `mine` says the game or hold is the caller's own.
 */
export type SubFieldCalendarEntry =
  | { type: 'schedule'; startDate: string; endDate: string }
  | { type: 'game' | 'hold'; startDate: string; endDate: string; mine: boolean };

/** GET /api/owner-get-game-data: the owner's read-only view of a game on their field. */
export interface OwnerGameDetails {
  name?: string | null;
  location?: string | null;
  price?: number | null;
  maxPlayers?: number | null;
  playerCount?: number | null;
  organizerEmail?: string | null;
  organizerProfilePicture?: string | null;
}
