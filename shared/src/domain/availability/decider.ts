import { unknownType, type Decider } from '../decider';
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

/** A sub-field's stream: its availability windows, the holds on them and their bookings. */
export const availabilityDecider: Decider<AvailabilityCommand, AvailabilityEvent, AvailabilityState> = {
  initialState,
  evolve,

  decide(command, state, context) {
    if (settledByClosing(command.type, state)) return [];
    switch (command.type) {
      case 'AddAvailability':
        return addAvailability(command, state, context);
      case 'ChangeAvailability':
        return changeAvailability(command, state, context);
      case 'RemoveAvailability':
        return removeAvailability(command, state, context);
      case 'HoldSlot':
        return holdSlot(command, state, context);
      case 'ReleaseHold':
        return releaseHold(command, state, context);
      case 'BookSlot':
        return bookSlot(command, state, context);
      case 'CancelBooking':
        return cancelBooking(command, state, context);
      case 'CloseSubField':
        return closeSubField(command, state, context);
      case 'WithdrawSubField':
        return withdrawSubField(command, context);
      case 'AddWeeklyAvailability':
      case 'ChangeAvailabilitySet':
      case 'RemoveAvailabilitySet':
      case 'CloseDay':
        return decideWeekly(command, state, context);
      default:
        return unknownType(command);
    }
  },
};
