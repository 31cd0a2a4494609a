import type { DecisionContext } from '../../decider';
import { refuseStrandingBookings } from '../rules';
import type { AvailabilityEvent } from '../events';
import { refuseUnlessOwnerOrAdmin } from '../policies/ownership';
import { refuseBadWindow } from '../policies/window-rules';
import type { AvailabilityState } from '../state';
import { findWindow, liveHoldsOf, ofSubField, windowTimes } from './common';
import type { Command } from './types';

export function changeAvailability(
  command: Command<'ChangeAvailability'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const current = findWindow(state, command.windowId);
  const start = command.startDate.getTime();
  const end = command.endDate.getTime();
  if (start === current.start && end === current.end) return [];
  const others = state.windows.filter((window) => window.windowId !== current.windowId);
  refuseBadWindow(start, end, others, command.subField.name, context.now, command);
  refuseStrandingBookings(
    [...others, { start, end }],
    liveHoldsOf(state),
    state.bookings,
    context.now.getTime(),
    command.timeZone,
  );
  return [
    {
      type: 'AvailabilityChanged',
      data: {
        ...ofSubField(command.subField),
        windowId: current.windowId,
        ...windowTimes(start, end),
        changedBy: actor,
      },
    },
  ];
}
