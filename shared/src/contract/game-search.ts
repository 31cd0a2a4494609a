/**
 * The search's limits and texts, apart from the games contract's schemas (games.ts re-exports them), so
 * the search page does not download the schema library to show them.
 */

/** Spec §9: the search slider runs 10 to 100 miles; the API takes kilometres (miles × 1.609). */
export const MILES_TO_KM = 1.609;
export const SEARCH_MIN_MILES = 10;
export const SEARCH_MAX_MILES = 100;
export const SEARCH_MILES_STEP = 5;
/** The API allows a little more than the slider's 100 miles, so a client rounding up is not refused. */
export const SEARCH_MAX_KM = 200;

/** Spec §8, the search's location messages: the web shows them, the geocode call answers with them. */
export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser.';
export const NO_LOCATION_RESULTS = 'No results found for the provided location.';
export const LOCATION_ERROR = 'Error fetching location. Please try again.';
export const NO_GAMES_FOUND = 'No games found. Try adjusting your search criteria.';
