import type { DecisionContext } from '../../decider';
import type { AvailabilityEvent } from '../events';
import type { AvailabilityState } from '../state';
import { ofSubField } from './common';
import type { Command } from './types';

export function cancelBooking(
  command: Command<'CancelBooking'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  if (!state.bookings.some((booking) => booking.gameId === command.gameId)) return [];
  return [
    {
      type: 'BookingCancelled',
      data: { ...ofSubField(command.subField), gameId: command.gameId, cancelledBy: context.actorId ?? 'system' },
    },
  ];
}
