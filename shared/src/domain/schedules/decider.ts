import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DomainError, type DecisionContext, type Decider } from '../decider';
import { ONLY_YOUR_OWN_FIELDS } from '../fields/decider';
import type { AvailabilityEvent } from './events';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Bookings are made in half-hour slots (spec §9), so availability starts and ends on that grid. */
export const SLOT_MINUTES = 30;
export const MAX_WINDOW_DAYS = 14;
const SLOT_MS = SLOT_MINUTES * 60_000;
const MAX_WINDOW_MS = MAX_WINDOW_DAYS * 24 * 3_600_000;

/**
 * The sub-field a command is about, as the command API found it in the read model. A command appends
 * to the sub-field's stream only, so its field, owner and name come in with the command.
 */
export interface SubFieldRef {
  subFieldId: string;
  fieldId: string;
  ownerId: string;
  name: string;
}

export type AvailabilityCommand =
  | { type: 'AddAvailability'; subField: SubFieldRef; startDate: Date; endDate: Date; actorIsAdmin: boolean; timeZone: string }
  | { type: 'ChangeAvailability'; subField: SubFieldRef; fieldScheduleId: string; startDate: Date; endDate: Date; actorIsAdmin: boolean; timeZone: string }
  | { type: 'RemoveAvailability'; subField: SubFieldRef; fieldScheduleId: string; actorIsAdmin: boolean };

/** A window as epoch milliseconds, end exclusive: a window ending 18:00 and one starting 18:00 do not overlap. */
export interface AvailabilityWindow {
  fieldScheduleId: string;
  start: number;
  end: number;
}

export interface AvailabilityState {
  windows: AvailabilityWindow[];
}

/** Times in messages are shown in the reader's zone (the X-Time-Zone header), like the screen they look at. */
const clock = (epochMs: number, timeZone: string) => dayjs(epochMs).tz(timeZone).format('HH:mm');

function refuseUnlessOwnerOrAdmin(subField: SubFieldRef, context: DecisionContext, actorIsAdmin: boolean): string {
  const actor = context.actorId;
  if (actor === null || (actor !== subField.ownerId && !actorIsAdmin)) throw new DomainError('forbidden', 'not_your_field', ONLY_YOUR_OWN_FIELDS);
  return actor;
}

/** The rules every new or changed window meets; `others` are the sub-field's other windows. */
function refuseBadWindow(start: number, end: number, others: AvailabilityWindow[], subFieldName: string, now: Date, timeZone: string): void {
  if (!(end > start)) throw new DomainError('invalid', 'end_before_start', 'The end must be after the start.');
  // Whole half hours since the epoch are whole half hours in every zone whose offset is a multiple of 30 minutes.
  if (start % SLOT_MS !== 0 || end % SLOT_MS !== 0) throw new DomainError('invalid', 'off_grid', 'Start and end must be on the hour or half hour.');
  // A window that has begun but not ended is still useful: the rest of it can be booked.
  if (end <= now.getTime()) throw new DomainError('invalid', 'in_the_past', 'This availability is already over.');
  if (end - start > MAX_WINDOW_MS) throw new DomainError('invalid', 'too_long', `An availability window can be at most ${MAX_WINDOW_DAYS} days long.`);
  const clash = others.filter((other) => other.start < end && start < other.end).sort((a, b) => a.start - b.start)[0];
  if (clash) {
    throw new DomainError(
      'invalid',
      'overlap',
      `This availability overlaps another window on ${subFieldName} from ${clock(clash.start, timeZone)} to ${clock(clash.end, timeZone)}`,
    );
  }
}

function findWindow(state: AvailabilityState, fieldScheduleId: string): AvailabilityWindow {
  const window = state.windows.find((candidate) => candidate.fieldScheduleId === fieldScheduleId);
  if (!window) throw new DomainError('not_found', 'availability_not_found', 'There is no availability with this id.');
  return window;
}

export const availabilityDecider: Decider<AvailabilityCommand, AvailabilityEvent, AvailabilityState> = {
  initialState: () => ({ windows: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'AvailabilityAdded':
      case 'AvailabilityChanged': {
        const { fieldScheduleId, startDate, endDate } = event.data;
        const others = state.windows.filter((window) => window.fieldScheduleId !== fieldScheduleId);
        return { windows: [...others, { fieldScheduleId, start: Date.parse(startDate), end: Date.parse(endDate) }] };
      }
      case 'AvailabilityRemoved':
        return { windows: state.windows.filter((window) => window.fieldScheduleId !== event.data.fieldScheduleId) };
    }
  },

  decide(command, state, context) {
    const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
    const { subFieldId, fieldId, ownerId, name: subFieldName } = command.subField;
    switch (command.type) {
      case 'AddAvailability': {
        const start = command.startDate.getTime();
        const end = command.endDate.getTime();
        refuseBadWindow(start, end, state.windows, subFieldName, context.now, command.timeZone);
        const fieldScheduleId = context.newId();
        const window = { startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() };
        return [{ type: 'AvailabilityAdded', data: { subFieldId, fieldId, ownerId, subFieldName, fieldScheduleId, ...window, addedBy: actor } }];
      }
      case 'ChangeAvailability': {
        const current = findWindow(state, command.fieldScheduleId);
        const start = command.startDate.getTime();
        const end = command.endDate.getTime();
        if (start === current.start && end === current.end) return [];
        const others = state.windows.filter((window) => window.fieldScheduleId !== current.fieldScheduleId);
        refuseBadWindow(start, end, others, subFieldName, context.now, command.timeZone);
        const window = { startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() };
        return [
          { type: 'AvailabilityChanged', data: { subFieldId, fieldId, ownerId, subFieldName, fieldScheduleId: current.fieldScheduleId, ...window, changedBy: actor } },
        ];
      }
      case 'RemoveAvailability': {
        const current = findWindow(state, command.fieldScheduleId);
        // Refused while a booking needs the window once games exist (the games issue adds that rule).
        return [{ type: 'AvailabilityRemoved', data: { subFieldId, fieldId, ownerId, subFieldName, fieldScheduleId: current.fieldScheduleId, removedBy: actor } }];
      }
    }
  },
};
