import type { DecisionContext } from '../../decider';
import type { AvailabilityEvent } from '../events';
import { ofSubField } from './common';
import type { Command } from './types';

export function withdrawSubField(command: Command<'WithdrawSubField'>, context: DecisionContext): AvailabilityEvent[] {
  return [
    {
      type: 'SubFieldWithdrawn',
      data: { ...ofSubField(command.subField), withdrawnBy: context.actorId ?? 'system', reason: command.reason },
    },
  ];
}
