import { refuseStrandingBookings } from '../rules';
import { refuseUnlessOwnerOrAdmin } from '../policies/ownership';
import { windowAndOthers, liveHoldsOf, ofSubField } from './common';
import type { Decide } from './types';

export const removeAvailability: Decide<'RemoveAvailability'> = (command, state, context) => {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const { current, others } = windowAndOthers(state, command.windowId);
  refuseStrandingBookings(others, liveHoldsOf(state), state.bookings, context.now.getTime(), command.timeZone);
  return [
    {
      type: 'AvailabilityRemoved',
      data: { ...ofSubField(command.subField), windowId: current.windowId, removedBy: actor },
    },
  ];
};
