import { z } from 'zod';
import type { GameInList } from './games';
import { pageSizeRefusal, pageSizeSchema, type PageSizeRule } from './paging';

/**
 * Issue #41: the organizer's full list of their games and series, upcoming and past, a page at a
 * time (GET /api/get-organizer-game-list?when&page&pageSize). A weekly series is one entry with all
 * its weeks; a single game is an entry of its own. Upcoming: anything with a game not yet ended,
 * soonest next game first; past: the rest, latest ended first.
 */
export const ORGANIZER_GAME_LIST_PATH = '/api/get-organizer-game-list';
export const ORGANIZER_GAME_LIST_WHEN = ['upcoming', 'past'] as const;
export type OrganizerGameListWhen = (typeof ORGANIZER_GAME_LIST_WHEN)[number];
/** A page of the list: `pageSize` entries, 10 unless asked, at most 50. */
export const ORGANIZER_GAME_LIST_PAGE = { name: 'pageSize', fallback: 10, max: 50 } as const satisfies PageSizeRule;
export const ORGANIZER_GAME_LIST_PAGE_SIZE = ORGANIZER_GAME_LIST_PAGE.fallback;

export const ORGANIZER_GAME_LIST_MESSAGES = {
  badWhen: "when must be 'upcoming' or 'past'",
  badPage: 'page must be a whole number from 0 (the first page)',
  badPageSize: pageSizeRefusal(ORGANIZER_GAME_LIST_PAGE),
} as const;

const M = ORGANIZER_GAME_LIST_MESSAGES;

export const organizerGameListQuery = z.object({
  when: z.enum(ORGANIZER_GAME_LIST_WHEN, { error: M.badWhen }).default('upcoming'),
  page: z.coerce.number({ error: M.badPage }).int(M.badPage).min(0, M.badPage).max(1_000_000, M.badPage).default(0),
  pageSize: pageSizeSchema(ORGANIZER_GAME_LIST_PAGE),
});

/** One entry of the list: a single game, or a weekly series with every week of it, by week. */
export type OrganizerGameListEntry =
  { kind: 'game'; game: GameInList } | { kind: 'series'; seriesId: string; name: string; weeks: GameInList[] };

export interface OrganizerGameList {
  entries: OrganizerGameListEntry[];
  /** Entries in the whole list (upcoming or past), over every page. */
  total: number;
  page: number;
  pageSize: number;
}

/** The Organize page's texts about the list. */
export const ORGANIZER_GAME_LIST_TEXTS = {
  /** The soonest four's cards above the list (spec §9). */
  soonest: 'Soonest games',
  title: 'All your games',
  upcoming: 'Upcoming',
  past: 'Past',
  noUpcoming: 'No upcoming games or series.',
  noPast: 'No past games or series yet.',
  cancel: 'Cancel',
  cancelled: 'Cancelled',
  ended: 'Ended',
  pages: 'Pages of your games',
  weeklySeries: (weeks: number) => `Weekly series, ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`,
} as const;
