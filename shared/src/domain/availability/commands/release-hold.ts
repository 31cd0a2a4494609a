import { DomainError } from '../../decider';
import { findHold, ofSubField } from './common';
import type { Decide } from './types';

export const releaseHold: Decide<'ReleaseHold'> = (command, state, context) => {
  const hold = findHold(state, command.holdId);
  if (command.reason === 'released' && context.actorId !== hold.organizerId) {
    throw new DomainError('forbidden', 'not_your_hold', 'You can only release your own hold.');
  }
  // A hold that was booked or already let go stays as it is: a late expiry job changes nothing.
  if (hold.status !== 'live') return [];
  return [
    { type: 'HoldReleased', data: { ...ofSubField(command.subField), holdId: hold.holdId, reason: command.reason } },
  ];
};
