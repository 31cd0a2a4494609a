import { DomainError } from '../../decider';
import { describeSpan, isLive } from '../rules';
import { refuseUnlessOwnerOrAdmin } from '../policies/ownership';
import { liveHoldsOf, ofSubField } from './common';
import type { Decide } from './types';

export const closeSubField: Decide<'CloseSubField'> = (command, state, context) => {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const now = context.now.getTime();
  const subFieldName = command.subField.name;
  // Bookings live in this stream, so this decision sees every one of them under any concurrency;
  // removing a sub-field and deleting a field both close it first, so both get this refusal.
  const booked = state.bookings.filter((booking) => booking.end > now).sort((a, b) => a.start - b.start)[0];
  if (booked) {
    throw new DomainError(
      'conflict',
      'has_future_bookings',
      `${subFieldName} has a booked game: ${booked.gameName} (${describeSpan(booked, command.timeZone)}). Cancel the game before removing it.`,
    );
  }
  if (liveHoldsOf(state).some((hold) => isLive(hold, now))) {
    throw new DomainError(
      'conflict',
      'held_now',
      `A captain is paying for a slot on ${subFieldName} right now. Try again in a few minutes.`,
    );
  }
  return [
    { type: 'SubFieldClosed', data: { ...ofSubField(command.subField), closedBy: actor, reason: command.reason } },
  ];
};
