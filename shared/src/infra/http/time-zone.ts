import type { Request } from 'express';
import { TIME_ZONE_HEADER } from '../../contract/headers';
import { ApiError } from './errors';

export { TIME_ZONE_HEADER };

/**
 * The zone the caller's browser said (issue #46: a player's quiet hours), or undefined when the request
 * said none: a caller that never said is not taken to live in UTC.
 */
export function saidTimeZoneOf(req: Request): string | undefined {
  return req.get(TIME_ZONE_HEADER)?.trim() ? timeZoneOf(req) : undefined;
}

/** The request's time zone, UTC when the header is absent; a zone Intl does not know is refused, not ignored. */
export function timeZoneOf(req: Request): string {
  const zone = req.get(TIME_ZONE_HEADER)?.trim();
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw new ApiError(
      400,
      'bad_time_zone',
      `${TIME_ZONE_HEADER} '${zone.slice(0, 60)}' is not a time zone. Send an IANA name such as Europe/Berlin.`,
    );
  }
}
