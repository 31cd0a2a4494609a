import { DomainError } from '../../decider';
import { NO_SUCH_WINDOW } from '../messages';
import type { AvailabilityState, BookableWindow, KnownHold } from '../state';
import type { SubFieldRef } from './types';

export function findWindow(state: AvailabilityState, windowId: string): BookableWindow {
  const window = state.windows.find((candidate) => candidate.windowId === windowId);
  if (!window) throw new DomainError('not_found', 'availability_not_found', NO_SUCH_WINDOW);
  return window;
}

/** The window a change or a removal names, and the sub-field's other windows, which it must leave as they are. */
export function windowAndOthers(
  state: AvailabilityState,
  windowId: string,
): { current: BookableWindow; others: BookableWindow[] } {
  const current = findWindow(state, windowId);
  return { current, others: state.windows.filter((window) => window.windowId !== current.windowId) };
}

export function findHold(state: AvailabilityState, holdId: string): KnownHold {
  const hold = state.holds.find((candidate) => candidate.holdId === holdId);
  if (!hold)
    throw new DomainError('not_found', 'hold_not_found', 'There is no hold with this id. Pick the slot again.');
  return hold;
}

/** What every event of the sub-field names about it. */
export const ofSubField = ({ subFieldId, fieldId, ownerId, name }: SubFieldRef) => ({
  subFieldId,
  fieldId,
  ownerId,
  subFieldName: name,
});

/**
 * The live holds, one entry per week held: a series hold keeps every one of its weeks from others and
 * from an owner's change of availability, as a hold of one slot does.
 */
export const liveHoldsOf = (state: AvailabilityState): KnownHold[] =>
  state.holds
    .filter((hold) => hold.status === 'live')
    .flatMap((hold) => hold.occurrences.map(({ start, end }) => ({ ...hold, start, end })));

export const windowTimes = (start: number, end: number) => ({
  startDate: new Date(start).toISOString(),
  endDate: new Date(end).toISOString(),
});
