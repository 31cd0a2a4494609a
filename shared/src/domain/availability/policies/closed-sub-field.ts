import { DomainError } from '../../decider';
import type { AvailabilityCommand } from '../commands/types';
import { FIELD_WITHDRAWN, NO_SUCH_SUBFIELD, NO_SUCH_WINDOW } from '../messages';
import type { AvailabilityState } from '../state';

/**
 * What each command meets on a closed sub-field (removed, or its field deleted): nothing to do
 * (closing twice is what a retried removal does: the removal goes on to its field's stream), or
 * a refusal as if the sub-field, or the window, did not exist.
 */
const WHEN_CLOSED: Record<AvailabilityCommand['type'], 'nothing' | 'no_subfield' | 'no_window'> = {
  CloseSubField: 'nothing',
  ReleaseHold: 'nothing',
  CancelBooking: 'nothing',
  WithdrawSubField: 'nothing',
  AddAvailability: 'no_subfield',
  HoldSlot: 'no_subfield',
  BookSlot: 'no_subfield',
  ChangeAvailability: 'no_window',
  RemoveAvailability: 'no_window',
  AddWeeklyAvailability: 'no_subfield',
  CloseDay: 'no_subfield',
  ChangeAvailabilitySet: 'no_window',
  RemoveAvailabilitySet: 'no_window',
};

/**
 * What each command meets on a withdrawn sub-field (its owner's account was deleted): nothing sold
 * any more; letting holds go, cancelling bookings (the withdrawal's own cancelled games), removing
 * windows and closing go on as before.
 */
const WHEN_WITHDRAWN: Record<AvailabilityCommand['type'], 'nothing' | 'refused' | 'as_before'> = {
  WithdrawSubField: 'nothing',
  AddAvailability: 'refused',
  ChangeAvailability: 'refused',
  HoldSlot: 'refused',
  BookSlot: 'refused',
  RemoveAvailability: 'as_before',
  CloseSubField: 'as_before',
  ReleaseHold: 'as_before',
  CancelBooking: 'as_before',
  AddWeeklyAvailability: 'refused',
  ChangeAvailabilitySet: 'refused',
  RemoveAvailabilitySet: 'as_before',
  CloseDay: 'as_before',
};
export /** Whether the sub-field's closing or withdrawal settles the command already (it then changes nothing); refuses what they forbid. */
function settledByClosing(type: AvailabilityCommand['type'], state: AvailabilityState): boolean {
  if (state.closed) {
    const closed = WHEN_CLOSED[type];
    if (closed === 'no_subfield') throw new DomainError('not_found', 'subfield_not_found', NO_SUCH_SUBFIELD);
    if (closed === 'no_window') throw new DomainError('not_found', 'availability_not_found', NO_SUCH_WINDOW);
    return true;
  }
  if (state.withdrawn) {
    const withdrawn = WHEN_WITHDRAWN[type];
    if (withdrawn === 'refused') throw new DomainError('conflict', 'field_withdrawn', FIELD_WITHDRAWN);
    return withdrawn === 'nothing';
  }
  return false;
}
