import type { GameInList, SeriesPlace } from '@playtime/shared/contract/games';

/**
 * A game as the game card shows it (profile's recent games, search results, organizer lists): the
 * contract's list entry, with the entry fee in cents (the API lists dollars: convert with
 * dollarsToCents / toGameSummary) and what search results lack (field names) allowed empty.
 */
export type GameSummary = Omit<
  GameInList,
  'price' | 'picture' | 'status' | 'cancellationReason' | 'cancellationWindowHours' | 'rentalCents' | 'series'
> & {
  /** Whether the game was cancelled, and why, when the list carries it (the profile's recent games). */
  status?: GameInList['status'];
  cancellationReason?: GameInList['cancellationReason'];
  /** Entry fee in cents; 0 means free. */
  price: number;
  picture: string | null;
  /** The field's address, when the list carries it. */
  location?: string | null;
  /** The week of a weekly series, when the list carries it ('Week 3 of 8'). */
  series?: SeriesPlace | null;
};
