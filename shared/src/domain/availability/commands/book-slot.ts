import { DomainError } from '../../decider';
import { refuseUnbookableSlot } from '../rules';
import { refuseChangedDraft } from '../policies/held-draft';
import { refuseBadRentalPayment } from '../policies/rental-payment';
import { findHold, liveHoldsOf, ofSubField, windowTimes } from './common';
import type { Decide } from './types';

export const bookSlot: Decide<'BookSlot'> = (command, state, context) => {
  const hold = findHold(state, command.holdId);
  if (command.draft) refuseChangedDraft(hold, command.draft);
  if (hold.status === 'booked') {
    // The organizer's page and the payment's webhook may both book: the second changes nothing.
    if (hold.gameId === command.gameId) return [];
    throw new DomainError('conflict', 'hold_used', 'This slot has already been booked for another game.');
  }
  refuseBadRentalPayment(hold, command.payment, context.actorId);
  // An expired or released hold can still be booked while nobody else took its time meanwhile:
  // every week of it, or none.
  const othersLive = liveHoldsOf(state).filter((other) => other.holdId !== hold.holdId);
  for (const week of hold.occurrences)
    refuseUnbookableSlot(week, state.windows, othersLive, state.bookings, hold.organizerId, context.now.getTime());
  const gameIds = [command.gameId, ...(command.laterWeekGameIds ?? [])];
  if (gameIds.length < hold.occurrences.length)
    throw new Error(
      `Hold ${hold.holdId} covers ${hold.occurrences.length} weeks but BookSlot names ${gameIds.length} games`,
    );
  return hold.occurrences.map((week, index) => ({
    type: 'SlotBooked',
    data: {
      ...ofSubField(command.subField),
      holdId: hold.holdId,
      gameId: gameIds[index]!,
      organizerId: hold.organizerId,
      ...windowTimes(week.start, week.end),
      rentalCents: week.rentalCents,
      paymentId: command.payment?.paymentId ?? null,
      draft: hold.draft,
      series: hold.series && {
        ...hold.series,
        week: index + 1,
        weeks: hold.occurrences.length,
        previousEndDate: index === 0 ? null : new Date(hold.occurrences[index - 1]!.end).toISOString(),
      },
    },
  }));
};
