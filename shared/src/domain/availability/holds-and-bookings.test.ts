import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { given, testContext } from '../../testing/decider-testing';
import { availabilityDecider } from './decider';
import type { AvailabilityCommand, SubFieldRef, VerifiedRentalPayment } from './commands/types';
import type { DraftAsSent } from './policies/held-draft';
import { ofPitchA, testDraft, testSlotBooked } from '../../testing/bookings';
import type { AvailabilityEvent } from './events';

// testContext's clock reads 2026-11-21T12:00Z.
const pitchA: SubFieldRef = { subFieldId: 'sf-a', fieldId: 'f1', ownerId: 'owner-1', name: 'Pitch A' };
const draft = testDraft;
const captain = testContext({ actorId: 'cap-1', newId: () => 'hold-1' });
const rival = testContext({ actorId: 'cap-2', newId: () => 'hold-2' });
const owner = testContext({ actorId: 'owner-1' });

const evening: AvailabilityEvent = {
  type: 'AvailabilityAdded',
  data: {
    ...ofPitchA,
    windowId: 'w1',
    startDate: '2026-11-22T17:00:00.000Z',
    endDate: '2026-11-22T21:00:00.000Z',
    addedBy: 'owner-1',
  },
};
const hold = (startDate: string, endDate: string): AvailabilityCommand => ({
  type: 'HoldSlot',
  subField: pitchA,
  startDate: new Date(startDate),
  endDate: new Date(endDate),
  rentalCents: 6000,
  holdMinutes: 10,
  draft,
});
const held: AvailabilityEvent = {
  type: 'SlotHeld',
  data: {
    ...ofPitchA,
    holdId: 'hold-1',
    organizerId: 'cap-1',
    startDate: '2026-11-22T18:00:00.000Z',
    endDate: '2026-11-22T19:30:00.000Z',
    expiresAt: '2026-11-21T12:10:00.000Z',
    rentalCents: 6000,
    draft,
    occurrences: [{ startDate: '2026-11-22T18:00:00.000Z', endDate: '2026-11-22T19:30:00.000Z', rentalCents: 6000 }],
    series: null,
  },
};
const payment: VerifiedRentalPayment = { paymentId: 'pay-1', payerId: 'cap-1', amountCents: 6000, holdId: 'hold-1' };
const book = (paid: VerifiedRentalPayment | null = payment, gameId = 'game-1'): AvailabilityCommand => ({
  type: 'BookSlot',
  subField: pitchA,
  holdId: 'hold-1',
  gameId,
  payment: paid,
});
const booked: AvailabilityEvent = { type: 'SlotBooked', data: testSlotBooked() };
const later = (iso: string, actorId: string | null = 'cap-1') =>
  testContext({ now: new Date(iso), actorId, newId: () => 'hold-3' });

describe('holds and bookings on the sub-field stream', () => {
  it("holds a free run of slots for ten minutes at the server's price", () => {
    given(availabilityDecider, [evening])
      .when(hold('2026-11-22T18:00:00Z', '2026-11-22T19:30:00Z'), captain)
      .then([held]);
  });

  it('refuses a draft whose minimum-players decision time has passed: the game would cancel itself at once (issue #29)', () => {
    // The slot starts at 18:00 on 22 November; the clock reads 12:00 on the 21st, 30 hours before.
    const withMinimum = (decisionHours: number): AvailabilityCommand =>
      ({
        ...hold('2026-11-22T18:00:00Z', '2026-11-22T19:30:00Z'),
        draft: { ...draft, minPlayers: 10, decisionHours },
      }) as AvailabilityCommand;
    given(availabilityDecider, [evening])
      .when(withMinimum(30), captain)
      .thenRefused(
        'decision_time_passed',
        '30 hours before the start has passed already: pick fewer hours before the start to check the minimum of players, or a later time.',
      );
    given(availabilityDecider, [evening])
      .when(withMinimum(29), captain)
      .then([{ ...held, data: { ...held.data, draft: { ...draft, minPlayers: 10, decisionHours: 29 } } }]);
    // Without a minimum the decision time means nothing.
    given(availabilityDecider, [evening])
      .when(
        { ...withMinimum(48), draft: { ...draft, minPlayers: null, decisionHours: 48 } } as AvailabilityCommand,
        captain,
      )
      .then([{ ...held, data: { ...held.data, draft: { ...draft, minPlayers: null, decisionHours: 48 } } }]);
  });

  it("refuses another captain's overlapping hold while it lives, and takes it once it expired", () => {
    given(availabilityDecider, [evening, held])
      .when(hold('2026-11-22T19:00:00Z', '2026-11-22T20:00:00Z'), rival)
      .thenRefused('slot_held');
    const after = availabilityDecider.decide(
      hold('2026-11-22T19:00:00Z', '2026-11-22T20:00:00Z'),
      fold(availabilityDecider, [evening, held]),
      later('2026-11-21T12:10:00.000Z', 'cap-2'),
    );
    expect(after).toMatchObject([{ type: 'SlotHeld', data: { holdId: 'hold-3', organizerId: 'cap-2' } }]);
  });

  it("lets a captain's new hold replace their last one", () => {
    given(availabilityDecider, [evening, held])
      .when(
        hold('2026-11-22T18:30:00Z', '2026-11-22T19:30:00Z'),
        testContext({ actorId: 'cap-1', newId: () => 'hold-9' }),
      )
      .then([
        { type: 'HoldReleased', data: { ...ofPitchA, holdId: 'hold-1', reason: 'replaced' } },
        {
          ...held,
          data: {
            ...held.data,
            holdId: 'hold-9',
            startDate: '2026-11-22T18:30:00.000Z',
            occurrences: [
              { startDate: '2026-11-22T18:30:00.000Z', endDate: '2026-11-22T19:30:00.000Z', rentalCents: 6000 },
            ],
          },
        } as AvailabilityEvent,
      ]);
  });

  it('books a held slot once, with a verified payment of exactly the rental by the captain for this hold', () => {
    given(availabilityDecider, [evening, held]).when(book(), captain).then([booked]);
    given(availabilityDecider, [evening, held, booked]).when(book(), captain).then([]);
    given(availabilityDecider, [evening, held, booked]).when(book(payment, 'game-2'), captain).thenRefused('hold_used');
    given(availabilityDecider, [evening, held])
      .when(book(null), captain)
      .thenRefused('payment_required', 'Pay the rental of $60.00 to book this slot.');
    given(availabilityDecider, [evening, held])
      .when(book({ ...payment, amountCents: 1 }), captain)
      .thenRefused('payment_amount');
    given(availabilityDecider, [evening, held])
      .when(book({ ...payment, payerId: 'cap-2' }), captain)
      .thenRefused('not_your_payment');
    given(availabilityDecider, [evening, held])
      .when(book({ ...payment, holdId: 'hold-0' }), captain)
      .thenRefused('payment_for_another_slot');
    given(availabilityDecider, [evening, held]).when(book(), rival).thenRefused('not_your_hold');
  });

  it('books with the draft the hold fixed: the same fields sent again are fine, a different one is refused with the held values', () => {
    const withDraft = (sent: Omit<DraftAsSent, 'timeZone'>): AvailabilityCommand => ({
      ...(book() as Extract<AvailabilityCommand, { type: 'BookSlot' }>),
      draft: { ...sent, timeZone: 'UTC' },
    });
    const same = {
      name: draft.name,
      maxPlayers: 22,
      priceCents: 500,
      startDate: new Date('2026-11-22T18:00:00Z'),
      endDate: new Date('2026-11-22T19:30:00Z'),
    };
    given(availabilityDecider, [evening, held]).when(withDraft(same), captain).then([booked]);
    // Issue #41: the sideline, the minimum and (with no minimum) any decision time sent as held are fine.
    given(availabilityDecider, [evening, held])
      .when(withDraft({ ...same, sidelineSize: 4, minPlayers: null, decisionHours: 9 }), captain)
      .then([booked]);
    given(availabilityDecider, [evening, held])
      .when(withDraft({ name: '' }), captain)
      .then([booked]);
    const heldValues = `This slot is held for "Cap's Game", 22 players, entry $5.00, Sun 22 Nov, 18:00–19:30, sideline of 4, no minimum of players. Go back and hold the slot again to change the game.`;
    for (const changed of [
      { name: 'Other' },
      { maxPlayers: 14 },
      { priceCents: 0 },
      { startDate: new Date('2026-11-22T18:30:00Z') },
      { endDate: new Date('2026-11-22T20:00:00Z') },
      { sidelineSize: 6 },
      { minPlayers: 10 },
    ]) {
      given(availabilityDecider, [evening, held])
        .when(withDraft({ ...same, ...changed }), captain)
        .thenRefused('draft_differs_from_hold', heldValues);
    }
  });

  it('books an expired hold whose time is still free (the webhook completes it, no actor), not one whose time was taken', () => {
    const expired: AvailabilityEvent = {
      type: 'HoldReleased',
      data: { ...ofPitchA, holdId: 'hold-1', reason: 'expired' },
    };
    const lateBooking = availabilityDecider.decide(
      book(),
      fold(availabilityDecider, [evening, held, expired]),
      later('2026-11-21T12:30:00.000Z', null),
    );
    expect(lateBooking).toEqual([booked]);
    const rivalHeld: AvailabilityEvent = {
      ...held,
      data: { ...held.data, holdId: 'hold-2', organizerId: 'cap-2', expiresAt: '2026-11-21T12:40:00.000Z' },
    };
    given(availabilityDecider, [evening, held, expired, rivalHeld])
      .when(book(), later('2026-11-21T12:31:00.000Z', null))
      .thenRefused('slot_held');
  });

  it('lets an expiry job release a live hold, and changes nothing for a booked one', () => {
    const expire: AvailabilityCommand = { type: 'ReleaseHold', subField: pitchA, holdId: 'hold-1', reason: 'expired' };
    given(availabilityDecider, [evening, held])
      .when(expire, later('2026-11-21T12:10:00.000Z', null))
      .then([{ type: 'HoldReleased', data: { ...ofPitchA, holdId: 'hold-1', reason: 'expired' } }]);
    given(availabilityDecider, [evening, held, booked]).when(expire, later('2026-11-21T12:10:00.000Z', null)).then([]);
    given(availabilityDecider, [evening, held])
      .when({ ...expire, reason: 'released' }, rival)
      .thenRefused('not_your_hold');
  });

  it('refuses removing or shrinking a window a booking needs, naming the game and its time', () => {
    const remove: AvailabilityCommand = {
      type: 'RemoveAvailability',
      subField: pitchA,
      windowId: 'w1',
      actorIsAdmin: false,
      timeZone: 'UTC',
    };
    given(availabilityDecider, [evening, held, booked])
      .when(remove, owner)
      .thenRefused(
        'availability_booked',
        "Cap's Game is booked in this availability (Sun 22 Nov, 18:00–19:30). Cancel the game first, or keep its time available.",
      );
    given(availabilityDecider, [evening, held]).when(remove, owner).thenRefused('availability_held');
    const shrink: AvailabilityCommand = {
      type: 'ChangeAvailability',
      subField: pitchA,
      windowId: 'w1',
      startDate: new Date('2026-11-22T19:00:00Z'),
      endDate: new Date('2026-11-22T21:00:00Z'),
      actorIsAdmin: false,
      timeZone: 'UTC',
      maxDaysAhead: 365,
    };
    given(availabilityDecider, [evening, held, booked]).when(shrink, owner).thenRefused('availability_booked');
    const cancelled: AvailabilityEvent = {
      type: 'BookingCancelled',
      data: { ...ofPitchA, gameId: 'game-1', cancelledBy: 'cap-1' },
    };
    given(availabilityDecider, [evening, held, booked, cancelled])
      .when(remove, owner)
      .then([{ type: 'AvailabilityRemoved', data: { ...ofPitchA, windowId: 'w1', removedBy: 'owner-1' } }]);
  });

  it("frees a cancelled booking's time for the next captain", () => {
    const cancel: AvailabilityCommand = { type: 'CancelBooking', subField: pitchA, gameId: 'game-1' };
    given(availabilityDecider, [evening, held, booked])
      .when(cancel, captain)
      .then([{ type: 'BookingCancelled', data: { ...ofPitchA, gameId: 'game-1', cancelledBy: 'cap-1' } }]);
    const cancelled: AvailabilityEvent = {
      type: 'BookingCancelled',
      data: { ...ofPitchA, gameId: 'game-1', cancelledBy: 'cap-1' },
    };
    given(availabilityDecider, [evening, held, booked, cancelled]).when(cancel, captain).then([]);
    given(availabilityDecider, [evening, held, booked, cancelled])
      .when(hold('2026-11-22T18:00:00Z', '2026-11-22T19:00:00Z'), rival)
      .then([
        {
          ...held,
          data: {
            ...held.data,
            holdId: 'hold-2',
            organizerId: 'cap-2',
            endDate: '2026-11-22T19:00:00.000Z',
            occurrences: [
              { startDate: '2026-11-22T18:00:00.000Z', endDate: '2026-11-22T19:00:00.000Z', rentalCents: 6000 },
            ],
          },
        } as AvailabilityEvent,
      ]);
  });
});
