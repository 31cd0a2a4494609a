/**
 * Issue #45: the words and limits the pages show of guests, with no schema (so the game page loads no
 * validation library); guests.ts adds the calls' fields and re-exports all of this.
 */
export {
  DEFAULT_GUESTS_PER_PLAYER,
  GUEST_NAME_MAX_LENGTH,
  MAX_GUESTS_PER_PLAYER,
  MIN_GUESTS_PER_PLAYER,
  NO_ROOM_FOR_GUESTS_CODE,
  noPlacesForParty,
  tooManyGuests,
  withGuestsLabel,
} from '../domain/games/policies/guests';

export const GUESTS_PER_PLAYER_LABEL = 'Guests per player';
export const GUESTS_PER_PLAYER_HELP =
  'How many friends each player may bring. Guests pay with their host, take places and sit on their team.';
export const GUESTS_LABEL = 'Guests';
export const guestNameLabel = (index: number) => `Guest ${index + 1} name (optional)`;
/** The join dialog's total: 'You + 2 guests: $15.00'. */
export const partyPriceLabel = (guests: number, total: string) =>
  guests === 0 ? `You: ${total}` : `You + ${guests} ${guests === 1 ? 'guest' : 'guests'}: ${total}`;

/**
 * The names a host typed for their guests, as the roster shows them under 'Sam +2': 'Guests: Ann, Bo',
 * 'Guests: Ann and 1 more' when some were left unnamed; null when none was named. They follow their
 * host: shown wherever the host's name is.
 */
export function guestNamesLine(guests: number, names: readonly string[]): string | null {
  const named = names.map((name) => name.trim()).filter((name) => name !== '');
  if (guests === 0 || named.length === 0) return null;
  const unnamed = guests - named.length;
  return `Guests: ${named.join(', ')}${unnamed > 0 ? ` and ${unnamed} more` : ''}`;
}
