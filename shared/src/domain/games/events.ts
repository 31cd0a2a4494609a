import { z } from 'zod';
import { eventSchema, typesOf, type EventsOf } from '../event-schemas';
import { gameStream } from './streams';
import { AttendanceMarkCleared, AttendanceMarked, MinReliabilitySet, PlayerCheckedIn } from './attendance-events';
import { EntryHoldReleased, HeldEntriesCharged, releasedEntries } from './held-entries-events';
import { EntryPaymentLapsed } from './lapsed-payment-events';
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
const pitchTeam = z.union([z.literal(1), z.literal(2)]);
export type PitchTeam = z.infer<typeof pitchTeam>;

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

/**
 * Version 2 of the details (issue #29): how big the game may grow and when it gives up on too few players.
 * `sidelineSize` caps team players plus sideline at maxPlayers + sidelineSize (null: uncapped, as every
 * game scheduled before was); `minPlayers` with `decisionHours` makes the game cancel itself at
 * `decisionHours` before the start when fewer have joined (null: no minimum). The limits and defaults are
 * in rules.ts; the events record what the captain chose, unchecked, so changed limits never break old events.
 */
const gameDetailsV2 = gameDetails.extend({
  sidelineSize: z.number().int().nonnegative().nullable(),
  minPlayers: z.number().int().positive().nullable(),
  decisionHours: z.number().positive().nullable(),
});
/**
 * Version 3 of the details (issue #30): the week of a captain's weekly series this game is, or null.
 * Last week's team players (the regulars) may join from `previousEndDate` for `regularsWindowHours`
 * before anyone else; until the week before has ended the game stays out of search.
 */
const seriesWeek = z.object({
  seriesId: z.string(),
  week: z.number().int().positive(),
  weeks: z.number().int().positive(),
  regularsWindowHours: z.number().nonnegative(),
  previousEndDate: instant.nullable(),
});
export type SeriesWeekOfGame = z.infer<typeof seriesWeek>;
const gameDetailsV3 = gameDetailsV2.extend({
  series: seriesWeek.nullable(),
  /**
   * Issue #45: leaving until this many hours before the start refunds the entry in full. Absent in games
   * scheduled before: a leave keeps the entry, as it always did.
   */
  freeCancellationHours: z.number().nonnegative().optional(),
});
/** Version 4 of the details (issue #45): how many guests each player may bring (0–3); none before. */
const gameDetailsV4 = gameDetailsV3.extend({ guestsPerPlayer: z.number().int().nonnegative() });
export type GameDetails = z.infer<typeof gameDetailsV4>;

const played = { at: instant, playedSeconds: z.number().int().nonnegative() };

const rental = { rentalPaymentId: z.string().nullable(), rentalCents: z.number().int().nonnegative() };

export const GameScheduled = eventSchema('GameScheduled', gameDetails.extend(rental))
  .next(
    // Version 2: the sideline size, minimum players and decision time (issue #29). Games scheduled before
    // had an uncapped sideline and no minimum, and keep them.
    gameDetailsV2.extend(rental),
    (v1) => ({ ...v1, sidelineSize: null, minPlayers: null, decisionHours: null }),
    // Version 3: the week of a weekly series (issue #30); games scheduled before were no series.
  )
  .next(gameDetailsV3.extend(rental), (v2) => ({ ...v2, series: null }))
  // Version 4: the guests each player may bring (issue #45); games scheduled before took none.
  .next(gameDetailsV4.extend(rental), (v3) => ({ ...v3, guestsPerPlayer: 0 }));

const playerJoinedV1 = z.object({
  gameId: z.string(),
  playerId: z.string(),
  username: z.string(),
  paymentId: z.string().nullable(),
  at: instant,
  /** Issue #45: the entry payment is only authorized, charged when the game is on (absent: charged). */
  held: z.boolean().optional(),
  /** Issue #46: the player's IANA zone as their browser said at the join; quiet hours are kept in it. */
  timeZone: z.string().optional(),
});

export const PlayerJoined = eventSchema('PlayerJoined', playerJoinedV1).next(
  // Version 2 (issue #45): the guests the player brings, part of their entry (one payment, 1 + guests
  // places, moved and released with them), and the names the host typed for them ('' when not named).
  playerJoinedV1.extend({ guests: z.number().int().nonnegative(), guestNames: z.array(z.string()) }),
  (v1) => ({ ...v1, guests: 0, guestNames: [] }),
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
    team: pitchTeam,
    switchedBy: z.string(),
    at: instant,
    outgoingPlayedSeconds: z.number().int().nonnegative(),
  }),
);

/**
 * Issue #45: a leave within the organizer's free-cancellation window names the entry it refunds in full
 * and where to (`refund`); absent, as in every leave before, the entry stays the player's.
 */
const leaveRefund = z.object({ paymentId: z.string(), to: z.enum(['card', 'credit']) });
export const PlayerLeft = eventSchema(
  'PlayerLeft',
  z.object({ gameId: z.string(), playerId: z.string(), ...played, refund: leaveRefund.optional() }),
);

/**
 * Issue #45: a player who left after free cancellation kept their entry, and their place was taken again
 * from the line or the waitlist before the start: the entry comes back to them as Playtime credit, once.
 */
export const EntryCredited = eventSchema(
  'EntryCredited',
  z.object({ gameId: z.string(), playerId: z.string(), paymentId: z.string(), at: instant }),
);

const playerRemovedV1 = z.object({ gameId: z.string(), playerId: z.string(), removedBy: z.string(), ...played });

/** Why a player left a game without anyone of the game deciding it (issue #41): an admin deleted their account. */
export const PLAYER_REMOVAL_REASONS = ['account_deleted'] as const;
export type PlayerRemovalReason = (typeof PLAYER_REMOVAL_REASONS)[number];

const playerRemovedV2 = playerRemovedV1.extend({ username: z.string(), refundedPaymentId: z.string().nullable() });

export const PlayerRemoved = eventSchema('PlayerRemoved', playerRemovedV1)
  .next(
    // Version 2: removal is the organizer's decision, so the removed player's paid entry is refunded in
    // full (DESIGN §8); the event names the payment to refund, and the removed player's name so the
    // Manage area can list them. Removals from before kept the fee: nothing to refund, name unknown.
    playerRemovedV2,
    (v1) => ({ ...v1, username: '', refundedPaymentId: null }),
  )
  // Version 3 (issue #41): a deleted account leaves its upcoming games, its entry refunded, with
  // `reason`; nobody is kept out by it. Absent, as in every earlier event: the organizer removed them.
  .next(playerRemovedV2.extend({ reason: z.enum(PLAYER_REMOVAL_REASONS).optional() }), (v2) => v2);

/** The organizer lets a removed player join the game again (a refund made at removal stands). */
export const PlayerAllowedBack = eventSchema(
  'PlayerAllowedBack',
  z.object({ gameId: z.string(), playerId: z.string(), allowedBy: z.string(), at: instant }),
);

/** Why a game was withdrawn: cancelled without its organizer asking, because an admin deleted an account. */
export const GAME_WITHDRAWAL_REASONS = ['organizer_deleted', 'owner_deleted'] as const;
export type GameWithdrawalReason = (typeof GAME_WITHDRAWAL_REASONS)[number];

/**
 * Why a game cancelled without its organizer or an admin asking: a withdrawal, or too few players had
 * joined by its decision time (issue #29).
 */
export const GAME_CANCELLATION_REASONS = [...GAME_WITHDRAWAL_REASONS, 'too_few_players'] as const;
export type GameCancellationReason = (typeof GAME_CANCELLATION_REASONS)[number];

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

const gameCancelledV2 = gameCancelledV1.extend({ reason: z.enum(GAME_CANCELLATION_REASONS).optional() });

export const GameCancelled = eventSchema('GameCancelled', gameCancelledV1)
  .next(
    // Version 2: a game cancelled without its organizer or an admin asking says why. A withdrawal (the
    // organizer's or the field owner's account was deleted) refunds the rental whatever the window;
    // 'too_few_players' (issue #29) follows the window as of the decision time. The reasons only grew,
    // so every event recorded at version 2 still reads the same. Absent, as in every version-1 event:
    // the organizer or an admin cancelled it.
    gameCancelledV2,
    (v1) => v1,
  )
  // Version 3 (issue #30): one payment pays every week of a series, so a week's cancellation gives back
  // that week's rental only (`rentalRefundCents`); null gives back the whole payment, as before.
  .next(
    gameCancelledV2.extend({
      rentalRefundCents: z.number().int().nonnegative().nullable(),
      // Issue #45: entries only authorized, released rather than refunded (`entryRefunds` lists the
      // charged ones). Absent, as in every game cancelled before: none was held.
      releasedEntries: releasedEntries.optional(),
    }),
    (v2) => ({ ...v2, rentalRefundCents: null }),
  );

/** A sideline player's offer of a spot on `team` that freed in a full game; it stands until `expiresAt`. */
export const SpotOffered = eventSchema(
  'SpotOffered',
  z.object({ gameId: z.string(), playerId: z.string(), team: pitchTeam, at: instant, expiresAt: instant }),
);

/** The player turned the offer down: they go to the back of the line, and the offer passes on. */
export const SpotDeclined = eventSchema(
  'SpotDeclined',
  z.object({ gameId: z.string(), playerId: z.string(), team: pitchTeam, at: instant }),
);

/** Nobody took the offer made at `offeredAt` in time: the player goes to the back of the line, and it passes on. */
export const SpotOfferExpired = eventSchema(
  'SpotOfferExpired',
  z.object({ gameId: z.string(), playerId: z.string(), team: pitchTeam, offeredAt: instant, at: instant }),
);

/** Someone wants a place in a full game: no payment yet. */
export const WaitlistJoined = eventSchema(
  'WaitlistJoined',
  z.object({
    gameId: z.string(),
    playerId: z.string(),
    username: z.string(),
    at: instant,
    /** Issue #46: the player's IANA zone as their browser said (PlayerJoined.timeZone). */
    timeZone: z.string().optional(),
    /**
     * Issue #45: the guests the player would bring: the entry waits for 1 + guests places (absent: none,
     * as in every event recorded before), and the names the host typed for them.
     */
    guests: z.number().int().nonnegative().optional(),
    guestNames: z.array(z.string()).optional(),
  }),
);

export const WaitlistLeft = eventSchema(
  'WaitlistLeft',
  z.object({ gameId: z.string(), playerId: z.string(), at: instant }),
);

/**
 * Places opened: the player may pay and join until `expiresAt`. Issue #45: the offer holds 1 + `guests`
 * places, the party the player waits with (absent: one place, as in every event recorded before).
 */
export const WaitlistOffered = eventSchema(
  'WaitlistOffered',
  z.object({
    gameId: z.string(),
    playerId: z.string(),
    at: instant,
    expiresAt: instant,
    guests: z.number().int().nonnegative().optional(),
  }),
);

/** The player did not take the place offered at `offeredAt` in time: they leave the waitlist, and it passes on. */
export const WaitlistOfferExpired = eventSchema(
  'WaitlistOfferExpired',
  z.object({ gameId: z.string(), playerId: z.string(), offeredAt: instant, at: instant }),
);

const regular = z.object({ playerId: z.string(), username: z.string() });

/**
 * Issue #30: the players on a team when last week's game of the series ended are this week's regulars:
 * they may join first, from last week's end for the series' regulars' window. Named once, by a job at
 * that end; `fromGameId` is last week's game.
 */
export const RegularsNamed = eventSchema(
  'RegularsNamed',
  z.object({ gameId: z.string(), fromGameId: z.string(), regulars: z.array(regular), at: instant }),
);

/** The organizer makes a player one of this week's regulars (the Manage area). */
export const RegularAdded = eventSchema(
  'RegularAdded',
  regular.extend({ gameId: z.string(), addedBy: z.string(), at: instant }),
);

/** The organizer takes a player off this week's regulars. */
export const RegularRemoved = eventSchema(
  'RegularRemoved',
  z.object({ gameId: z.string(), playerId: z.string(), removedBy: z.string(), at: instant }),
);

/**
 * Issue #31: the job a set time before the start reminded the game's members, as they were then (team
 * players and the sideline). Recorded once: a cancelled game reminds nobody.
 */
export const PlayersReminded = eventSchema(
  'PlayersReminded',
  z.object({
    gameId: z.string(),
    at: instant,
    members: z.array(z.object({ playerId: z.string(), username: z.string(), team })),
  }),
);

export { AttendanceMarkCleared, AttendanceMarked, MinReliabilitySet, PlayerCheckedIn };

export const GAME_EVENTS = [
  GameScheduled,
  PlayerJoined,
  PlayerMoved,
  PlayersSwitched,
  PlayerLeft,
  PlayerRemoved,
  PlayerAllowedBack,
  GameCancelled,
  SpotOffered,
  SpotDeclined,
  SpotOfferExpired,
  WaitlistJoined,
  WaitlistLeft,
  WaitlistOffered,
  WaitlistOfferExpired,
  RegularsNamed,
  RegularAdded,
  RegularRemoved,
  PlayersReminded,
  PlayerCheckedIn,
  AttendanceMarked,
  AttendanceMarkCleared,
  MinReliabilitySet,
  HeldEntriesCharged,
  EntryHoldReleased,
  EntryCredited,
  EntryPaymentLapsed,
] as const;

export type GameEvent = EventsOf<typeof GAME_EVENTS>;

export { gameStream };

export const GAME_EVENT_TYPES = typesOf(GAME_EVENTS);
