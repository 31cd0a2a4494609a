import { z } from 'zod';
import { eventSchema, typesOf, type EventsOf } from '../event-schemas';
import { gameStream } from './streams';
/**
 * Everything that can happen to a game: scheduled from a booking, players joining, moving between the
 * teams and the sideline, leaving or being removed, and cancellation. Stream: `game-{gameId}`.
 *
 * Moves carry the server's time (`at`) and the play time the move closed, so the read model and
 * the audit history need no clock of their own to show who played how long.
 */

/** 0 is the sideline, 1 and 2 the teams on the pitch (spec §3 Participant). */
const team = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type Team = z.infer<typeof team>;

const instant = z.iso.datetime({ offset: true });

/** What the game is, as the organizer confirmed it and the booking fixed it. */
const gameDetails = z.object({
  gameId: z.string(),
  name: z.string(),
  organizerId: z.string(),
  organizerUsername: z.string(),
  fieldId: z.string(),
  fieldName: z.string(),
  /** The field's owner: the owner's timeline shows the game. */
  ownerId: z.string(),
  subFieldId: z.string(),
  subFieldName: z.string(),
  /** The field's address, city and zip joined, as the spec's game draft has it. */
  location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  startDate: instant,
  endDate: instant,
  maxPlayers: z.number().int(),
  priceCents: z.number().int().nonnegative(),
  picture: z.string(),
  /** The field's cancellation window when the slot was booked: the policy the organizer agreed to. */
  cancellationWindowHours: z.number().nonnegative(),
});
export type GameDetails = z.infer<typeof gameDetails>;

const played = { at: instant, playedSeconds: z.number().int().nonnegative() };

export const GameScheduled = eventSchema(
  'GameScheduled',
  gameDetails.extend({ rentalPaymentId: z.string().nullable(), rentalCents: z.number().int().nonnegative() }),
);

export const PlayerJoined = eventSchema(
  'PlayerJoined',
  z.object({
    gameId: z.string(),
    playerId: z.string(),
    username: z.string(),
    paymentId: z.string().nullable(),
    at: instant,
  }),
);

export const PlayerMoved = eventSchema(
  'PlayerMoved',
  z.object({ gameId: z.string(), playerId: z.string(), from: team, to: team, movedBy: z.string(), ...played }),
);

/** A substitution: the sideline player takes the pitch player's place on `team`, in one event. */
export const PlayersSwitched = eventSchema(
  'PlayersSwitched',
  z.object({
    gameId: z.string(),
    incomingId: z.string(),
    outgoingId: z.string(),
    team: z.union([z.literal(1), z.literal(2)]),
    switchedBy: z.string(),
    at: instant,
    outgoingPlayedSeconds: z.number().int().nonnegative(),
  }),
);

export const PlayerLeft = eventSchema('PlayerLeft', z.object({ gameId: z.string(), playerId: z.string(), ...played }));

const playerRemovedV1 = z.object({ gameId: z.string(), playerId: z.string(), removedBy: z.string(), ...played });

export const PlayerRemoved = eventSchema('PlayerRemoved', playerRemovedV1).next(
  // Version 2: removal is the organizer's decision, so the removed player's paid entry is refunded in
  // full (DESIGN §8); the event names the payment to refund, and the removed player's name so the
  // Manage area can list them. Removals from before kept the fee: nothing to refund, name unknown.
  playerRemovedV1.extend({ username: z.string(), refundedPaymentId: z.string().nullable() }),
  (v1) => ({ ...v1, username: '', refundedPaymentId: null }),
);

/** The organizer lets a removed player join the game again (a refund made at removal stands). */
export const PlayerAllowedBack = eventSchema(
  'PlayerAllowedBack',
  z.object({ gameId: z.string(), playerId: z.string(), allowedBy: z.string(), at: instant }),
);

/** Why a game was withdrawn: cancelled without its organizer asking, because an admin deleted an account. */
export const GAME_WITHDRAWAL_REASONS = ['organizer_deleted', 'owner_deleted'] as const;
export type GameWithdrawalReason = (typeof GAME_WITHDRAWAL_REASONS)[number];

const gameCancelledV1 = z.object({
  gameId: z.string(),
  cancelledBy: z.string(),
  at: instant,
  /** The game's sub-field: cancelling gives its slot back. */
  subFieldId: z.string(),
  fieldId: z.string(),
  ownerId: z.string(),
  subFieldName: z.string(),
  /** Whether the organizer's rental comes back: cancelled at least the game's window before the start. */
  rentalRefunded: z.boolean(),
  /** The rental's payment, refunded when rentalRefunded; null for a free rental. */
  rentalPaymentId: z.string().nullable(),
  /** Every paid entry, refunded in full (DESIGN §7). */
  entryRefunds: z.array(z.object({ playerId: z.string(), paymentId: z.string() })),
});

export const GameCancelled = eventSchema('GameCancelled', gameCancelledV1).next(
  // Version 2: a game withdrawn because its organizer's or its field owner's account was deleted says so
  // (and refunds the rental whatever the window). Absent, as in every version-1 event: the organizer or an admin cancelled it.
  gameCancelledV1.extend({ reason: z.enum(GAME_WITHDRAWAL_REASONS).optional() }),
  (v1) => v1,
);

export const GAME_EVENTS = [
  GameScheduled,
  PlayerJoined,
  PlayerMoved,
  PlayersSwitched,
  PlayerLeft,
  PlayerRemoved,
  PlayerAllowedBack,
  GameCancelled,
] as const;

export type GameEvent = EventsOf<typeof GAME_EVENTS>;

export { gameStream };

export const GAME_EVENT_TYPES = typesOf(GAME_EVENTS);
