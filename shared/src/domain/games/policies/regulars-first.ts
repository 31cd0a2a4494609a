import { DomainError } from '../../decider';
import type { GameDetails } from '../events';

/** Why a series week refuses a newcomer (issue #30): it is not open yet. */
export const SERIES_WEEK_NOT_OPEN =
  "This week's game opens when last week's game ends: its players join first, then everyone.";
/** The code of that refusal: the game page passes its words on, as it does the regulars' refusal. */
export const SERIES_WEEK_NOT_OPEN_CODE = 'series_week_not_open';

/** 'Friday 6 pm' (or 'Friday 6:30 pm') in `timeZone`: when a regulars' window ends, as a person says it. */
function dayAndTime(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? '';
  const minutes = part('minute') === '00' ? '' : `:${part('minute')}`;
  return `${part('weekday')} ${part('hour')}${minutes} ${part('dayPeriod').toLowerCase()}`;
}

/** The code of that refusal: the game page offers the waitlist beside its words. */
export const REGULARS_FIRST_CODE = 'regulars_first';

/** The refusal of a newcomer while only the regulars may join (issue #41: why, and until when). */
export const regularsFirstUntil = (publicFrom: number, timeZone: string) =>
  `Regulars pick first until ${dayAndTime(publicFrom, timeZone)}; you can join then or join the waitlist`;

/** When a series week opens to its regulars and then to everyone; null for a game open to all from the start. */
export function seriesWeekOpening(
  details: Pick<GameDetails, 'series'>,
): { regularsFrom: number; publicFrom: number } | null {
  const { series } = details;
  if (!series?.previousEndDate) return null;
  const regularsFrom = Date.parse(series.previousEndDate);
  return { regularsFrom, publicFrom: regularsFrom + series.regularsWindowHours * 3_600_000 };
}

/** Whether only the week's regulars may join now, so a newcomer waits (on the waitlist, if they like). */
export function regularsOnlyNow(
  game: { details: Pick<GameDetails, 'series'>; regulars: { playerId: string }[] },
  playerId: string,
  now: number,
): boolean {
  const opening = seriesWeekOpening(game.details);
  if (!opening || now < opening.regularsFrom || now >= opening.publicFrom) return false;
  return !game.regulars.some((regular) => regular.playerId === playerId);
}

/**
 * A week of a series takes newcomers once last week's game has ended: its regulars first, for the
 * series' regulars' window, then everyone. The first week, and any game that is no series, is open.
 * `timeZone` is the reader's, for the time the refusal names.
 */
export function refuseUnlessOpenToJoin(
  game: { details: Pick<GameDetails, 'series'>; regulars: { playerId: string }[] },
  playerId: string,
  now: number,
  timeZone = 'UTC',
): void {
  const opening = seriesWeekOpening(game.details);
  if (!opening) return;
  if (now < opening.regularsFrom) throw new DomainError('conflict', SERIES_WEEK_NOT_OPEN_CODE, SERIES_WEEK_NOT_OPEN);
  if (regularsOnlyNow(game, playerId, now))
    throw new DomainError('forbidden', REGULARS_FIRST_CODE, regularsFirstUntil(opening.publicFrom, timeZone));
}
