import { z } from 'zod';
import { DEFAULT_FREE_CANCELLATION_HOURS, freeCancellationHoursField, refundToField } from './credit';
import type { GameCancellationReason, Team } from '../domain/games/events';
import {
  DEFAULT_DECISION_HOURS,
  DEFAULT_MAX_PLAYERS,
  DEFAULT_SIDELINE_SIZE,
  MAX_DECISION_HOURS,
  MAX_PLAYERS,
  MAX_PLAYERS_STEP,
  MAX_SIDELINE_SIZE,
  MIN_DECISION_HOURS,
  MIN_MINIMUM_PLAYERS,
  MIN_PLAYERS,
  MIN_SIDELINE_SIZE,
  NO_SUCH_GAME,
  SEARCH_RESULTS_LIMIT,
} from '../domain/games/rules';
import { SEARCH_MAX_KM } from './game-search';
import {
  DEFAULT_REGULARS_WINDOW_HOURS,
  MAX_REGULARS_WINDOW_HOURS,
  MAX_SERIES_WEEKS,
  MIN_REGULARS_WINDOW_HOURS,
  MIN_SERIES_WEEKS,
} from './series';
import { instant } from './instants';
import type { AttendanceStatus, RosterReliability } from './attendance';
import { requiredId, singleLineText, storableText } from './text';
import { DEFAULT_GUESTS_PER_PLAYER, guestNamesField, guestsField, guestsPerPlayerField } from './guests';

/**
 * The games calls of spec §7: their query and body schemas, limits and the response shapes the web
 * renders. Names of response fields follow the spec (snake_case where the spec has it).
 */

// The search's texts and limits live in game-search.ts (no schemas there, so the search page loads no
// validation code); the games contract names them too, for whoever imports them from here.
export {
  GEOLOCATION_UNSUPPORTED,
  LOCATION_ERROR,
  MILES_TO_KM,
  NO_GAMES_FOUND,
  NO_LOCATION_RESULTS,
  SEARCH_MAX_KM,
  SEARCH_MAX_MILES,
  SEARCH_MILES_STEP,
  SEARCH_MIN_MILES,
} from './game-search';
/** Spec §9: the organizer's upcoming list shows at most 4 games. */
export const ORGANIZER_GAMES_LIMIT = 4;
export { NO_SUCH_GAME, SEARCH_RESULTS_LIMIT };
/**
 * The bounds of a game's numbers as the Configure step's inputs offer them; the fields below refuse
 * what falls outside them, so the web never states a limit of its own.
 */
export const GAME_SETTING_LIMITS = {
  maxPlayers: { min: MIN_PLAYERS, max: MAX_PLAYERS, step: MAX_PLAYERS_STEP },
  sidelineSize: { min: MIN_SIDELINE_SIZE, max: MAX_SIDELINE_SIZE },
  minPlayers: { min: MIN_MINIMUM_PLAYERS },
  decisionHours: { min: MIN_DECISION_HOURS, max: MAX_DECISION_HOURS },
} as const;
/** Refusals of the game rules whose words the pages show as the server sends them (issue #41). */
export { ORGANIZER_NOT_ON_WAITLIST, regularsFirstUntil } from '../domain/games/messages';

const id = requiredId;

export const gameIdQuery = z.object({ gameId: id('gameId') });

export const gameSearchQuery = z.object({
  latitude: z.coerce
    .number({ error: 'latitude must be a number' })
    .min(-90, 'latitude is between -90 and 90')
    .max(90, 'latitude is between -90 and 90'),
  longitude: z.coerce
    .number({ error: 'longitude must be a number' })
    .min(-180, 'longitude is between -180 and 180')
    .max(180, 'longitude is between -180 and 180'),
  distance: z.coerce
    .number({ error: 'distance must be a number of kilometres' })
    .positive('distance must be more than 0 kilometres')
    .max(SEARCH_MAX_KM, `distance is at most ${SEARCH_MAX_KM} kilometres`),
});

/** Spec §3 'Participant'. playTime counts closed intervals; the running one began at playStart (server time). */
export interface Participant {
  userId: string;
  username: string;
  team: Team;
  playTime: number;
  playStart: string | null;
  /** Issue #44: checked in at the field with the organizer's code. */
  checkedIn: boolean;
  /** Issue #44: the organizer's mark (a check-in is 'present'); null when unmarked. */
  attendance: AttendanceStatus | null;
  /** Issue #44: null for a player with fewer than RELIABILITY_MIN_GAMES marked games. */
  reliability: RosterReliability | null;
  /** Issue #45: the guests who came with this player (they sit on the player's team), and the names typed for them. */
  guests: number;
  guestNames: string[];
}

/** Issue #30: the week of a captain's weekly series a game is ('Week 3 of 8'). */
export interface SeriesPlace {
  seriesId: string;
  week: number;
  weeks: number;
}

/** A series week's page: who its regulars are and when they, then everyone, may join (null for week 1). */
export interface SeriesWeekDetail extends SeriesPlace {
  regularsFrom: string | null;
  publicFrom: string | null;
  regulars: { userId: string; username: string }[];
}

/** Spec §3 'Game detail', with the times a page needs to show play time ticking from the server's clock. */
export interface GameDetail {
  gameId: string;
  name: string;
  location: string;
  field_name: string;
  sub_field_name: string;
  playerCount: number;
  sidelineCount: number;
  max_players: number;
  /** Dollars; 0 is free. */
  price: number;
  priceCents: number;
  start_date: string;
  end_date: string;
  status: 'scheduled' | 'cancelled';
  /** Why a cancelled game was cancelled when nobody chose to; null when its organizer or an admin did (or it was not). */
  cancellationReason: GameCancellationReason | null;
  team_1: Participant[];
  team_2: Participant[];
  sideline: Participant[];
  organizerUsername: string;
  organizer_id: string;
  picture: string;
  /** Players not in the game who hold a paid entry (they left): they rejoin for free (DESIGN §8). */
  heldEntries: string[];
  /** Players the organizer removed and has not allowed back; the Manage area lists them with 'Allow back'. */
  removed: RemovedPlayer[];
  /**
   * The ids of the players the organizer removed and has not allowed back, for everyone: a page that
   * sees one of them leave the roster announces a removal, not 'left the game' (issue #41).
   */
  removedPlayerIds: string[];
  /** The sideline as the line for team spots, first first (issue #29). */
  line: LinePlace[];
  /** Who waits for a place in the full game, first first (issue #29). */
  waitlist: WaitlistPlace[];
  /** Team players plus sideline never exceed max_players + sidelineSize; null: uncapped (a game from before). */
  sidelineSize: number | null;
  /** Fewer team players plus sideline at decisionAt cancel the game, everyone refunded; null: no minimum. */
  minPlayers: number | null;
  decisionAt: string | null;
  /** The week of a weekly series this game is, with its regulars; null for a single game (issue #30). */
  series: SeriesWeekDetail | null;
  /** Issue #44: the lowest reliability percent a player needs to join (new players are welcome); null: anyone. */
  minReliability: number | null;
  /** Issue #45: how many guests each player may bring (0: none). */
  guestsPerPlayer: number;
  /**
   * Issue #45: the game's paid entries still standing, by how they are paid: charged, or only held on the
   * card (a cancellation refunds the first and releases the second). Counts only: whose is whose is the
   * organizer's business.
   */
  entryPayments: { charged: number; held: number };
  /** Issue #44: check-in opens (and attendance may be marked) from here; the count of players checked in. */
  checkIn: { opensAt: string; closesAt: string; marksCloseAt: string; checkedIn: number };
  /** The server's clock when it answered: pages tick from here, never from the browser's clock alone. */
  serverTime: string;
}

/** A sideline member's place in line, 1 for the first, with their standing offer of a spot on a team. */
export interface LinePlace {
  userId: string;
  username: string;
  position: number;
  offer: { team: 1 | 2; expiresAt: string } | null;
}

/** A place on the waitlist, 1 for the first, with the standing offer of a place to pay for and join. */
export interface WaitlistPlace {
  userId: string;
  username: string;
  /** Issue #45: the guests they wait with ('Sam +2'): the offer holds places for all of them. */
  guests: number;
  position: number;
  offer: { expiresAt: string } | null;
}

export interface RemovedPlayer {
  userId: string;
  username: string;
  /** Whether their entry fee was given back at removal (a free game has none). */
  entryRefunded: boolean;
  /** Issue #45: their entry was only held on the card, so it was released uncharged, not refunded. */
  entryReleased: boolean;
}

/** Spec §3 'Game in search results', with its distance from the searched place. */
export interface GameSearchResult {
  game_id: string;
  name: string;
  location: string;
  start_date: string;
  end_date: string;
  price: number;
  playerCount: number;
  sidelineCount: number;
  max_players: number;
  picture: string;
  distanceKm: number;
}

/** Spec §3 'Game in lists' (the user's and the organizer's games). */
export interface GameInList {
  gameId: string;
  name: string;
  startDate: string;
  endDate: string;
  playerCount: number;
  sidelineCount: number;
  maxPlayers: number;
  field: string;
  subfield: string;
  price: number;
  organizerUsername: string;
  picture: string;
  status: 'scheduled' | 'cancelled';
  /** Why a cancelled game was cancelled when nobody chose to; null when its organizer or an admin did (or it was not). */
  cancellationReason: GameCancellationReason | null;
  /** Hours before the start until which cancelling refunds the rental (see rentalRefundApplies). */
  cancellationWindowHours: number;
  /** This game's own rental: what its cancellation gives back inside the window (a series week: its own). */
  rentalCents: number;
  /** The week of a weekly series this game is; null for a single game (issue #30). */
  series: SeriesPlace | null;
}

const team = z
  .union([z.literal(0), z.literal(1), z.literal(2), z.literal('0'), z.literal('1'), z.literal('2')], {
    error: 'team must be 0 (sideline), 1 or 2',
  })
  .transform((value) => Number(value) as Team);

/**
 * Spec §7 join-game: `{gameId, team}` joins or moves the caller; with `participantId` the organizer moves
 * that player. `playStart` is accepted for the spec's client and ignored: play time runs on the server's
 * clock only. `paymentId` is the entry payment of a priced game.
 */
export const joinGameBody = z.object({
  gameId: id('gameId'),
  team,
  participantId: id('participantId').optional(),
  playStart: z.unknown().optional(),
  paymentId: id('paymentId').optional(),
  /** Issue #45: the guests the player brings (the payment's when absent), and their names if typed. */
  guests: guestsField.optional(),
  guestNames: guestNamesField.optional(),
});
/** Leave-game; `refundTo` says where a refund within free cancellation goes (issue #45). */
export const leaveGameBody = z.object({ gameId: id('gameId'), refundTo: refundToField.default('card') });
export const removePlayerBody = z.object({ gameId: id('gameId'), participantId: id('participantId') });
/** The Manage area's 'Allow back' for a removed player. */
export const allowPlayerBackBody = z.object({ gameId: id('gameId'), participantId: id('participantId') });
/** Spec §7 switch-players: participantId1 comes off the sideline, participantId2 leaves the pitch; `team` follows from participantId2. */
export const switchPlayersBody = z.object({
  gameId: id('gameId'),
  participantId1: id('participantId1'),
  participantId2: id('participantId2'),
  team: team.optional(),
});
export const deleteGameBody = z.object({ gameId: id('gameId') });
/** Issue #30: 'Cancel the rest of the series' from this week on; and the series' weeks for its confirmation. */
export const cancelSeriesBody = z.object({ gameId: id('gameId') });
export const seriesGamesQuery = z.object({ seriesId: id('seriesId') });
/** Issue #30: the organizer adds a regular to a series week by their username, or removes one. */
export const addRegularBody = z.object({
  gameId: id('gameId'),
  username: singleLineText('Username', 'Type the username of the player to add')
    .trim()
    .min(1, 'Type the username of the player to add')
    .max(100, 'A username is at most 100 characters'),
});
export const removeRegularBody = z.object({ gameId: id('gameId'), participantId: id('participantId') });

/** A series week the caller is a regular of, open to them now and not joined yet: their profile's 'Join next …'. */
export interface RegularGame extends GameInList {
  /** When it opens to everyone: the regulars' window ends. */
  publicFrom: string;
}

/** cancel-series' answer: every week it cancelled, with the rental each gives back (0 inside the window). */
export interface CancelledSeries {
  cancelled: { gameId: string; week: number; startDate: string; rentalRefundCents: number }[];
}
/** Issue #29: the first in line answers the offer of a team spot; anyone joins or leaves a full game's waitlist. */
export const acceptSpotBody = z.object({ gameId: id('gameId') });
export const declineSpotBody = z.object({ gameId: id('gameId') });
/** Issue #45: the guests the player would bring, as join-game takes them (the game's limit is a 400). */
export const joinWaitlistBody = z.object({
  gameId: id('gameId'),
  guests: guestsField.optional(),
  guestNames: guestNamesField.optional(),
});
export const leaveWaitlistBody = z.object({ gameId: id('gameId') });

/** join-waitlist's answer: the caller's place on the waitlist, 1 for the first. */
export interface WaitlistPosition {
  position: number;
}

/** $1,000 an entry: far above any pick-up game, low enough that a typo is caught. */
export const MAX_ENTRY_PRICE_CENTS = 100_000;
export const ORGANIZER_ROLES = ['captain', 'admin'] as const;

export const PRICE_FORMAT_MESSAGE = 'Type the price in dollars, like 5 or 12.50 (at most two decimals)';
/**
 * Plain decimal dollars, at most two decimals, with an optional leading '$': '5', '12.50', '$7.5', '.5'.
 * Anything Number() would also read ('0x10', '5e2', '1_000', ' Infinity') is refused, never reinterpreted.
 */
const PLAIN_DOLLARS = /^\$?(\d+)(?:\.(\d{0,2}))?$|^\$?\.(\d{1,2})$/;

/** Dollars as the Configure step's Price box sends them (a number or typed text; empty is free) to whole cents. */
export const entryPriceCents = z
  .union([z.number(), storableText('Price'), z.null()], { error: 'Price must be a number of dollars' })
  .optional()
  .transform((value, ctx) => {
    const text = value === null || value === undefined ? '' : String(value).trim();
    const match = PLAIN_DOLLARS.exec(text);
    if (text !== '' && !match) {
      ctx.addIssue({
        code: 'custom',
        message: text.startsWith('-') ? 'Price must be 0 or more dollars' : PRICE_FORMAT_MESSAGE,
      });
      return z.NEVER;
    }
    // Whole cents from the digits themselves, so no float rounding turns 0.29 into 28 cents.
    const whole = match?.[1] ?? '0';
    const fraction = match?.[2] ?? match?.[3] ?? '';
    const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    if (cents > MAX_ENTRY_PRICE_CENTS) {
      ctx.addIssue({ code: 'custom', message: `Price can be at most $${MAX_ENTRY_PRICE_CENTS / 100}` });
      return z.NEVER;
    }
    return cents;
  });

export const maxPlayersField = z.coerce
  .number({ error: 'Max players must be a number' })
  .int('Max players must be a whole number')
  .min(MIN_PLAYERS, `Max players is at least ${MIN_PLAYERS}`)
  .max(MAX_PLAYERS, `Max players is at most ${MAX_PLAYERS}`)
  .refine((value) => value % MAX_PLAYERS_STEP === 0, 'Max players must be even (two equal teams)');

export const GAME_NAME_MAX_LENGTH = 80;
const gameName = singleLineText('Game name')
  .trim()
  .max(GAME_NAME_MAX_LENGTH, `Game name can be at most ${GAME_NAME_MAX_LENGTH} characters`);

/** Issue #29: how many may wait on the sideline beyond maxPlayers; beyond that, the waitlist. */
export const sidelineSizeField = z.coerce
  .number({ error: 'Sideline size must be a number' })
  .int('Sideline size must be a whole number')
  .min(MIN_SIDELINE_SIZE, `Sideline size is at least ${MIN_SIDELINE_SIZE}`)
  .max(MAX_SIDELINE_SIZE, `Sideline size is at most ${MAX_SIDELINE_SIZE}`);

/** Issue #29: the fewest players the game goes ahead with (at most its max players, checked with it); null for none. */
export const minPlayersField = z.coerce
  .number({ error: 'Minimum players must be a number' })
  .int('Minimum players must be a whole number')
  .min(MIN_MINIMUM_PLAYERS, `Minimum players is at least ${MIN_MINIMUM_PLAYERS}`)
  .nullable();

/** Issue #29: how many hours before the start the minimum of players is checked. */
export const decisionHoursField = z.coerce
  .number({ error: 'Decision time must be a number of hours' })
  .int('Decision time must be a whole number of hours')
  .min(MIN_DECISION_HOURS, `Decision time is at least ${MIN_DECISION_HOURS} hour before the start`)
  .max(MAX_DECISION_HOURS, `Decision time is at most ${MAX_DECISION_HOURS} hours before the start`);

/** Issue #30: 'Repeat weekly' — how many weeks the series has, the first included. */
export const repeatWeeksField = z.coerce
  .number({ error: 'Number of weeks must be a number' })
  .int('Number of weeks must be a whole number')
  .min(MIN_SERIES_WEEKS, `A weekly series has at least ${MIN_SERIES_WEEKS} weeks`)
  .max(MAX_SERIES_WEEKS, `A weekly series has at most ${MAX_SERIES_WEEKS} weeks`);

/** Issue #30: how long last week's team players may join first, before the game opens to everyone. */
export const regularsWindowHoursField = z.coerce
  .number({ error: "The regulars' window must be a number of hours" })
  .int("The regulars' window must be a whole number of hours")
  .min(MIN_REGULARS_WINDOW_HOURS, `The regulars' window is at least ${MIN_REGULARS_WINDOW_HOURS} hours`)
  .max(MAX_REGULARS_WINDOW_HOURS, `The regulars' window is at most ${MAX_REGULARS_WINDOW_HOURS} hours`);

const SKIP_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Weeks a captain drops from a series (they clash): their dates as the wizard shows them, 'YYYY-MM-DD'. */
export const skipDatesField = z
  .array(
    storableText('A date to skip').refine(
      (value) => SKIP_DATE.test(value),
      'A date to skip is written YYYY-MM-DD, like 2026-12-22',
    ),
    { error: 'skipDates must be a list of dates' },
  )
  .max(MAX_SERIES_WEEKS, `At most ${MAX_SERIES_WEEKS} dates to skip`);

/** The Confirm step holds the slot with the game it will be (the draft), so a paid hold can always become that game. */
export const holdSlotBody = z
  .object({
    subFieldId: id('subFieldId'),
    startDate: instant('Start date'),
    endDate: instant('End date'),
    name: gameName.optional(),
    maxPlayers: maxPlayersField.default(DEFAULT_MAX_PLAYERS),
    price: entryPriceCents,
    sidelineSize: sidelineSizeField.default(DEFAULT_SIDELINE_SIZE),
    minPlayers: minPlayersField.default(null),
    decisionHours: decisionHoursField.default(DEFAULT_DECISION_HOURS),
    /** Issue #30: absent, one game; 2–12, a weekly series of that many weeks from this slot. */
    repeatWeeks: repeatWeeksField.optional(),
    skipDates: skipDatesField.default([]),
    regularsWindowHours: regularsWindowHoursField.default(DEFAULT_REGULARS_WINDOW_HOURS),
    /** Issue #45: leaving until this many hours before the start refunds in full. */
    freeCancellationHours: freeCancellationHoursField.default(DEFAULT_FREE_CANCELLATION_HOURS),
    /** Issue #45: how many guests each player may bring. */
    guestsPerPlayer: guestsPerPlayerField.default(DEFAULT_GUESTS_PER_PLAYER),
  })
  .superRefine((body, ctx) => {
    if (body.repeatWeeks === undefined && body.skipDates.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['skipDates'],
        message: 'Dates to skip need repeatWeeks (a weekly series)',
      });
    if (body.minPlayers !== null && body.minPlayers > body.maxPlayers)
      ctx.addIssue({
        code: 'custom',
        path: ['minPlayers'],
        message: `Minimum players is at most the game's max players (${body.maxPlayers})`,
      });
  });
export const releaseHoldBody = z.object({ holdId: id('holdId') });

const addGameShape = {
  subFieldId: id('subFieldId'),
  holdId: id('holdId'),
  paymentId: id('paymentId').optional(),
  name: gameName.optional(),
  maxPlayers: maxPlayersField.optional(),
  /** Absent: not compared (entryPriceCents alone reads a missing price as free). */
  price: entryPriceCents.optional(),
  sidelineSize: sidelineSizeField.optional(),
  minPlayers: minPlayersField.optional(),
  decisionHours: decisionHoursField.optional(),
  guestsPerPlayer: guestsPerPlayerField.optional(),
  startDate: instant('Start date').optional(),
  endDate: instant('End date').optional(),
  venue: z.unknown().optional(),
  location: z.unknown().optional(),
  organizerCost: z.unknown().optional(),
};

/** The refusal of keys add-game does not know (issue #41): named, with the keys it takes. */
export const addGameUnknownKeys = (keys: readonly string[]) =>
  `add-game does not take ${keys.join(', ')}. It takes ${Object.keys(addGameShape).join(', ')}.`;

/**
 * Spec §7 add-game: the wizard's draft, plus the hold and its payment. The game is made from the hold
 * (its times, price and the draft it was held with): a name, size, price, sideline, minimum, decision
 * time or time sent here must be the held one (a different one is refused with the held values). The
 * venue, location and cost per hour are accepted as the spec sends them; the server takes them from the
 * field itself. Any other key is refused, never dropped (issue #41).
 */
export const addGameBody = z.strictObject(addGameShape, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? addGameUnknownKeys(issue.keys) : undefined),
});

/** A week the hold covers (issue #30): one for a single game, every kept week for a series. */
export interface Occurrence {
  startDate: string;
  endDate: string;
}

export interface HeldSlot {
  holdId: string;
  expiresAt: string;
  /** Every week's rental together: one payment pays them all. */
  rentalCents: number;
  occurrences: Occurrence[];
  /** The series the hold books (issue #30); null for a single game. */
  seriesId: string | null;
}

/** add-game's answer: the game, and for a series every week's game in order (the first is `gameId`). */
export interface AddedGame {
  ok: true;
  gameId: string;
  seriesId: string | null;
  gameIds: string[];
}

/** The search's location box: a ZIP code or a US city, geocoded on the server (offline in standalone). */
export const geocodeQuery = z.object({
  q: storableText('Location', 'Type a ZIP code or a city')
    .trim()
    .min(1, 'Type a ZIP code or a city')
    .max(100, 'A location is at most 100 characters'),
});

export interface GeocodedLocation {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}
