import { DEFAULT_DECISION_HOURS, DEFAULT_SIDELINE_SIZE } from '../domain/games/rules';
import { DEFAULT_GUESTS_PER_PLAYER } from '../domain/games/policies/guests';
import type { AvailabilityEvent, GameDraft } from '../domain/availability/events';

type SlotBookedData = Extract<AvailabilityEvent, { type: 'SlotBooked' }>['data'];
type SlotHeldData = Extract<AvailabilityEvent, { type: 'SlotHeld' }>['data'];

/** Pitch A of field f1, as its events name it. */
export const ofPitchA = { subFieldId: 'sf-a', fieldId: 'f1', ownerId: 'owner-1', subFieldName: 'Pitch A' };

export const testDraft: GameDraft = {
  name: "Cap's Game",
  organizerUsername: 'cap',
  maxPlayers: 22,
  priceCents: 500,
  picture: '',
  sidelineSize: DEFAULT_SIDELINE_SIZE,
  minPlayers: null,
  decisionHours: DEFAULT_DECISION_HOURS,
  guestsPerPlayer: DEFAULT_GUESTS_PER_PLAYER,
};

/** The organizer cap-1's hold-1 on Pitch A, 18:00–19:30 UTC on 22 November, booked as game-1 with payment pay-1. */
export function testSlotBooked(overrides: Partial<SlotBookedData> = {}): SlotBookedData {
  return {
    ...ofPitchA,
    holdId: 'hold-1',
    gameId: 'game-1',
    organizerId: 'cap-1',
    startDate: '2026-11-22T18:00:00.000Z',
    endDate: '2026-11-22T19:30:00.000Z',
    rentalCents: 6000,
    paymentId: 'pay-1',
    draft: testDraft,
    series: null,
    ...overrides,
  };
}

/** The organizer cap-1's hold-1 on Pitch A, the slot `testSlotBooked` books, held until 12:10 UTC on 21 November. */
export function testSlotHeld(overrides: Partial<SlotHeldData> = {}): SlotHeldData {
  const { holdId, organizerId, startDate, endDate, rentalCents, draft } = testSlotBooked();
  return {
    ...ofPitchA,
    holdId,
    organizerId,
    startDate,
    endDate,
    expiresAt: '2026-11-21T12:10:00.000Z',
    rentalCents,
    draft,
    occurrences: [{ startDate: overrides.startDate ?? startDate, endDate: overrides.endDate ?? endDate, rentalCents }],
    series: null,
    ...overrides,
  };
}
