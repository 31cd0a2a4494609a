import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DomainError, unknownType } from '../../decider';
import type { Booking, Span } from '../rules';
import { findWindow } from '../commands/common';
import type { WeeklyAvailabilityCommand } from '../commands/types';
import type { AvailabilityState, BookableWindow } from '../state';
import {
  MAX_REPEATED_WINDOW_HOURS,
  MAX_SKIP_DATES,
  REPEAT_MESSAGES,
  dateIn,
  expandWeekly,
  onDate,
  repeatProblem,
  wallClock,
  wallClockOf,
  type CalendarDate,
} from '../weekly';

dayjs.extend(utc);
dayjs.extend(timezone);

// ---------------------------------------------------------------------------------------------------
// An owner's weekly availability (issue #30). Each command is worked out once by `weeklyPlan` (what it
// would add, change and remove, what it clashes with, which bookings it would hit); the decision
// refuses what the plan found, and the what-if preview shows the same plan without saving it.

/** What a weekly command would do to the sub-field, and what stands in its way. */
export interface WeeklyPlan {
  added: Span[];
  changed: (Span & { windowId: string })[];
  removed: BookableWindow[];
  /** New or moved windows that overlap a window they do not replace (refused, as a single window is). */
  overlaps: Span[];
  /** New or moved windows that meet another end to end: the timeline shows them as one span. */
  touching: Span[];
  /** Future bookings the change would leave outside availability, or that lie on a day being closed. */
  bookings: Booking[];
}

const overlapping = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const touchingEnds = (a: Span, b: Span) => a.end === b.start || b.end === a.start;
const inside = (inner: Span, outer: Span) => outer.start <= inner.start && inner.end <= outer.end;

/** A set's window and every later window of its set, by start. */
function fromWindowOn(state: AvailabilityState, windowId: string): BookableWindow[] {
  const current = findWindow(state, windowId);
  const setId = state.windowSets[windowId];
  if (setId === undefined) throw new DomainError('invalid', 'not_in_set', REPEAT_MESSAGES.notInSet);
  return state.windows
    .filter((window) => state.windowSets[window.windowId] === setId && window.start >= current.start)
    .sort((a, b) => a.start - b.start);
}

/** New windows against the windows that stay: which overlap one, which touch one. */
function clashes(newWindows: Span[], staying: Span[]): Pick<WeeklyPlan, 'overlaps' | 'touching'> {
  return {
    overlaps: newWindows.filter((window) => staying.some((other) => overlapping(window, other))),
    touching: newWindows.filter(
      (window) =>
        !staying.some((other) => overlapping(window, other)) && staying.some((other) => touchingEnds(window, other)),
    ),
  };
}

/** Future bookings that no window would hold any more. */
const strandedBy = (windowsAfter: Span[], state: AvailabilityState, now: number): Booking[] =>
  state.bookings
    .filter((booking) => booking.end > now && !windowsAfter.some((window) => inside(booking, window)))
    .sort((a, b) => a.start - b.start);
export /** The hours of a day in the field's zone (23 or 25 on a daylight-saving change). */
const dayIn = (date: CalendarDate, timeZone: string): Span => ({
  start: wallClock(date, '00:00', timeZone),
  end: dayjs.tz(date, timeZone).add(1, 'day').valueOf(),
});

/** What a weekly command would do; refuses only what leaves nothing to plan (a bad rule, an unknown window). */
export function weeklyPlan(command: WeeklyAvailabilityCommand, state: AvailabilityState, now: Date): WeeklyPlan {
  const none: WeeklyPlan = { added: [], changed: [], removed: [], overlaps: [], touching: [], bookings: [] };
  switch (command.type) {
    case 'AddWeeklyAvailability': {
      const problem = repeatProblem(command.rule);
      if (problem) throw new DomainError('invalid', problem.code, problem.message);
      if (command.rule.skipDates.length > MAX_SKIP_DATES)
        throw new DomainError('invalid', 'too_many_skip_dates', REPEAT_MESSAGES.skipDates);
      const added = expandWeekly(command.rule);
      return { ...none, added, ...clashes(added, state.windows) };
    }
    case 'ChangeAvailabilitySet': {
      const following = fromWindowOn(state, command.windowId);
      const length = command.endDate.getTime() - command.startDate.getTime();
      if (!(length > 0)) throw new DomainError('invalid', 'end_before_start', 'The end must be after the start.');
      // Longer than a day, one date's window would run into the next date's.
      if (length > MAX_REPEATED_WINDOW_HOURS * 3_600_000)
        throw new DomainError('invalid', 'repeated_too_long', REPEAT_MESSAGES.tooLong);
      const zone = command.fieldTimeZone;
      const times = wallClockOf({ start: command.startDate.getTime(), end: command.endDate.getTime() }, zone);
      const changed = following.map((window) => ({
        windowId: window.windowId,
        ...onDate(dateIn(window.start, zone), times, zone),
      }));
      const staying = state.windows.filter((window) => !following.includes(window));
      return {
        ...none,
        changed,
        ...clashes(changed, staying),
        bookings: strandedBy([...staying, ...changed], state, now.getTime()),
      };
    }
    case 'RemoveAvailabilitySet': {
      const removed = fromWindowOn(state, command.windowId);
      const staying = state.windows.filter((window) => !removed.includes(window));
      return { ...none, removed, bookings: strandedBy(staying, state, now.getTime()) };
    }
    case 'CloseDay': {
      const day = dayIn(command.date, command.fieldTimeZone);
      const plan: WeeklyPlan = { ...none };
      for (const window of state.windows.filter((candidate) => overlapping(candidate, day))) {
        // What is left of the window either side of the day: none, one part (changed) or two (changed and added).
        const parts = [
          { start: window.start, end: Math.min(window.end, day.start) },
          { start: Math.max(window.start, day.end), end: window.end },
        ].filter((part) => part.end > part.start);
        if (parts[0] === undefined) plan.removed.push(window);
        else plan.changed.push({ windowId: window.windowId, ...parts[0] });
        if (parts[1] !== undefined) plan.added.push(parts[1]);
      }
      plan.bookings = state.bookings
        .filter((booking) => booking.end > now.getTime() && overlapping(booking, day))
        .sort((a, b) => a.start - b.start);
      return plan;
    }
    default:
      return unknownType(command);
  }
}
