import type { HeldSlot } from '@playtime/shared/contract/games';

/**
 * The wizard's tests' hold: the server's answer to hold-slot for a $40 single game, ten minutes left
 * before a 08:00 UTC start on 10 June 2026.
 */
export const heldSlotExample: HeldSlot = {
  holdId: 'h1',
  expiresAt: '2026-06-10T07:10:00.000Z',
  rentalCents: 4000,
  occurrences: [],
  seriesId: null,
};
