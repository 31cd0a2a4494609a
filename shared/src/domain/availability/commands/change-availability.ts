import { refuseStrandingBookings } from '../rules';
import { refuseUnlessOwnerOrAdmin } from '../policies/ownership';
import { refuseBadWindow } from '../policies/window-rules';
import { windowAndOthers, liveHoldsOf, ofSubField, windowTimes } from './common';
import type { Decide } from './types';

export const changeAvailability: Decide<'ChangeAvailability'> = (command, state, context) => {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const { current, others } = windowAndOthers(state, command.windowId);
  const start = command.startDate.getTime();
  const end = command.endDate.getTime();
  if (start === current.start && end === current.end) return [];
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
};
