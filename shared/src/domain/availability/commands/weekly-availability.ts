import { DomainError, type DecisionContext } from '../../decider';
import { refuseStrandingBookings } from '../rules';
import type { AvailabilityEvent } from '../events';
import { refuseUnlessOwnerOrAdmin } from '../policies/ownership';
import { dayIn, weeklyPlan } from '../policies/weekly-plan';
import { refuseBadWindow } from '../policies/window-rules';
import type { AvailabilityState } from '../state';
import { dateIn, REPEAT_MESSAGES } from '../weekly';
import { liveHoldsOf, ofSubField, windowTimes } from './common';
import type { WeeklyAvailabilityCommand } from './types';

export function decideWeekly(
  command: WeeklyAvailabilityCommand,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const plan = weeklyPlan(command, state, context.now);
  const subField = ofSubField(command.subField);
  const name = command.subField.name;
  const zoneOfDates = command.type === 'RemoveAvailabilitySet' ? command.timeZone : fieldZoneOf(command);
  if (command.type === 'AddWeeklyAvailability' && plan.added.length === 0)
    throw new DomainError('invalid', 'no_windows', REPEAT_MESSAGES.noWindows);
  if (command.type === 'CloseDay') {
    const day = dayIn(command.date, command.fieldTimeZone);
    if (day.end <= context.now.getTime()) throw new DomainError('invalid', 'in_the_past', 'This day is already over.');
    if (plan.bookings.length > 0) {
      throw new DomainError(
        'conflict',
        'booked_on_closed_day',
        REPEAT_MESSAGES.bookedOnClosedDay(command.date, plan.bookings, command.timeZone),
      );
    }
  }
  // Every new or moved window meets the rules of a single one (the grid, the past, how far ahead).
  if (command.type === 'AddWeeklyAvailability' || command.type === 'ChangeAvailabilitySet') {
    for (const window of [...plan.added, ...plan.changed])
      refuseBadWindow(window.start, window.end, [], name, context.now, command);
  }
  if (plan.overlaps.length > 0) {
    const dates = plan.overlaps.map((window) => dateIn(window.start, zoneOfDates));
    throw new DomainError('invalid', 'overlap', REPEAT_MESSAGES.overlaps(name, dates));
  }
  if (plan.bookings.length > 0)
    throw new DomainError('conflict', 'availability_booked', REPEAT_MESSAGES.stranded(plan.bookings, command.timeZone));
  // A captain paying for a slot right now keeps its window until the hold ends, as with one window.
  const changedIds = new Set([...plan.changed, ...plan.removed].map((window) => window.windowId));
  const windowsAfter = [
    ...state.windows.filter((window) => !changedIds.has(window.windowId)),
    ...plan.changed,
    ...plan.added,
  ];
  refuseStrandingBookings(windowsAfter, liveHoldsOf(state), [], context.now.getTime(), command.timeZone);

  const addedIds = plan.added.map(() => context.newId());
  const events: AvailabilityEvent[] = [
    ...plan.removed.map((window): AvailabilityEvent => ({
      type: 'AvailabilityRemoved',
      data: { ...subField, windowId: window.windowId, removedBy: actor },
    })),
    ...plan.changed
      .filter((window) => {
        const before = state.windows.find((candidate) => candidate.windowId === window.windowId);
        return before?.start !== window.start || before.end !== window.end;
      })
      .map((window): AvailabilityEvent => ({
        type: 'AvailabilityChanged',
        data: { ...subField, windowId: window.windowId, ...windowTimes(window.start, window.end), changedBy: actor },
      })),
    ...plan.added.map((window, index): AvailabilityEvent => ({
      type: 'AvailabilityAdded',
      data: { ...subField, windowId: addedIds[index]!, ...windowTimes(window.start, window.end), addedBy: actor },
    })),
  ];
  if (command.type === 'AddWeeklyAvailability') {
    const { weekdays, until, skipDates, fieldTimeZone } = command.rule;
    events.push({
      type: 'AvailabilitySetAdded',
      data: {
        ...subField,
        setId: context.newId(),
        windowIds: addedIds,
        weekdays: [...weekdays].sort(),
        until,
        skipDates: [...skipDates].sort(),
        timeZone: fieldTimeZone,
        addedBy: actor,
      },
    });
  }
  if (command.type === 'CloseDay') {
    events.push({
      type: 'AvailabilityDayClosed',
      data: { ...subField, date: command.date, timeZone: command.fieldTimeZone, closedBy: actor },
    });
  }
  return events;
}

function fieldZoneOf(command: Exclude<WeeklyAvailabilityCommand, { type: 'RemoveAvailabilitySet' }>): string {
  return command.type === 'AddWeeklyAvailability' ? command.rule.fieldTimeZone : command.fieldTimeZone;
}
