import { describe, it } from 'vitest';
import { given, testContext } from '../../../testing/decider-testing';
import { add, admin, change, evening, owner, pitchA } from '../../../testing/availability-windows';
import { ofPitchA } from '../../../testing/bookings';
import { availabilityDecider } from '../decider';
import type { AvailabilityEvent } from '../events';
import type { AvailabilityCommand } from './types';

describe('availability decider', () => {
  describe('closing the sub-field (removed, or its field deleted)', () => {
    const closed: AvailabilityEvent = {
      type: 'SubFieldClosed',
      data: { ...ofPitchA, closedBy: 'owner-1', reason: 'subfield_removed' },
    };
    const close = (reason: 'subfield_removed' | 'field_deleted' = 'subfield_removed'): AvailabilityCommand => ({
      type: 'CloseSubField',
      subField: pitchA,
      actorIsAdmin: false,
      reason,
      timeZone: 'UTC',
    });

    it('closes the sub-field, saying why', () => {
      given(availabilityDecider, [evening]).when(close(), owner).then([closed]);
      given(availabilityDecider, [])
        .when(close('field_deleted'), owner)
        .then([{ type: 'SubFieldClosed', data: { ...ofPitchA, closedBy: 'owner-1', reason: 'field_deleted' } }]);
    });

    it('refuses every later command: no window can be added to, changed on or removed from a closed sub-field', () => {
      given(availabilityDecider, [closed])
        .when(add('2026-11-22T08:00:00Z', '2026-11-22T10:00:00Z'), owner)
        .thenRefused('subfield_not_found', 'There is no sub-field with this id.');
      given(availabilityDecider, [evening, closed])
        .when(change('w1', '2026-11-22T19:00:00Z', '2026-11-22T21:00:00Z'), owner)
        .thenRefused('availability_not_found', 'There is no availability with this id.');
      given(availabilityDecider, [evening, closed])
        .when(
          { type: 'RemoveAvailability', subField: pitchA, windowId: 'w1', actorIsAdmin: false, timeZone: 'UTC' },
          owner,
        )
        .thenRefused('availability_not_found');
    });

    it('closes only once: a retried removal decides nothing here and goes on to the field', () => {
      given(availabilityDecider, [closed]).when(close(), owner).then([]);
      given(availabilityDecider, [closed])
        .when({ ...close('field_deleted'), actorIsAdmin: true } as AvailabilityCommand, admin)
        .then([]);
    });

    it('lets only the owner of the field or an admin close it', () => {
      given(availabilityDecider, [evening])
        .when(close(), testContext({ actorId: 'owner-2' }))
        .thenRefused('not_your_field', 'You can only change your own fields.');
      given(availabilityDecider, [evening])
        .when({ ...close(), actorIsAdmin: true } as AvailabilityCommand, admin)
        .then([{ type: 'SubFieldClosed', data: { ...ofPitchA, closedBy: 'admin-1', reason: 'subfield_removed' } }]);
    });
  });
});
