import { describe, it } from 'vitest';
import { given, testContext } from '../../../testing/decider-testing';
import { change, evening, owner, pitchA } from '../../../testing/availability-windows';
import { ofPitchA } from '../../../testing/bookings';
import { availabilityDecider } from '../decider';
import type { AvailabilityEvent } from '../events';

describe('availability decider', () => {
  describe('changing and removing a window', () => {
    const morning: AvailabilityEvent = {
      type: 'AvailabilityAdded',
      data: {
        ...ofPitchA,
        windowId: 'w2',
        startDate: '2026-11-22T08:00:00.000Z',
        endDate: '2026-11-22T10:00:00.000Z',
        addedBy: 'owner-1',
      },
    };

    it('moves a window, which may overlap where it was before', () => {
      given(availabilityDecider, [evening, morning])
        .when(change('w1', '2026-11-22T19:00:00Z', '2026-11-22T21:30:00Z'), owner)
        .then([
          {
            type: 'AvailabilityChanged',
            data: {
              ...ofPitchA,
              windowId: 'w1',
              startDate: '2026-11-22T19:00:00.000Z',
              endDate: '2026-11-22T21:30:00.000Z',
              changedBy: 'owner-1',
            },
          },
        ]);
    });

    it('applies every rule to the new times', () => {
      given(availabilityDecider, [evening, morning])
        .when(change('w1', '2026-11-22T09:00:00Z', '2026-11-22T12:00:00Z'), owner)
        .thenRefused('overlap', 'This availability overlaps another window on Pitch A from 08:00 to 10:00');
      given(availabilityDecider, [evening])
        .when(change('w1', '2026-11-22T20:00:00Z', '2026-11-22T19:00:00Z'), owner)
        .thenRefused('end_before_start');
      given(availabilityDecider, [evening])
        .when(change('w1', '2026-11-22T18:10:00Z', '2026-11-22T20:00:00Z'), owner)
        .thenRefused('off_grid');
      given(availabilityDecider, [evening])
        .when(change('w1', '2026-11-20T18:00:00Z', '2026-11-20T20:00:00Z'), owner)
        .thenRefused('in_the_past');
      given(availabilityDecider, [evening])
        .when(change('w1', '2026-11-22T18:00:00Z', '2026-12-22T20:00:00Z'), owner)
        .thenRefused('too_long');
    });

    it('allows touching its neighbour after a move', () => {
      given(availabilityDecider, [evening, morning])
        .when(change('w1', '2026-11-22T10:00:00Z', '2026-11-22T12:00:00Z'), owner)
        .then([
          {
            type: 'AvailabilityChanged',
            data: {
              ...ofPitchA,
              windowId: 'w1',
              startDate: '2026-11-22T10:00:00.000Z',
              endDate: '2026-11-22T12:00:00.000Z',
              changedBy: 'owner-1',
            },
          },
        ]);
    });

    it('records nothing when the times did not change', () => {
      given(availabilityDecider, [evening])
        .when(change('w1', '2026-11-22T18:00:00Z', '2026-11-22T20:00:00Z'), owner)
        .then([]);
    });

    it('removes a window', () => {
      given(availabilityDecider, [evening])
        .when(
          { type: 'RemoveAvailability', subField: pitchA, windowId: 'w1', actorIsAdmin: false, timeZone: 'UTC' },
          owner,
        )
        .then([{ type: 'AvailabilityRemoved', data: { ...ofPitchA, windowId: 'w1', removedBy: 'owner-1' } }]);
    });

    it('refuses an unknown window and a stranger', () => {
      given(availabilityDecider, [evening])
        .when(change('w9', '2026-11-22T18:00:00Z', '2026-11-22T20:00:00Z'), owner)
        .thenRefused('availability_not_found', 'There is no availability with this id.');
      given(availabilityDecider, [evening])
        .when(
          { type: 'RemoveAvailability', subField: pitchA, windowId: 'w9', actorIsAdmin: false, timeZone: 'UTC' },
          owner,
        )
        .thenRefused('availability_not_found');
      given(availabilityDecider, [evening])
        .when(
          { type: 'RemoveAvailability', subField: pitchA, windowId: 'w1', actorIsAdmin: false, timeZone: 'UTC' },
          testContext({ actorId: 'owner-2' }),
        )
        .thenRefused('not_your_field');
      given(availabilityDecider, [evening])
        .when(change('w1', '2026-11-22T19:00:00Z', '2026-11-22T20:00:00Z'), testContext({ actorId: 'owner-2' }))
        .thenRefused('not_your_field');
    });
  });
});
