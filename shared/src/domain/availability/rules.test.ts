import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import {
  refuseStrandingBookings,
  refuseUnbookableSlot,
  rentalCentsFor,
  type Booking,
  type Hold,
  type Span,
} from './rules';

const t = (iso: string) => Date.parse(iso);
const span = (from: string, to: string): Span => ({
  start: t(`2026-11-22T${from}:00Z`),
  end: t(`2026-11-22T${to}:00Z`),
});
const now = t('2026-11-22T12:00:00Z');
const evening = span('17:00', '21:00');
const booked: Booking = { ...span('18:00', '19:00'), gameId: 'g1', holdId: 'h1', gameName: "Ann's Game" };
const othersHold: Hold = {
  ...span('19:00', '20:00'),
  holdId: 'h2',
  organizerId: 'other',
  expiresAt: now + 600_000,
  rentalCents: 4000,
};

function codeOf(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).code;
  }
}

describe('booking rules', () => {
  const slot = (from: string, to: string, holds: Hold[] = [othersHold], bookings: Booking[] = [booked]) =>
    codeOf(() => refuseUnbookableSlot(span(from, to), [evening], holds, bookings, 'me', now));

  it('takes a free run of half hours inside one window', () => {
    expect(slot('17:00', '18:00')).toBeNull();
    expect(slot('20:00', '21:00')).toBeNull();
    expect(slot('17:30', '18:00')).toBeNull();
  });

  it('refuses off-grid, too short, too long, begun and outside times', () => {
    expect(slot('17:15', '18:00')).toBe('off_grid');
    expect(slot('17:00', '17:00')).toBe('end_before_start');
    expect(
      codeOf(() =>
        refuseUnbookableSlot(
          { start: t('2026-11-22T14:00:00Z'), end: t('2026-11-22T17:30:00Z') },
          [span('13:00', '21:00')],
          [],
          [],
          'me',
          now,
        ),
      ),
    ).toBe('bad_duration');
    expect(
      codeOf(() => refuseUnbookableSlot(span('11:30', '12:30'), [span('11:00', '13:00')], [], [], 'me', now)),
    ).toBe('in_the_past');
    expect(slot('16:30', '17:30')).toBe('outside_availability');
    expect(slot('20:30', '21:30')).toBe('outside_availability');
  });

  it("refuses a booked time and another captain's live hold, but not an expired one or the captain's own", () => {
    expect(slot('18:30', '19:00')).toBe('slot_booked');
    expect(slot('19:30', '20:30')).toBe('slot_held');
    expect(slot('19:30', '20:30', [{ ...othersHold, expiresAt: now }])).toBeNull();
    expect(slot('19:30', '20:30', [{ ...othersHold, organizerId: 'me' }])).toBeNull();
  });

  it('refuses taking availability from a future booking or a live hold, naming the game and its time', () => {
    expect(() => refuseStrandingBookings([span('17:00', '18:30')], [], [booked], now, 'UTC')).toThrow(
      "Ann's Game is booked in this availability (Sun 22 Nov, 18:00–19:00). Cancel the game first, or keep its time available.",
    );
    expect(codeOf(() => refuseStrandingBookings([span('17:00', '19:00')], [othersHold], [booked], now, 'UTC'))).toBe(
      'availability_held',
    );
    expect(
      codeOf(() =>
        refuseStrandingBookings(
          [span('17:00', '19:00')],
          [{ ...othersHold, expiresAt: now - 1 }],
          [booked],
          now,
          'UTC',
        ),
      ),
    ).toBeNull();
    // A booking that is over no longer needs its window.
    expect(codeOf(() => refuseStrandingBookings([], [], [booked], t('2026-11-22T19:00:00Z'), 'UTC'))).toBeNull();
  });

  it('prices a slot from the hourly price in whole cents, and at nothing on a field whose rentals an admin made free', () => {
    expect(rentalCentsFor(4000, span('18:00', '19:30'))).toBe(6000);
    expect(rentalCentsFor(3333, span('18:00', '18:30'))).toBe(1667);
    expect(rentalCentsFor(4000, span('18:00', '19:30'), { freeRental: true })).toBe(0);
  });
});
