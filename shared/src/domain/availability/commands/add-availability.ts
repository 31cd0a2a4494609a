import type { DecisionContext } from '../../decider';
import type { AvailabilityEvent } from '../events';
import { refuseUnlessOwnerOrAdmin } from '../policies/ownership';
import { refuseBadWindow } from '../policies/window-rules';
import type { AvailabilityState } from '../state';
import { ofSubField, windowTimes } from './common';
import type { Command } from './types';

export function addAvailability(
  command: Command<'AddAvailability'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
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
}
