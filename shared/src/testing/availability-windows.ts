import type { AvailabilityCommand, SubFieldRef } from '../domain/availability/commands/types';
import type { AvailabilityEvent } from '../domain/availability/events';
import { ofPitchA } from './bookings';
import { testContext } from './decider-testing';

/**
 * The owner, admin and windows of Pitch A that the availability decider's tests add, change and remove;
 * testContext's clock reads 2026-11-21T12:00Z.
 */
export const owner = testContext({ actorId: 'owner-1', newId: () => 'w-new' });
export const admin = testContext({ actorId: 'admin-1', newId: () => 'w-new' });
export const pitchA: SubFieldRef = { subFieldId: 'sf-a', fieldId: 'f1', ownerId: 'owner-1', name: 'Pitch A' };

/** The evening window 18:00–20:00 UTC on 22 November that the tests add around. */
export const evening: AvailabilityEvent = {
  type: 'AvailabilityAdded',
  data: {
    ...ofPitchA,
    windowId: 'w1',
    startDate: '2026-11-22T18:00:00.000Z',
    endDate: '2026-11-22T20:00:00.000Z',
    addedBy: 'owner-1',
  },
};

export const add = (startDate: string, endDate: string, timeZone = 'UTC'): AvailabilityCommand => ({
  type: 'AddAvailability',
  subField: pitchA,
  startDate: new Date(startDate),
  endDate: new Date(endDate),
  actorIsAdmin: false,
  timeZone,
  maxDaysAhead: 365,
});
export const change = (windowId: string, startDate: string, endDate: string): AvailabilityCommand => ({
  type: 'ChangeAvailability',
  subField: pitchA,
  windowId,
  startDate: new Date(startDate),
  endDate: new Date(endDate),
  actorIsAdmin: false,
  timeZone: 'UTC',
  maxDaysAhead: 365,
});
