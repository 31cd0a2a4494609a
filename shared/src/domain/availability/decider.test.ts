import { describe, it } from 'vitest';
import { given, testContext } from '../../testing/decider-testing';
import { testDraft, testSlotBooked, testSlotHeld } from '../../testing/bookings';
import { availabilityDecider } from './decider';
import type { AvailabilityCommand, SubFieldRef } from './commands/types';
import { FIELD_WITHDRAWN } from './messages';
import type { AvailabilityEvent } from './events';

// testContext's clock reads 2026-11-21T12:00Z.
const owner = testContext({ actorId: 'owner-1', newId: () => 'w-new' });
const admin = testContext({ actorId: 'admin-1', newId: () => 'w-new' });
const pitchA: SubFieldRef = { subFieldId: 'sf-a', fieldId: 'f1', ownerId: 'owner-1', name: 'Pitch A' };
const ofPitchA = { subFieldId: 'sf-a', fieldId: 'f1', ownerId: 'owner-1', subFieldName: 'Pitch A' };

/** The evening window 18:00–20:00 UTC on 22 November that the tests add around. */
const evening: AvailabilityEvent = {
  type: 'AvailabilityAdded',
  data: {
    ...ofPitchA,
    windowId: 'w1',
    startDate: '2026-11-22T18:00:00.000Z',
    endDate: '2026-11-22T20:00:00.000Z',
    addedBy: 'owner-1',
  },
};

const add = (startDate: string, endDate: string, timeZone = 'UTC'): AvailabilityCommand => ({
  type: 'AddAvailability',
  subField: pitchA,
  startDate: new Date(startDate),
  endDate: new Date(endDate),
  actorIsAdmin: false,
  timeZone,
  maxDaysAhead: 365,
});
const change = (windowId: string, startDate: string, endDate: string): AvailabilityCommand => ({
  type: 'ChangeAvailability',
  subField: pitchA,
  windowId,
  startDate: new Date(startDate),
  endDate: new Date(endDate),
  actorIsAdmin: false,
  timeZone: 'UTC',
  maxDaysAhead: 365,
});

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
        .then([
          {
            type: 'AvailabilityAdded',
            data: {
              ...ofPitchA,
              windowId: 'w-new',
              startDate: '2026-11-22T18:30:00.000Z',
              endDate: '2026-11-22T19:30:00.000Z',
              addedBy: 'owner-1',
            },
          },
        ]);
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
        .then([
          {
            type: 'AvailabilityAdded',
            data: {
              ...ofPitchA,
              windowId: 'w-new',
              startDate: '2026-11-21T11:00:00.000Z',
              endDate: '2026-11-21T13:00:00.000Z',
              addedBy: 'owner-1',
            },
          },
        ]);
    });

    it('refuses a window longer than 14 days, and takes one of exactly 14 days', () => {
      given(availabilityDecider, [])
        .when(add('2026-11-22T00:00:00Z', '2026-12-06T00:30:00Z'), owner)
        .thenRefused('too_long', 'An availability window can be at most 14 days long.');
      given(availabilityDecider, [])
        .when(add('2026-11-22T00:00:00Z', '2026-12-06T00:00:00Z'), owner)
        .then([
          {
            type: 'AvailabilityAdded',
            data: {
              ...ofPitchA,
              windowId: 'w-new',
              startDate: '2026-11-22T00:00:00.000Z',
              endDate: '2026-12-06T00:00:00.000Z',
              addedBy: 'owner-1',
            },
          },
        ]);
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
        .then([
          {
            type: 'AvailabilityAdded',
            data: {
              ...ofPitchA,
              windowId: 'w-new',
              startDate: '2027-11-21T12:00:00.000Z',
              endDate: '2027-11-21T14:00:00.000Z',
              addedBy: 'owner-1',
            },
          },
        ]);
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
        .then([
          {
            type: 'AvailabilityAdded',
            data: {
              ...ofPitchA,
              windowId: 'w-new',
              startDate: '2026-11-22T20:00:00.000Z',
              endDate: '2026-11-22T22:00:00.000Z',
              addedBy: 'owner-1',
            },
          },
        ]);
      given(availabilityDecider, [evening])
        .when(add('2026-11-22T16:00:00Z', '2026-11-22T18:00:00Z'), owner)
        .then([
          {
            type: 'AvailabilityAdded',
            data: {
              ...ofPitchA,
              windowId: 'w-new',
              startDate: '2026-11-22T16:00:00.000Z',
              endDate: '2026-11-22T18:00:00.000Z',
              addedBy: 'owner-1',
            },
          },
        ]);
    });

    it('lets a removed window free its time', () => {
      const removed: AvailabilityEvent = {
        type: 'AvailabilityRemoved',
        data: { ...ofPitchA, windowId: 'w1', removedBy: 'owner-1' },
      };
      given(availabilityDecider, [evening, removed])
        .when(add('2026-11-22T19:00:00Z', '2026-11-22T21:00:00Z'), owner)
        .then([
          {
            type: 'AvailabilityAdded',
            data: {
              ...ofPitchA,
              windowId: 'w-new',
              startDate: '2026-11-22T19:00:00.000Z',
              endDate: '2026-11-22T21:00:00.000Z',
              addedBy: 'owner-1',
            },
          },
        ]);
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
        .then([
          {
            type: 'AvailabilityAdded',
            data: {
              ...ofPitchA,
              windowId: 'w-new',
              startDate: '2026-11-22T18:00:00.000Z',
              endDate: '2026-11-22T20:00:00.000Z',
              addedBy: 'admin-1',
            },
          },
        ]);
    });
  });

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

  describe("withdrawing the sub-field (its owner's account was deleted)", () => {
    const withdrawn: AvailabilityEvent = {
      type: 'SubFieldWithdrawn',
      data: { ...ofPitchA, withdrawnBy: 'admin-1', reason: 'owner_deleted' },
    };
    const withdraw: AvailabilityCommand = { type: 'WithdrawSubField', subField: pitchA, reason: 'owner_deleted' };
    const booked: AvailabilityEvent = { type: 'SlotBooked', data: testSlotBooked({ ownerId: 'owner-1' }) };
    const hold: AvailabilityCommand = {
      type: 'HoldSlot',
      subField: pitchA,
      startDate: new Date('2026-11-22T18:00:00Z'),
      endDate: new Date('2026-11-22T19:00:00Z'),
      rentalCents: 4000,
      holdMinutes: 10,
      draft: testDraft,
    };

    it('withdraws even with a booked game (the game is cancelled after it), once', () => {
      given(availabilityDecider, [evening, booked]).when(withdraw, admin).then([withdrawn]);
      given(availabilityDecider, [evening, withdrawn]).when(withdraw, admin).then([]);
      given(availabilityDecider, [
        { type: 'SubFieldClosed', data: { ...ofPitchA, closedBy: 'owner-1', reason: 'subfield_removed' } },
      ])
        .when(withdraw, admin)
        .then([]);
    });

    it('sells nothing more: holds, bookings and new or moved windows are refused with why', () => {
      const heldBefore: AvailabilityEvent = {
        type: 'SlotHeld',
        data: testSlotHeld({
          startDate: '2026-11-22T19:00:00.000Z',
          endDate: '2026-11-22T20:00:00.000Z',
          expiresAt: '2026-11-21T12:10:00.000Z',
        }),
      };
      given(availabilityDecider, [evening, withdrawn])
        .when(hold, testContext({ actorId: 'cap-1' }))
        .thenRefused('field_withdrawn', FIELD_WITHDRAWN);
      given(availabilityDecider, [evening, heldBefore, withdrawn])
        .when(
          {
            type: 'BookSlot',
            subField: pitchA,
            holdId: 'hold-1',
            gameId: 'game-9',
            payment: { paymentId: 'pay-9', payerId: 'cap-1', amountCents: 6000, holdId: 'hold-1' },
          },
          testContext({ actorId: 'cap-1' }),
        )
        .thenRefused('field_withdrawn');
      given(availabilityDecider, [withdrawn])
        .when(add('2026-11-22T08:00:00Z', '2026-11-22T10:00:00Z'), admin)
        .thenRefused('field_withdrawn');
      given(availabilityDecider, [evening, withdrawn])
        .when(change('w1', '2026-11-22T19:00:00Z', '2026-11-22T21:00:00Z'), admin)
        .thenRefused('field_withdrawn');
    });

    it("still cancels the withdrawn games' bookings, so their time is free in the log as for any cancelled game", () => {
      given(availabilityDecider, [evening, booked, withdrawn])
        .when({ type: 'CancelBooking', subField: pitchA, gameId: 'game-1' }, testContext({ actorId: null }))
        .then([{ type: 'BookingCancelled', data: { ...ofPitchA, gameId: 'game-1', cancelledBy: 'system' } }]);
    });
  });
});
