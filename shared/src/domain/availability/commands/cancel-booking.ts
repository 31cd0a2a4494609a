import { ofSubField } from './common';
import type { Decide } from './types';

export const cancelBooking: Decide<'CancelBooking'> = (command, state, context) => {
  if (!state.bookings.some((booking) => booking.gameId === command.gameId)) return [];
  return [
    {
      type: 'BookingCancelled',
      data: { ...ofSubField(command.subField), gameId: command.gameId, cancelledBy: context.actorId ?? 'system' },
    },
  ];
};
