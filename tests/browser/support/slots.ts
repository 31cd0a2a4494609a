import type { ApiClient } from '../../support/api-client';
import { addAvailableField } from '../../support/game-loop';

export const HALF_HOUR = 30 * 60_000;
export const HOUR = 2 * HALF_HOUR;
const DAY = 24 * HOUR;

/**
 * A game's start: from the next half hour plus an hour (browsers and server agree on UTC here). A test
 * that books `hours` games one after another gets a start whose hours all lie in one UTC day, because
 * Select Time lists one day and ignores a run that passes its end (spec §4): a game at 23:30 cannot be
 * picked. Such a start moves to the next midnight.
 */
export const nextGameStart = (hours = 1): number => {
  const start = Math.ceil(Date.now() / HALF_HOUR) * HALF_HOUR + HOUR;
  const midnightAfter = (Math.floor(start / DAY) + 1) * DAY;
  return start + hours * HOUR > midnightAfter ? midnightAfter : start;
};

/** A slot's time as the wizard's Select Time step names it (UTC). */
export const hhmm = (ms: number): string => new Date(ms).toISOString().slice(11, 16);

export const sameUtcDay = (a: number, b: number): boolean =>
  new Date(a).toISOString().slice(0, 10) === new Date(b).toISOString().slice(0, 10);

/** The availability a test books a game at `start` in: from two hours before it to three after (API instants). */
export const windowAround = (start: number): { startDate: string; endDate: string } => ({
  startDate: new Date(start - 2 * HOUR).toISOString(),
  endDate: new Date(start + 3 * HOUR).toISOString(),
});

/**
 * The owner's field (in New York, $40 an hour) with a 'Pitch A' available around a game at `start`,
 * where the test's captain books it: the field's and the sub-field's ids.
 */
export const addPitchAround = (owner: ApiClient, field: { name: string; address: string }, start: number) =>
  addAvailableField(owner, { ...field, subFieldName: 'Pitch A', ...windowAround(start) });
