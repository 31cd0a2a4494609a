// From the rules, not ./games: this module reaches every live page, and the contract's schemas would come along.
import { SEARCH_RESULTS_LIMIT } from '../domain/games/rules';

/**
 * Realtime rooms: what a socket joins and what a projection's change keys name. The one builder and
 * the one parser of their names; EVERY_SOCKET is a projector broadcast, not a room.
 */
export type Room =
  | { kind: 'game' | 'field'; id: string }
  | { kind: 'user' | 'owner'; id: string }
  | { kind: 'chat' | 'payments'; id: string }
  | { kind: 'admin' };

/**
 * How many rooms one connection may follow: the search page follows each game it lists (at most
 * SEARCH_RESULTS_LIMIT), plus the few rooms of the page around it. More is no browser's use, and each
 * room a connection follows is memory the realtime server keeps.
 */
export const MAX_ROOMS_PER_CONNECTION = SEARCH_RESULTS_LIMIT + 50;
export const TOO_MANY_ROOMS = `One connection follows at most ${MAX_ROOMS_PER_CONNECTION} rooms: leave one before following another.`;

/**
 * The change key and message room of a change to everything a read model holds, sent to every socket:
 * the read model was rebuilt and switched over (its new version may read differently).
 */
export const EVERY_SOCKET = '*';

/** Public rooms' ids are ids the services generate: letters, digits, '_' and '-'. */
const PUBLIC_ID = /^[\w-]{1,100}$/;

export const rooms = {
  /** Everyone following a game (its page is public). */
  game: (gameId: string) => `game:${gameId}`,
  /**
   * Everyone following a field: the organize wizard's time slots and the owner's timeline. They show its
   * windows, holds and bookings, and of each booked game only how many checked in.
   */
  field: (fieldId: string) => `field:${fieldId}`,
  /** One user's own updates (their profile, role, balance, games). */
  user: (userId: string) => `user:${userId}`,
  /** A field owner's fields and their availability. */
  owner: (ownerId: string) => `owner:${ownerId}`,
  /**
   * Issue #46: a game's chat, for those who may read it (contract/chat-texts.ts): the read API checks
   * who the follower is to the game before they join, never an anonymous socket.
   */
  chat: (gameId: string) => `chat:${gameId}`,
  /**
   * A game's entry payments (who has paid), for its organizer and admins, as GET /api/game-payments: the
   * read API checks who the follower is before they join. Apart from the game's public room, so a
   * change of the table never sends the game's many followers a push, nor makes them read the game again.
   */
  payments: (gameId: string) => `payments:${gameId}`,
  /** What admins watch: users and every field. */
  admin: 'admin',
} as const;

/** The room a name means, or null for a name no builder writes. */
export function parseRoom(name: string): Room | null {
  const [kind, id, ...rest] = name.split(':');
  if (rest.length > 0) return null;
  if (kind === 'admin') return id === undefined ? { kind } : null;
  if (
    (kind === 'game' || kind === 'field' || kind === 'chat' || kind === 'payments') &&
    id !== undefined &&
    PUBLIC_ID.test(id)
  )
    return { kind, id };
  if ((kind === 'user' || kind === 'owner') && id) return { kind, id };
  return null;
}
