/**
 * Issue #45: the guests a player brings and the organizer's guests per player: their limits, the
 * fields the calls read them with, and the words the pages show. The rule itself is the game's
 * (domain/games/policies/guests.ts); this is how the calls and pages speak of it.
 */
import { z } from 'zod';
import { GUEST_NAME_MAX_LENGTH, MAX_GUESTS_PER_PLAYER, MIN_GUESTS_PER_PLAYER } from '../domain/games/policies/guests';
import { singleLineText } from './text';

/** The organizer's setting in the hold's draft (Configure): 0 to 3 guests per player. */
export const guestsPerPlayerField = z.coerce
  .number({ error: 'Guests per player must be a number' })
  .int('Guests per player must be a whole number')
  .min(MIN_GUESTS_PER_PLAYER, `Guests per player is at least ${MIN_GUESTS_PER_PLAYER}`)
  .max(MAX_GUESTS_PER_PLAYER, `Guests per player is at most ${MAX_GUESTS_PER_PLAYER}`);

/** The guests a player brings: the game's own limit is checked against the game (tooManyGuests). */
export const guestsField = z.coerce
  .number({ error: 'guests must be a number' })
  .int('guests must be a whole number')
  .min(0, 'guests cannot be negative')
  .max(MAX_GUESTS_PER_PLAYER, tooManyGuestsAnywhere());

function tooManyGuestsAnywhere(): string {
  return `A player can bring at most ${MAX_GUESTS_PER_PLAYER} guests.`;
}

/** The guests' names, optional: one line each, at most GUEST_NAME_MAX_LENGTH characters. */
export const guestNamesField = z
  .array(
    singleLineText('A guest name')
      .trim()
      .max(GUEST_NAME_MAX_LENGTH, `A guest name is at most ${GUEST_NAME_MAX_LENGTH} characters`),
    { error: 'guestNames must be a list of names' },
  )
  .max(MAX_GUESTS_PER_PLAYER, `At most ${MAX_GUESTS_PER_PLAYER} guest names`);

export * from './guests-texts';
