import { describe, it } from 'vitest';
import { given, testContext } from '../../../testing/decider-testing';
import { add, admin, change, evening, owner } from '../../../testing/availability-windows';
import { ofPitchA } from '../../../testing/bookings';
import { availabilityDecider } from '../decider';
import type { AvailabilityEvent } from '../events';
import type { AvailabilityCommand } from './types';

/** The window the decider adds to pitch A under the context's new id 'w-new', by its owner unless said. */
function addedAs(startDate: string, endDate: string, addedBy = 'owner-1'): AvailabilityEvent {
  return { type: 'AvailabilityAdded', data: { ...ofPitchA, windowId: 'w-new', startDate, endDate, addedBy } };
}

describe('availability decider', () => {
  describe('adding a window', () => {
    it('adds a window, recording the sub-field, its field and owner', () => {
      given(availabilityDecider, [])
        .when(
          add('2026-11-22T18:00:00Z', '2026-11-22T20:00:00Z'),
          testContext({ actorId: 'owner-1', newId: () => 'w1' }),
        )
        .then([evening]);
    });

    it('refuses an end that is not after the start', () => {
      given(availabilityDecider, [])
        .when(add('2026-11-22T18:00:00Z', '2026-11-22T17:00:00Z'), owner)
        .thenRefused('end_before_start', 'The end must be after the start.');
      given(availabilityDecider, [])
        .when(add('2026-11-22T18:00:00Z', '2026-11-22T18:00:00Z'), owner)
        .thenRefused('end_before_start');
    });

    it('refuses times off the half-hour grid', () => {
      const message = 'Start and end must be on the hour or half hour.';
      given(availabilityDecider, [])
        .when(add('2026-11-22T18:15:00Z', '2026-11-22T20:00:00Z'), owner)
        .thenRefused('off_grid', message);
      given(availabilityDecider, [])
        .when(add('2026-11-22T18:00:00Z', '2026-11-22T19:59:00Z'), owner)
        .thenRefused('off_grid', message);
      given(availabilityDecider, [])
        .when(add('2026-11-22T18:00:30Z', '2026-11-22T20:00:00Z'), owner)
        .thenRefused('off_grid', message);
      given(availabilityDecider, [])
        .when(add('2026-11-22T18:30:00Z', '2026-11-22T19:30:00Z'), owner)
        .then([addedAs('2026-11-22T18:30:00.000Z', '2026-11-22T19:30:00.000Z')]);
    });

    it('refuses a window that is wholly in the past, but takes one that has begun', () => {
      given(availabilityDecider, [])
        .when(add('2026-11-21T09:00:00Z', '2026-11-21T11:00:00Z'), owner)
        .thenRefused('in_the_past', 'This availability is already over.');
      given(availabilityDecider, [])
        .when(add('2026-11-21T10:00:00Z', '2026-11-21T12:00:00Z'), owner)
        .thenRefused('in_the_past');
      given(availabilityDecider, [])
        .when(add('2026-11-21T11:00:00Z', '2026-11-21T13:00:00Z'), owner)
        .then([addedAs('2026-11-21T11:00:00.000Z', '2026-11-21T13:00:00.000Z')]);
    });

    it('refuses a window longer than 14 days, and takes one of exactly 14 days', () => {
      given(availabilityDecider, [])
        .when(add('2026-11-22T00:00:00Z', '2026-12-06T00:30:00Z'), owner)
        .thenRefused('too_long', 'An availability window can be at most 14 days long.');
      given(availabilityDecider, [])
        .when(add('2026-11-22T00:00:00Z', '2026-12-06T00:00:00Z'), owner)
        .then([addedAs('2026-11-22T00:00:00.000Z', '2026-12-06T00:00:00.000Z')]);
    });

    it('refuses a window starting further ahead than the configured number of days, and takes one starting at that bound', () => {
      // testContext's clock: 2026-11-21T12:00Z; 365 days later is 2027-11-21T12:00Z.
      given(availabilityDecider, [])
        .when(add('9999-01-01T10:00:00Z', '9999-01-01T12:00:00Z'), owner)
        .thenRefused('too_far_ahead', 'Availability can start at most 365 days from now.');
      given(availabilityDecider, [])
        .when(add('2027-11-21T12:30:00Z', '2027-11-21T14:00:00Z'), owner)
        .thenRefused('too_far_ahead');
      given(availabilityDecider, [])
        .when(add('2027-11-21T12:00:00Z', '2027-11-21T14:00:00Z'), owner)
        .then([addedAs('2027-11-21T12:00:00.000Z', '2027-11-21T14:00:00.000Z')]);
      given(availabilityDecider, [])
        .when({ ...add('2026-12-01T10:00:00Z', '2026-12-01T12:00:00Z'), maxDaysAhead: 7 } as AvailabilityCommand, owner)
        .thenRefused('too_far_ahead', 'Availability can start at most 7 days from now.');
      given(availabilityDecider, [evening])
        .when(change('w1', '9999-01-01T10:00:00Z', '9999-01-01T12:00:00Z'), owner)
        .thenRefused('too_far_ahead');
    });

    it('refuses a window overlapping another one, naming the sub-field and the other window', () => {
      const message = 'This availability overlaps another window on Pitch A from 18:00 to 20:00';
      given(availabilityDecider, [evening])
        .when(add('2026-11-22T19:00:00Z', '2026-11-22T21:00:00Z'), owner)
        .thenRefused('overlap', message);
      given(availabilityDecider, [evening])
        .when(add('2026-11-22T17:00:00Z', '2026-11-22T18:30:00Z'), owner)
        .thenRefused('overlap', message);
      given(availabilityDecider, [evening])
        .when(add('2026-11-22T18:30:00Z', '2026-11-22T19:30:00Z'), owner)
        .thenRefused('overlap', message);
      given(availabilityDecider, [evening])
        .when(add('2026-11-22T17:00:00Z', '2026-11-22T21:00:00Z'), owner)
        .thenRefused('overlap', message);
      given(availabilityDecider, [evening])
        .when(add('2026-11-22T18:00:00Z', '2026-11-22T20:00:00Z'), owner)
        .thenRefused('overlap', message);
    });

    it("shows the other window's times in the reader's time zone", () => {
      given(availabilityDecider, [evening])
        .when(add('2026-11-22T19:00:00Z', '2026-11-22T21:00:00Z', 'America/New_York'), owner)
        .thenRefused('overlap', 'This availability overlaps another window on Pitch A from 13:00 to 15:00');
      given(availabilityDecider, [evening])
        .when(add('2026-11-22T19:00:00Z', '2026-11-22T21:00:00Z', 'Asia/Kolkata'), owner)
        .thenRefused('overlap', 'This availability overlaps another window on Pitch A from 23:30 to 01:30');
    });

    it('allows windows that only touch at the edges', () => {
      given(availabilityDecider, [evening])
        .when(add('2026-11-22T20:00:00Z', '2026-11-22T22:00:00Z'), owner)
        .then([addedAs('2026-11-22T20:00:00.000Z', '2026-11-22T22:00:00.000Z')]);
      given(availabilityDecider, [evening])
        .when(add('2026-11-22T16:00:00Z', '2026-11-22T18:00:00Z'), owner)
        .then([addedAs('2026-11-22T16:00:00.000Z', '2026-11-22T18:00:00.000Z')]);
    });

    it('lets a removed window free its time', () => {
      const removed: AvailabilityEvent = {
        type: 'AvailabilityRemoved',
        data: { ...ofPitchA, windowId: 'w1', removedBy: 'owner-1' },
      };
      given(availabilityDecider, [evening, removed])
        .when(add('2026-11-22T19:00:00Z', '2026-11-22T21:00:00Z'), owner)
        .then([addedAs('2026-11-22T19:00:00.000Z', '2026-11-22T21:00:00.000Z')]);
    });

    it('refuses an actor who is neither the owner of the field nor an admin, and lets an admin add', () => {
      given(availabilityDecider, [])
        .when(add('2026-11-22T18:00:00Z', '2026-11-22T20:00:00Z'), testContext({ actorId: 'owner-2' }))
        .thenRefused('not_your_field', 'You can only change your own fields.');
      given(availabilityDecider, [])
        .when(
          { ...add('2026-11-22T18:00:00Z', '2026-11-22T20:00:00Z'), actorIsAdmin: true } as AvailabilityCommand,
          admin,
        )
        .then([addedAs('2026-11-22T18:00:00.000Z', '2026-11-22T20:00:00.000Z', 'admin-1')]);
    });
  });
});
