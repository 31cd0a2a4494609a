import { describe, it } from 'vitest';
import { given, testContext } from '../../../testing/decider-testing';
import { add, admin, change, evening, pitchA } from '../../../testing/availability-windows';
import { ofPitchA, testDraft, testSlotBooked, testSlotHeld } from '../../../testing/bookings';
import { availabilityDecider } from '../decider';
import { FIELD_WITHDRAWN } from '../messages';
import type { AvailabilityEvent } from '../events';
import type { AvailabilityCommand } from './types';

describe('availability decider', () => {
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
