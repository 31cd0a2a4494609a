import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DomainError } from '../decider';
import type { FieldPolicy } from '../fields/decider';
import { isOnSlotGrid, MAX_GAME_MINUTES, MIN_GAME_MINUTES } from '../slot-grid';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The rules for holding and booking a run of half-hour slots on a sub-field (spec §4 slot selection,
 * §9 limits, DESIGN §4 availability). They live beside the availability windows because one stream,
 * the sub-field's, holds windows, holds and bookings: one decision sees all three, so no two organizers
 * can book the same time and no window can be taken from under a booking, under any concurrency.
 */
/** A time span as epoch milliseconds, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

export interface Hold extends Span {
  holdId: string;
  organizerId: string;
  expiresAt: number;
  rentalCents: number;
}

export interface Booking extends Span {
  gameId: string;
  holdId: string;
  gameName: string;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const inside = (inner: Span, outer: Span) => outer.start <= inner.start && inner.end <= outer.end;

/** A hold counts until it expires; a booked hold is gone from the list of holds. */
export const isLive = (hold: Hold, now: number) => hold.expiresAt > now;

/**
 * What the owner is paid for a slot: the field's hourly price for the slot's length, in whole cents;
 * nothing when an admin made the field's rentals free.
 */
export function rentalCentsFor(
  pricePerHourCents: number,
  slot: Span,
  policy: Pick<FieldPolicy, 'freeRental'> = { freeRental: false },
): number {
  if (policy.freeRental) return 0;
  return Math.round((pricePerHourCents * (slot.end - slot.start)) / 3_600_000);
}

/** "Sat 22 Nov, 18:00–19:30" in the reader's zone, for messages that name a booking. */
export function describeSpan(span: Span, timeZone: string): string {
  const start = dayjs(span.start).tz(timeZone);
  return `${start.format('ddd D MMM, HH:mm')}–${dayjs(span.end).tz(timeZone).format('HH:mm')}`;
}

/**
 * Refuses a slot an organizer may not hold: not on the grid, too short or long, not in the future,
 * not inside one availability window, or overlapping a booking or another organizer's live hold.
 */
export function refuseUnbookableSlot(
  slot: Span,
  windows: Span[],
  holds: Hold[],
  bookings: Booking[],
  organizerId: string,
  now: number,
): void {
  const minutes = (slot.end - slot.start) / 60_000;
  if (!(slot.end > slot.start))
    throw new DomainError('invalid', 'end_before_start', 'The end must be after the start.');
  if (!isOnSlotGrid(slot.start, slot.end))
    throw new DomainError('invalid', 'off_grid', 'A game starts and ends on the hour or half hour.');
  if (minutes < MIN_GAME_MINUTES || minutes > MAX_GAME_MINUTES) {
    throw new DomainError(
      'invalid',
      'bad_duration',
      `A game lasts from ${MIN_GAME_MINUTES} to ${MAX_GAME_MINUTES} minutes.`,
    );
  }
  if (slot.start <= now)
    throw new DomainError('invalid', 'in_the_past', 'This time has already begun. Pick a later slot.');
  if (!windows.some((window) => inside(slot, window))) {
    throw new DomainError(
      'conflict',
      'outside_availability',
      "This time is not within the sub-field's availability. Pick a time from the list.",
    );
  }
  if (bookings.some((booking) => overlaps(booking, slot)))
    throw new DomainError('conflict', 'slot_booked', 'This time is already booked. Pick another slot.');
  if (holds.some((hold) => hold.organizerId !== organizerId && isLive(hold, now) && overlaps(hold, slot))) {
    throw new DomainError(
      'conflict',
      'slot_held',
      'Another captain is booking this time right now. Pick another slot or try again in a few minutes.',
    );
  }
}

/**
 * Refuses taking availability away from a booking or a live hold: after the change every future
 * booking and every live hold must still lie inside one window. The message names the game and its time.
 */
export function refuseStrandingBookings(
  windowsAfter: Span[],
  holds: Hold[],
  bookings: Booking[],
  now: number,
  timeZone: string,
): void {
  const stranded = (span: Span) => !windowsAfter.some((window) => inside(span, window));
  const booking = bookings.filter((candidate) => candidate.end > now).find(stranded);
  if (booking) {
    throw new DomainError(
      'conflict',
      'availability_booked',
      `${booking.gameName} is booked in this availability (${describeSpan(booking, timeZone)}). Cancel the game first, or keep its time available.`,
    );
  }
  const hold = holds.filter((candidate) => isLive(candidate, now)).find(stranded);
  if (hold) {
    throw new DomainError(
      'conflict',
      'availability_held',
      `A captain is paying for ${describeSpan(hold, timeZone)} in this availability. Try again in a few minutes.`,
    );
  }
}
