import { z } from 'zod';
import { storableText } from './text';

/**
 * Every instant a request carries (availability windows, holds, the event history's filters, as-of)
 * is read through `instant`: ISO 8601 with its zone, and within the years the product can mean.
 * PostgreSQL and JavaScript accept far wider ranges (year -4713, year 275760), so an unbounded date
 * would pass validation and fail deep in a query (a 500) instead of at the door with a 400.
 */
export const FIRST_INSTANT_YEAR = 2000;
export const LAST_INSTANT_YEAR = 2199;
const EARLIEST_MS = Date.UTC(FIRST_INSTANT_YEAR, 0, 1);
const AFTER_LATEST_MS = Date.UTC(LAST_INSTANT_YEAR + 1, 0, 1);

/** Years of six digits with a sign (ISO 8601's expanded form, as Date writes years outside 0–9999). */
const EXPANDED_YEAR = /^[+-]\d{6}-/;
const isoInstant = z.iso.datetime({ offset: true });

export const instantFormatMessage = (name: string) =>
  `${name} must be a date and time with its zone, e.g. 2026-11-22T18:00:00Z`;
export const instantRangeMessage = (name: string) =>
  `${name} must be in the years ${FIRST_INSTANT_YEAR} to ${LAST_INSTANT_YEAR}`;

/**
 * An instant with its zone, as a Date. The web sends Date objects, which JSON writes as ISO 8601 in
 * UTC; a time without its zone would be a guess. `missing` is the message when there is no text.
 */
export const instant = (name: string, missing?: string) =>
  storableText(name, missing).transform((value, ctx) => {
    const readable = isoInstant.safeParse(value).success || EXPANDED_YEAR.test(value);
    const ms = readable ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: instantFormatMessage(name) });
      return z.NEVER;
    }
    if (ms < EARLIEST_MS || ms >= AFTER_LATEST_MS) {
      ctx.addIssue({ code: 'custom', message: instantRangeMessage(name) });
      return z.NEVER;
    }
    return new Date(ms);
  });

/** A query's optional instant: absent or empty means no bound. */
export const optionalInstant = (name: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), instant(name).optional());
