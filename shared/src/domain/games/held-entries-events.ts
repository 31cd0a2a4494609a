import { z } from 'zod';
import { eventSchema } from '../event-schemas';

/**
 * Issue #45: entries held until the game is on. In a game with a minimum of players, an entry paid
 * within 6 days of the start is only authorized at join (`PlayerJoined.held`); the game's decision
 * then charges every entry still held, or a cancellation releases them, and a leaver's hold is
 * released at once. These events say which entries; the game loop's jobs capture or cancel the
 * payments, each once, with keys of the game and the payment.
 */

const instant = z.iso.datetime({ offset: true });
const entry = z.object({ playerId: z.string(), paymentId: z.string() });

/** The game goes ahead (its decision time, or a held entry joining after it): these held entries are charged. */
export const HeldEntriesCharged = eventSchema(
  'HeldEntriesCharged',
  z.object({ gameId: z.string(), entries: z.array(entry), at: instant }),
);

/** Why a hold is released without a charge: the player left before the decision. */
export const HOLD_RELEASE_REASONS = ['left'] as const;

/** A held entry is given back uncharged (nothing to refund): its payment's authorization is cancelled. */
export const EntryHoldReleased = eventSchema(
  'EntryHoldReleased',
  entry.extend({ gameId: z.string(), reason: z.enum(HOLD_RELEASE_REASONS), at: instant }),
);

/** A cancelled game's held entries, released rather than refunded (GameCancelled v4). */
export const releasedEntries = z.array(entry);
