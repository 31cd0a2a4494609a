import { z } from 'zod';
import { instant } from './instants';
import { requiredId } from './text';

const windowTimes = { startDate: instant('Start date'), endDate: instant('End date') };

/** POST /api/add-field-schedule. */
export const addAvailabilityBody = z.object({ subFieldId: requiredId('subFieldId'), ...windowTimes });
/** POST /api/edit-field-schedule. */
export const editAvailabilityBody = z.object({ fieldScheduleId: requiredId('fieldScheduleId'), ...windowTimes });
/** POST /api/delete-field-schedule. */
export const deleteAvailabilityBody = z.object({ fieldScheduleId: requiredId('fieldScheduleId') });

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
  startDate: string;
  endDate: string;
}

/** A game booked on a sub-field. */
export interface GameEntry {
  type: 'game';
  gameId: string;
  startDate: string;
  endDate: string;
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
