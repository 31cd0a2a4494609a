/** A game as listed by the read API (profile's recent games, search results, organizer lists). */
export interface GameSummary {
  gameId: string;
  name: string;
  /** ISO 8601 instants. */
  startDate: string;
  endDate: string;
  /** Players on the pitch (team 1 + team 2). */
  playerCount: number;
  maxPlayers: number;
  field: string;
  subfield: string;
  /** Entry fee in cents; 0 means free. */
  price: number;
  organizerUsername: string;
  picture: string | null;
  /** The field's address, when the list carries it. */
  location?: string | null;
}
