/**
 * The HTTP headers the web app and the services exchange. Header names are case-insensitive on the
 * wire; these are the spellings both sides write.
 */

/** Response header of every command: the log position of its last event (`commit:position`, read-your-writes). */
export const POSITION_HEADER = 'X-Playtime-Position';
/** Request header of a query: the highest position the caller saw; the read waits until projections reach it. */
export const AFTER_HEADER = 'X-Playtime-After';
/** Response header of a query whose wait for X-Playtime-After ran out: the answer may miss the caller's write. */
export const STALE_HEADER = 'X-Playtime-Stale';
/**
 * Response header of a query: a position every read model had reached before the answer was read
 * (`commit:position`). Nothing the answer lacks was announced to a room joined at or before it.
 */
export const READ_AT_HEADER = 'X-Playtime-Read-At';
/** Request header: the caller's IANA time zone; times inside messages are written in it. */
export const TIME_ZONE_HEADER = 'X-Time-Zone';
/** Optional request header: a client-chosen key that makes a retried command take effect once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/**
 * Response header of a 404 for an /api path the answering service has no route for. Distributed, each
 * service has half the routes: the proxy then asks the other half (deploy/Caddyfile), so a command asked
 * with GET, or a query with POST, still answers 405 with Allow rather than 404.
 */
export const NO_ROUTE_HEADER = 'X-Playtime-No-Route';
/** Response header of a paged list: how many rows there are in all. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The anti-forgery cookie the server sets, and the header every POST echoes it in (double submit). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * One cookie's value out of a Cookie header or `document.cookie` string; undefined when absent. A
 * value that is not valid percent-encoding is still the value the server set, so it is kept as is.
 */
export function readCookie(cookies: string | undefined, name: string): string | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}
