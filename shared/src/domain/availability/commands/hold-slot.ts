import { DomainError } from '../../decider';
import { decisionTimePassed, minimumDecisionAt } from '../../games/rules';
import { describeSpan, isLive, refuseUnbookableSlot, type Span } from '../rules';
import type { AvailabilityEvent, GameDraft } from '../events';
import { NO_WEEKS_KEPT, seriesWeeksClash, skipNotInSeries, weeklySpans } from '../series';
import type { AvailabilityState, KnownHold } from '../state';
import { dateIn } from '../weekly';
import { liveHoldsOf, ofSubField, windowTimes } from './common';
import type { Decide, SeriesRequest } from './types';

/**
 * A game with a minimum of players whose decision time has passed already would cancel itself the
 * moment it is made (nobody has joined yet), the rental kept when that is inside the field's window.
 */
function refusePassedDecisionTime(draft: GameDraft, startDate: Date, now: Date): void {
  const decisionAt = minimumDecisionAt({ ...draft, startDate: startDate.toISOString() });
  if (decisionAt === null || draft.decisionHours === null || decisionAt.getTime() > now.getTime()) return;
  throw new DomainError('invalid', 'decision_time_passed', decisionTimePassed(draft.decisionHours));
}
export const holdSlot: Decide<'HoldSlot'> = (command, state, context) => {
  const organizerId = context.actorId;
  if (organizerId === null) throw new DomainError('forbidden', 'log_in', 'Log in to book a slot.');
  const now = context.now.getTime();
  const liveHolds = liveHoldsOf(state);
  const slot = { start: command.startDate.getTime(), end: command.endDate.getTime() };
  const weeks = command.series ? keptWeeks(slot, command.series) : [slot];
  refuseClashingWeeks(weeks, state, liveHolds, organizerId, now, command.series?.timeZone ?? 'UTC');
  refusePassedDecisionTime(command.draft, new Date(weeks[0]!.start), context.now);
  const holdId = context.newId();
  const subField = ofSubField(command.subField);
  // One live hold per organizer and sub-field: picking another time lets the last one go at once.
  const replaced: AvailabilityEvent[] = [
    ...new Set(
      liveHolds.filter((hold) => hold.organizerId === organizerId && isLive(hold, now)).map((hold) => hold.holdId),
    ),
  ].map((replacedId) => ({ type: 'HoldReleased', data: { ...subField, holdId: replacedId, reason: 'replaced' } }));
  const held: AvailabilityEvent = {
    type: 'SlotHeld',
    data: {
      ...subField,
      holdId,
      organizerId,
      ...windowTimes(weeks[0]!.start, weeks[0]!.end),
      expiresAt: new Date(now + command.holdMinutes * 60_000).toISOString(),
      rentalCents: command.rentalCents * weeks.length,
      draft: command.draft,
      occurrences: weeks.map((week) => ({ ...windowTimes(week.start, week.end), rentalCents: command.rentalCents })),
      series: command.series
        ? { seriesId: context.newId(), regularsWindowHours: command.series.regularsWindowHours }
        : null,
    },
  };
  return [...replaced, held];
};

/** The weeks of a series the captain keeps: every week from the first slot on, less the dropped dates. */
function keptWeeks(first: Span, series: SeriesRequest): Span[] {
  const weeks = weeklySpans(first, series.repeatWeeks, series.timeZone);
  const dates = weeks.map((week) => dateIn(week.start, series.timeZone));
  const notAWeek = series.skipDates.find((date) => !dates.includes(date));
  if (notAWeek !== undefined) throw new DomainError('invalid', 'skip_not_in_series', skipNotInSeries(notAWeek, dates));
  const kept = weeks.filter((_, index) => !series.skipDates.includes(dates[index]!));
  if (kept.length === 0) throw new DomainError('invalid', 'no_weeks_kept', NO_WEEKS_KEPT);
  return kept;
}

/** Why a week cannot be held: taken by a booking or another captain's hold, or outside availability. */
const CLASH_CODES = new Set(['slot_booked', 'slot_held', 'outside_availability']);

/**
 * Every week must be holdable, or none is held. A single slot keeps its own refusals; a series names
 * every week that clashes (their local dates, as `skipDates` takes them back), so the captain can drop
 * them all at once.
 */
function refuseClashingWeeks(
  weeks: Span[],
  state: AvailabilityState,
  liveHolds: KnownHold[],
  organizerId: string,
  now: number,
  timeZone: string,
): void {
  const refuse = (week: Span) => refuseUnbookableSlot(week, state.windows, liveHolds, state.bookings, organizerId, now);
  if (weeks.length === 1) return refuse(weeks[0]!);
  const clashing: Span[] = [];
  for (const week of weeks) {
    try {
      refuse(week);
    } catch (error) {
      if (!(error instanceof DomainError) || !CLASH_CODES.has(error.code)) throw error;
      clashing.push(week);
    }
  }
  if (clashing.length === 0) return;
  const dates = clashing.map((week) => dateIn(week.start, timeZone));
  throw new DomainError(
    'conflict',
    'series_weeks_clash',
    seriesWeeksClash(clashing.map((week) => describeSpan(week, timeZone))),
    { clashingDates: dates.join(',') },
  );
}
