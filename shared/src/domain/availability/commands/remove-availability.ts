import type { DecisionContext } from '../../decider';
import { refuseStrandingBookings } from '../rules';
import type { AvailabilityEvent } from '../events';
import { refuseUnlessOwnerOrAdmin } from '../policies/ownership';
import type { AvailabilityState } from '../state';
import { findWindow, liveHoldsOf, ofSubField } from './common';
import type { Command } from './types';

export function removeAvailability(
  command: Command<'RemoveAvailability'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const current = findWindow(state, command.windowId);
  const others = state.windows.filter((window) => window.windowId !== current.windowId);
  refuseStrandingBookings(others, liveHoldsOf(state), state.bookings, context.now.getTime(), command.timeZone);
  return [
    {
      type: 'AvailabilityRemoved',
      data: { ...ofSubField(command.subField), windowId: current.windowId, removedBy: actor },
    },
  ];
}
