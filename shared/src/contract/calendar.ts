/**
 * Calendar feeds (issue #31): each user's private feed address, and one game as a file. A feed's
 * address is a capability: whoever holds it reads the feed without logging in (calendar apps cannot),
 * so it is long and random, and making a new one ends the old one.
 */

/** GET: the caller's feed address, `{url}` (null until the first is made). */
export const CALENDAR_FEED_PATH = '/api/calendar-feed';
/** POST: a new address for the caller's feed, `{url}`; the old one stops answering. */
export const ROTATE_CALENDAR_FEED_PATH = '/api/calendar-feed/rotate';
/**
 * GET ?gameId (games' gameIdQuery): one game as an .ics file, for 'Add to calendar' (anyone who may see
 * the game). This module has no schemas of its own, so the game page's link costs no validation code.
 */
export const GAME_CALENDAR_PATH = '/api/game-calendar';

/** A feed id: 32 characters of base64url (24 random bytes). */
export const CALENDAR_FEED_ID = /^[A-Za-z0-9_-]{32}$/;
/** The feed itself: `GET /calendar/{feedId}.ics`. */
export const calendarFeedPath = (feedId: string) => `/calendar/${feedId}.ics`;
/** The feed's whole address; `publicUrl` without a trailing slash, as publicUrlOf gives it. */
export const calendarFeedUrl = (publicUrl: string, feedId: string) => `${publicUrl}${calendarFeedPath(feedId)}`;
/** The feed's route, as the read API mounts it. */
export const CALENDAR_FEED_ROUTE = '/calendar/:file';

export interface CalendarFeedAnswer {
  url: string | null;
}

/**
 * Wrong feed addresses one network (an IPv4 address, or an IPv6 /64) may ask for within
 * CALENDAR_FEED_GUESS_MINUTES; after that every feed request from it waits until that time is up. A
 * calendar app still polling a replaced address asks a few times an hour; a guesser is stopped.
 */
export const CALENDAR_FEED_GUESSES = 20;
export const CALENDAR_FEED_GUESS_MINUTES = 10;

/** How far back a feed reaches: calendars keep what they once received, so older games add nothing. */
export const CALENDAR_FEED_DAYS_BACK = 90;

/** The profile's card and the game page's link. */
export const CALENDAR_TEXTS = {
  addToCalendar: 'Add to calendar',
  feedTitle: 'Calendar feed',
  feedHelp:
    'Subscribe to this address in your calendar app to see the games you play in or organize, and the bookings on your fields. Keep it private: anyone with it can read your games.',
  makeFeed: 'Get my calendar address',
  rotateFeed: 'Make a new address',
  rotateConfirm: 'Make a new address? The current one stops working, and calendars subscribed to it stop updating.',
  copy: 'Copy address',
  copied: 'Copied',
  calendarName: 'Playtime',
  /** What each game in a feed says the user is to it. */
  organizer: 'You organize this game.',
  player: 'You play in this game.',
  owner: 'A booking on your field.',
  anyone: 'A Playtime game.',
  /** The feed's answers: an address nobody holds, and a network that asked for too many of those. */
  noSuchFeed: 'There is no calendar feed at this address. Copy the current one from your profile.',
  tooManyGuesses:
    'Too many calendar addresses asked for from your network were wrong. Wait a few minutes, then use the address from your profile.',
} as const;
