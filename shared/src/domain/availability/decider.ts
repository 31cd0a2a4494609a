import { decideByType, type Decider } from '../decider';
import { addAvailability } from './commands/add-availability';
import { bookSlot } from './commands/book-slot';
import { cancelBooking } from './commands/cancel-booking';
import { changeAvailability } from './commands/change-availability';
import { closeSubField } from './commands/close-sub-field';
import { holdSlot } from './commands/hold-slot';
import { releaseHold } from './commands/release-hold';
import { removeAvailability } from './commands/remove-availability';
import type { AvailabilityCommand } from './commands/types';
import { decideWeekly } from './commands/weekly-availability';
import { withdrawSubField } from './commands/withdraw-sub-field';
import type { AvailabilityEvent } from './events';
import { settledByClosing } from './policies/closed-sub-field';
import { evolve, initialState, type AvailabilityState } from './state';

const decideOne = decideByType<AvailabilityCommand, AvailabilityEvent, AvailabilityState>({
  AddAvailability: addAvailability,
  ChangeAvailability: changeAvailability,
  RemoveAvailability: removeAvailability,
  HoldSlot: holdSlot,
  ReleaseHold: releaseHold,
  BookSlot: bookSlot,
  CancelBooking: cancelBooking,
  CloseSubField: closeSubField,
  WithdrawSubField: (command, _state, context) => withdrawSubField(command, context),
  AddWeeklyAvailability: decideWeekly,
  ChangeAvailabilitySet: decideWeekly,
  RemoveAvailabilitySet: decideWeekly,
  CloseDay: decideWeekly,
});

/** A sub-field's stream: its availability windows, the holds on them and their bookings. */
export const availabilityDecider: Decider<AvailabilityCommand, AvailabilityEvent, AvailabilityState> = {
  initialState,
  evolve,

  decide: (command, state, context) =>
    settledByClosing(command.type, state) ? [] : decideOne(command, state, context),
};
