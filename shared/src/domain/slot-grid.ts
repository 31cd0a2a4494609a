/**
 * Spec §9: fields are booked in half-hour slots, and a game lasts 30 minutes to 3 hours. Availability
 * windows, holds and the wizard's slot picker all use this grid. Whole half hours since the epoch are
 * whole half hours in every zone whose offset is a multiple of 30 minutes.
 */
export const SLOT_MINUTES = 30;
export const SLOT_MS = SLOT_MINUTES * 60_000;
export const MIN_GAME_MINUTES = SLOT_MINUTES;
export const MAX_GAME_MINUTES = 180;

/** Both ends on the grid. */
export function isOnSlotGrid(startMs: number, endMs: number): boolean {
  return startMs % SLOT_MS === 0 && endMs % SLOT_MS === 0;
}
