import { refuseUnlessOwnerOrAdmin } from '../policies/ownership';
import { refuseBadWindow } from '../policies/window-rules';
import { ofSubField, windowTimes } from './common';
import type { Decide } from './types';

export const addAvailability: Decide<'AddAvailability'> = (command, state, context) => {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const start = command.startDate.getTime();
  const end = command.endDate.getTime();
  refuseBadWindow(start, end, state.windows, command.subField.name, context.now, command);
  const windowId = context.newId();
  return [
    {
      type: 'AvailabilityAdded',
      data: { ...ofSubField(command.subField), windowId, ...windowTimes(start, end), addedBy: actor },
    },
  ];
};
