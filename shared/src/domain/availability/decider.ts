import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DomainError, unknownType, type CommandOf, type DecisionContext, type Decider } from '../decider';
import { decisionTimePassed, minimumDecisionAt } from '../games/rules';
import { refuseUnlessOwnerOrAdmin } from './ownership';
import {
  describeSpan,
  isLive,
  refuseStrandingBookings,
  refuseUnbookableSlot,
  type Booking,
  type Hold,
  type Span,
} from './bookings';
import type { AvailabilityEvent, GameDraft, SubFieldClosedReason } from './events';
import { refuseChangedDraft, type DraftAsSent } from './held-draft';
import { NO_WEEKS_KEPT, seriesWeeksClash, skipNotInSeries, weeklySpans } from './series';
import { isOnSlotGrid } from '../slot-grid';
import {
  dateIn,
  expandWeekly,
  onDate,
  REPEAT_MESSAGES,
  repeatProblem,
  wallClock,
  wallClockOf,
  MAX_SKIP_DATES,
  MAX_REPEATED_WINDOW_HOURS,
  type CalendarDate,
  type WeeklyRule,
} from './weekly';
import { formatDollars } from '../money';

dayjs.extend(utc);
dayjs.extend(timezone);

export type { DraftAsSent };

export const MAX_WINDOW_DAYS = 14;
const DAY_MS = 24 * 3_600_000;
const MAX_WINDOW_MS = MAX_WINDOW_DAYS * DAY_MS;

export const NO_SUCH_SUBFIELD = 'There is no sub-field with this id.';
export const NO_SUCH_WINDOW = 'There is no availability with this id.';
export const FIELD_WITHDRAWN = "This field is no longer offered: its owner's account was deleted.";

/**
 * The sub-field a command is about, as the command API found it in the read model. A command appends
 * to the sub-field's stream only, so its field, owner and name come in with the command.
 */
export interface SubFieldRef {
  subFieldId: string;
  fieldId: string;
  ownerId: string;
  name: string;
}

/** The rental payment the command side verified with the processor: succeeded, for this hold. */
export interface VerifiedRentalPayment {
  paymentId: string;
  payerId: string;
  amountCents: number;
  holdId: string;
}

/** What every new or changed window is checked against besides the sub-field's other windows. */
interface WindowRules {
  /** The reader's IANA zone, for the times quoted in refusals. */
  timeZone: string;
  /** A window may start at most this many days from now (AVAILABILITY_MAX_DAYS_AHEAD). */
  maxDaysAhead: number;
}

export type AvailabilityCommand =
  | ({
      type: 'AddAvailability';
      subField: SubFieldRef;
      startDate: Date;
      endDate: Date;
      actorIsAdmin: boolean;
    } & WindowRules)
  | ({
      type: 'ChangeAvailability';
      subField: SubFieldRef;
      windowId: string;
      startDate: Date;
      endDate: Date;
      actorIsAdmin: boolean;
    } & WindowRules)
  | { type: 'RemoveAvailability'; subField: SubFieldRef; windowId: string; actorIsAdmin: boolean; timeZone: string }
  /** The sub-field is being removed, or its field deleted: nothing may be added to it afterwards. */
  | {
      type: 'CloseSubField';
      subField: SubFieldRef;
      actorIsAdmin: boolean;
      reason: SubFieldClosedReason;
      timeZone: string;
    }
  | {
      type: 'HoldSlot';
      subField: SubFieldRef;
      startDate: Date;
      endDate: Date;
      /** The rental of one week (of the slot alone without a series). */
      rentalCents: number;
      holdMinutes: number;
      draft: GameDraft;
      /** 'Repeat weekly' (issue #30): the slot and its next weeks, less the dropped ones, in one hold. */
      series?: SeriesRequest | undefined;
    }
  /** By the organizer (released), or by the hold's expiry job (expired, no actor). */
  | { type: 'ReleaseHold'; subField: SubFieldRef; holdId: string; reason: 'released' | 'expired' }
  | {
      type: 'BookSlot';
      subField: SubFieldRef;
      holdId: string;
      gameId: string;
      payment: VerifiedRentalPayment | null;
      draft?: DraftAsSent;
      /**
       * The games of a series hold's weeks after the first (`gameId` is the first's), in order; the
       * game loop derives them from the hold, so every path that books it books the same games.
       */
      laterWeekGameIds?: string[];
    }
  | { type: 'CancelBooking'; subField: SubFieldRef; gameId: string }
  /** The owner's account was deleted (a job of the account's deletion): nothing more is sold here. */
  | { type: 'WithdrawSubField'; subField: SubFieldRef; reason: 'owner_deleted' }
  | WeeklyAvailabilityCommand;

/** An owner's weekly availability (issue #30); see the section at the end of this file. */
export type WeeklyAvailabilityCommand =
  /** Every window of a weekly rule, in one decision: all of them, or a refusal naming the clashing dates. */
  | ({ type: 'AddWeeklyAvailability'; subField: SubFieldRef; rule: WeeklyRule; actorIsAdmin: boolean } & WindowRules)
  /** A set's window and every later one of its set move to the wall-clock times of `startDate`–`endDate`. */
  | ({
      type: 'ChangeAvailabilitySet';
      subField: SubFieldRef;
      windowId: string;
      startDate: Date;
      endDate: Date;
      fieldTimeZone: string;
      actorIsAdmin: boolean;
    } & WindowRules)
  /** A set's window and every later one of its set are removed. */
  | { type: 'RemoveAvailabilitySet'; subField: SubFieldRef; windowId: string; actorIsAdmin: boolean; timeZone: string }
  /** No availability on a date of the field's zone: refused while a game is booked that day. */
  | {
      type: 'CloseDay';
      subField: SubFieldRef;
      date: CalendarDate;
      fieldTimeZone: string;
      actorIsAdmin: boolean;
      timeZone: string;
    };

/** A weekly series as the captain asked for it: the weeks are computed here, from the first slot. */
export interface SeriesRequest {
  /** How many weeks, the first included (MIN_SERIES_WEEKS–MAX_SERIES_WEEKS, checked by the contract). */
  repeatWeeks: number;
  /** Weeks the captain dropped, as local dates 'YYYY-MM-DD' in `timeZone`; each must be one of the weeks. */
  skipDates: string[];
  /** The field's zone: the weeks keep their time of day in it, and the dates are read in it (issue #41). */
  timeZone: string;
  regularsWindowHours: number;
}

/** A window as epoch milliseconds, end exclusive: a window ending 18:00 and one starting 18:00 do not overlap. */
export interface BookableWindow {
  windowId: string;
  start: number;
  end: number;
}

/** A hold as the stream remembers it: a booked or released hold stays known, so a late payment finds it. */
export interface KnownHold extends Hold {
  status: 'live' | 'released' | 'booked';
  draft: GameDraft;
  /** The first week's game once booked (a series books every week at once). */
  gameId: string | null;
  /** Every week the hold covers, the first being `start`–`end`; one for a hold of one slot. */
  occurrences: (Span & { rentalCents: number })[];
  series: { seriesId: string; regularsWindowHours: number } | null;
}

export interface AvailabilityState {
  windows: BookableWindow[];
  holds: KnownHold[];
  bookings: (Booking & { organizerId: string })[];
  /** Closed by SubFieldClosed: the sub-field was removed or its field deleted, and takes no more commands. */
  closed: boolean;
  /** Withdrawn by SubFieldWithdrawn (its owner's account was deleted): no more holds, bookings or availability. */
  withdrawn: boolean;
  /** The weekly set each window made by a repeat belongs to (AvailabilitySetAdded), by window id. */
  windowSets: Record<string, string>;
}

/** Times in messages are shown in the reader's zone (the X-Time-Zone header), like the screen they look at. */
const clock = (epochMs: number, timeZone: string) => dayjs(epochMs).tz(timeZone).format('HH:mm');

/** The rules every new or changed window meets; `others` are the sub-field's other windows. */
function refuseBadWindow(
  start: number,
  end: number,
  others: BookableWindow[],
  subFieldName: string,
  now: Date,
  rules: WindowRules,
): void {
  if (!(end > start)) throw new DomainError('invalid', 'end_before_start', 'The end must be after the start.');
  // Bookings are made on the slot grid, so availability starts and ends on it too.
  if (!isOnSlotGrid(start, end))
    throw new DomainError('invalid', 'off_grid', 'Start and end must be on the hour or half hour.');
  // A window that has begun but not ended is still useful: the rest of it can be booked.
  if (end <= now.getTime()) throw new DomainError('invalid', 'in_the_past', 'This availability is already over.');
  if (end - start > MAX_WINDOW_MS)
    throw new DomainError('invalid', 'too_long', `An availability window can be at most ${MAX_WINDOW_DAYS} days long.`);
  // A start in the year 9999 is a typo, and nobody can plan games against it.
  if (start - now.getTime() > rules.maxDaysAhead * DAY_MS) {
    throw new DomainError(
      'invalid',
      'too_far_ahead',
      `Availability can start at most ${rules.maxDaysAhead} days from now.`,
    );
  }
  const clash = others.filter((other) => other.start < end && start < other.end).sort((a, b) => a.start - b.start)[0];
  if (clash) {
    throw new DomainError(
      'invalid',
      'overlap',
      `This availability overlaps another window on ${subFieldName} from ${clock(clash.start, rules.timeZone)} to ${clock(clash.end, rules.timeZone)}`,
    );
  }
}

function findWindow(state: AvailabilityState, windowId: string): BookableWindow {
  const window = state.windows.find((candidate) => candidate.windowId === windowId);
  if (!window) throw new DomainError('not_found', 'availability_not_found', NO_SUCH_WINDOW);
  return window;
}

type Command<Type extends AvailabilityCommand['type']> = CommandOf<AvailabilityCommand, Type>;

/**
 * What each command meets on a closed sub-field (removed, or its field deleted): nothing to do
 * (closing twice is what a retried removal does: the removal goes on to its field's stream), or
 * a refusal as if the sub-field, or the window, did not exist.
 */
const WHEN_CLOSED: Record<AvailabilityCommand['type'], 'nothing' | 'no_subfield' | 'no_window'> = {
  CloseSubField: 'nothing',
  ReleaseHold: 'nothing',
  CancelBooking: 'nothing',
  WithdrawSubField: 'nothing',
  AddAvailability: 'no_subfield',
  HoldSlot: 'no_subfield',
  BookSlot: 'no_subfield',
  ChangeAvailability: 'no_window',
  RemoveAvailability: 'no_window',
  AddWeeklyAvailability: 'no_subfield',
  CloseDay: 'no_subfield',
  ChangeAvailabilitySet: 'no_window',
  RemoveAvailabilitySet: 'no_window',
};

/**
 * What each command meets on a withdrawn sub-field (its owner's account was deleted): nothing sold
 * any more; letting holds go, cancelling bookings (the withdrawal's own cancelled games), removing
 * windows and closing go on as before.
 */
const WHEN_WITHDRAWN: Record<AvailabilityCommand['type'], 'nothing' | 'refused' | 'as_before'> = {
  WithdrawSubField: 'nothing',
  AddAvailability: 'refused',
  ChangeAvailability: 'refused',
  HoldSlot: 'refused',
  BookSlot: 'refused',
  RemoveAvailability: 'as_before',
  CloseSubField: 'as_before',
  ReleaseHold: 'as_before',
  CancelBooking: 'as_before',
  AddWeeklyAvailability: 'refused',
  ChangeAvailabilitySet: 'refused',
  RemoveAvailabilitySet: 'as_before',
  CloseDay: 'as_before',
};

/** Whether the sub-field's closing or withdrawal settles the command already (it then changes nothing); refuses what they forbid. */
function settledByClosing(type: AvailabilityCommand['type'], state: AvailabilityState): boolean {
  if (state.closed) {
    const closed = WHEN_CLOSED[type];
    if (closed === 'no_subfield') throw new DomainError('not_found', 'subfield_not_found', NO_SUCH_SUBFIELD);
    if (closed === 'no_window') throw new DomainError('not_found', 'availability_not_found', NO_SUCH_WINDOW);
    return true;
  }
  if (state.withdrawn) {
    const withdrawn = WHEN_WITHDRAWN[type];
    if (withdrawn === 'refused') throw new DomainError('conflict', 'field_withdrawn', FIELD_WITHDRAWN);
    return withdrawn === 'nothing';
  }
  return false;
}

/** What every event of the sub-field names about it. */
const ofSubField = ({ subFieldId, fieldId, ownerId, name }: SubFieldRef) => ({
  subFieldId,
  fieldId,
  ownerId,
  subFieldName: name,
});

/**
 * The live holds, one entry per week held: a series hold keeps every one of its weeks from others and
 * from an owner's change of availability, as a hold of one slot does.
 */
const liveHoldsOf = (state: AvailabilityState): KnownHold[] =>
  state.holds
    .filter((hold) => hold.status === 'live')
    .flatMap((hold) => hold.occurrences.map(({ start, end }) => ({ ...hold, start, end })));

const windowTimes = (start: number, end: number) => ({
  startDate: new Date(start).toISOString(),
  endDate: new Date(end).toISOString(),
});

function addAvailability(
  command: Command<'AddAvailability'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const start = command.startDate.getTime();
  const end = command.endDate.getTime();
  refuseBadWindow(start, end, state.windows, command.subField.name, context.now, command);
  const windowId = context.newId();
  return [
    {
      type: 'AvailabilityAdded',
      data: { ...ofSubField(command.subField), windowId, ...windowTimes(start, end), addedBy: actor },
    },
  ];
}

function changeAvailability(
  command: Command<'ChangeAvailability'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const current = findWindow(state, command.windowId);
  const start = command.startDate.getTime();
  const end = command.endDate.getTime();
  if (start === current.start && end === current.end) return [];
  const others = state.windows.filter((window) => window.windowId !== current.windowId);
  refuseBadWindow(start, end, others, command.subField.name, context.now, command);
  refuseStrandingBookings(
    [...others, { start, end }],
    liveHoldsOf(state),
    state.bookings,
    context.now.getTime(),
    command.timeZone,
  );
  return [
    {
      type: 'AvailabilityChanged',
      data: {
        ...ofSubField(command.subField),
        windowId: current.windowId,
        ...windowTimes(start, end),
        changedBy: actor,
      },
    },
  ];
}

function removeAvailability(
  command: Command<'RemoveAvailability'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const current = findWindow(state, command.windowId);
  const others = state.windows.filter((window) => window.windowId !== current.windowId);
  refuseStrandingBookings(others, liveHoldsOf(state), state.bookings, context.now.getTime(), command.timeZone);
  return [
    {
      type: 'AvailabilityRemoved',
      data: { ...ofSubField(command.subField), windowId: current.windowId, removedBy: actor },
    },
  ];
}

/**
 * A game with a minimum of players whose decision time has passed already would cancel itself the
 * moment it is made (nobody has joined yet), the rental kept when that is inside the field's window.
 */
function refusePassedDecisionTime(draft: GameDraft, startDate: Date, now: Date): void {
  const decisionAt = minimumDecisionAt({ ...draft, startDate: startDate.toISOString() });
  if (decisionAt === null || draft.decisionHours === null || decisionAt.getTime() > now.getTime()) return;
  throw new DomainError('invalid', 'decision_time_passed', decisionTimePassed(draft.decisionHours));
}

function holdSlot(
  command: Command<'HoldSlot'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
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
}

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

function releaseHold(
  command: Command<'ReleaseHold'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  const hold = findHold(state, command.holdId);
  if (command.reason === 'released' && context.actorId !== hold.organizerId) {
    throw new DomainError('forbidden', 'not_your_hold', 'You can only release your own hold.');
  }
  // A hold that was booked or already let go stays as it is: a late expiry job changes nothing.
  if (hold.status !== 'live') return [];
  return [
    { type: 'HoldReleased', data: { ...ofSubField(command.subField), holdId: hold.holdId, reason: command.reason } },
  ];
}

function bookSlot(
  command: Command<'BookSlot'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  const hold = findHold(state, command.holdId);
  if (command.draft) refuseChangedDraft(hold, command.draft);
  if (hold.status === 'booked') {
    // The organizer's page and the payment's webhook may both book: the second changes nothing.
    if (hold.gameId === command.gameId) return [];
    throw new DomainError('conflict', 'hold_used', 'This slot has already been booked for another game.');
  }
  refuseBadRentalPayment(hold, command.payment, context.actorId);
  // An expired or released hold can still be booked while nobody else took its time meanwhile:
  // every week of it, or none.
  const othersLive = liveHoldsOf(state).filter((other) => other.holdId !== hold.holdId);
  for (const week of hold.occurrences)
    refuseUnbookableSlot(week, state.windows, othersLive, state.bookings, hold.organizerId, context.now.getTime());
  const gameIds = [command.gameId, ...(command.laterWeekGameIds ?? [])];
  if (gameIds.length < hold.occurrences.length)
    throw new Error(
      `Hold ${hold.holdId} covers ${hold.occurrences.length} weeks but BookSlot names ${gameIds.length} games`,
    );
  return hold.occurrences.map((week, index) => ({
    type: 'SlotBooked',
    data: {
      ...ofSubField(command.subField),
      holdId: hold.holdId,
      gameId: gameIds[index]!,
      organizerId: hold.organizerId,
      ...windowTimes(week.start, week.end),
      rentalCents: week.rentalCents,
      paymentId: command.payment?.paymentId ?? null,
      draft: hold.draft,
      series: hold.series && {
        ...hold.series,
        week: index + 1,
        weeks: hold.occurrences.length,
        previousEndDate: index === 0 ? null : new Date(hold.occurrences[index - 1]!.end).toISOString(),
      },
    },
  }));
}

function cancelBooking(
  command: Command<'CancelBooking'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  if (!state.bookings.some((booking) => booking.gameId === command.gameId)) return [];
  return [
    {
      type: 'BookingCancelled',
      data: { ...ofSubField(command.subField), gameId: command.gameId, cancelledBy: context.actorId ?? 'system' },
    },
  ];
}

function closeSubField(
  command: Command<'CloseSubField'>,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const now = context.now.getTime();
  const subFieldName = command.subField.name;
  // Bookings live in this stream, so this decision sees every one of them under any concurrency;
  // removing a sub-field and deleting a field both close it first, so both get this refusal.
  const booked = state.bookings.filter((booking) => booking.end > now).sort((a, b) => a.start - b.start)[0];
  if (booked) {
    throw new DomainError(
      'conflict',
      'has_future_bookings',
      `${subFieldName} has a booked game: ${booked.gameName} (${describeSpan(booked, command.timeZone)}). Cancel the game before removing it.`,
    );
  }
  if (liveHoldsOf(state).some((hold) => isLive(hold, now))) {
    throw new DomainError(
      'conflict',
      'held_now',
      `A captain is paying for a slot on ${subFieldName} right now. Try again in a few minutes.`,
    );
  }
  return [
    { type: 'SubFieldClosed', data: { ...ofSubField(command.subField), closedBy: actor, reason: command.reason } },
  ];
}

function withdrawSubField(command: Command<'WithdrawSubField'>, context: DecisionContext): AvailabilityEvent[] {
  return [
    {
      type: 'SubFieldWithdrawn',
      data: { ...ofSubField(command.subField), withdrawnBy: context.actorId ?? 'system', reason: command.reason },
    },
  ];
}

export const availabilityDecider: Decider<AvailabilityCommand, AvailabilityEvent, AvailabilityState> = {
  initialState: () => ({ windows: [], holds: [], bookings: [], closed: false, withdrawn: false, windowSets: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'AvailabilityAdded':
      case 'AvailabilityChanged': {
        const { windowId, startDate, endDate } = event.data;
        const others = state.windows.filter((window) => window.windowId !== windowId);
        return { ...state, windows: [...others, { windowId, start: Date.parse(startDate), end: Date.parse(endDate) }] };
      }
      case 'AvailabilityRemoved':
        return { ...state, windows: state.windows.filter((window) => window.windowId !== event.data.windowId) };
      case 'SlotHeld': {
        const d = event.data;
        const hold: KnownHold = {
          holdId: d.holdId,
          organizerId: d.organizerId,
          start: Date.parse(d.startDate),
          end: Date.parse(d.endDate),
          expiresAt: Date.parse(d.expiresAt),
          rentalCents: d.rentalCents,
          draft: d.draft,
          status: 'live',
          gameId: null,
          occurrences: d.occurrences.map((week) => ({
            start: Date.parse(week.startDate),
            end: Date.parse(week.endDate),
            rentalCents: week.rentalCents,
          })),
          series: d.series,
        };
        return { ...state, holds: [...state.holds, hold] };
      }
      case 'HoldReleased':
        return {
          ...state,
          holds: state.holds.map((hold) =>
            hold.holdId === event.data.holdId ? { ...hold, status: 'released' } : hold,
          ),
        };
      case 'SlotBooked': {
        const d = event.data;
        const booking = {
          gameId: d.gameId,
          holdId: d.holdId,
          gameName: d.draft.name,
          organizerId: d.organizerId,
          start: Date.parse(d.startDate),
          end: Date.parse(d.endDate),
        };
        return {
          ...state,
          holds: state.holds.map((hold) =>
            // A series books each week with its own event: the hold names the first week's game.
            hold.holdId === d.holdId ? { ...hold, status: 'booked', gameId: hold.gameId ?? d.gameId } : hold,
          ),
          bookings: [...state.bookings, booking],
        };
      }
      case 'BookingCancelled':
        return { ...state, bookings: state.bookings.filter((booking) => booking.gameId !== event.data.gameId) };
      case 'SubFieldClosed':
        // Its windows leave with it: read models drop them on this event.
        return { ...state, windows: [], closed: true };
      case 'SubFieldWithdrawn':
        return { ...state, withdrawn: true };
      case 'AvailabilitySetAdded': {
        const { setId, windowIds } = event.data;
        return {
          ...state,
          windowSets: { ...state.windowSets, ...Object.fromEntries(windowIds.map((id) => [id, setId])) },
        };
      }
      case 'AvailabilityDayClosed':
        // Its windows were removed or cut back by the events before it.
        return state;
      default:
        return unknownType(event);
    }
  },

  decide(command, state, context) {
    if (settledByClosing(command.type, state)) return [];
    switch (command.type) {
      case 'AddAvailability':
        return addAvailability(command, state, context);
      case 'ChangeAvailability':
        return changeAvailability(command, state, context);
      case 'RemoveAvailability':
        return removeAvailability(command, state, context);
      case 'HoldSlot':
        return holdSlot(command, state, context);
      case 'ReleaseHold':
        return releaseHold(command, state, context);
      case 'BookSlot':
        return bookSlot(command, state, context);
      case 'CancelBooking':
        return cancelBooking(command, state, context);
      case 'CloseSubField':
        return closeSubField(command, state, context);
      case 'WithdrawSubField':
        return withdrawSubField(command, context);
      case 'AddWeeklyAvailability':
      case 'ChangeAvailabilitySet':
      case 'RemoveAvailabilitySet':
      case 'CloseDay':
        return decideWeekly(command, state, context);
      default:
        return unknownType(command);
    }
  },
};

function findHold(state: AvailabilityState, holdId: string): KnownHold {
  const hold = state.holds.find((candidate) => candidate.holdId === holdId);
  if (!hold)
    throw new DomainError('not_found', 'hold_not_found', 'There is no hold with this id. Pick the slot again.');
  return hold;
}

/**
 * A booking is paid for exactly: a verified payment of the hold's price, by the organizer who held it,
 * for this hold (a rental that costs nothing needs none). The hold is booked once, so the payment is used once.
 */
function refuseBadRentalPayment(hold: KnownHold, payment: VerifiedRentalPayment | null, actorId: string | null): void {
  if (actorId !== null && actorId !== hold.organizerId)
    throw new DomainError('forbidden', 'not_your_hold', 'This slot is held by another captain.');
  if (hold.rentalCents === 0) return;
  if (payment === null)
    throw new DomainError(
      'invalid',
      'payment_required',
      `Pay the rental of ${formatDollars(hold.rentalCents)} to book this slot.`,
    );
  if (payment.holdId !== hold.holdId)
    throw new DomainError('invalid', 'payment_for_another_slot', 'This payment was made for another slot.');
  if (payment.payerId !== hold.organizerId)
    throw new DomainError('forbidden', 'not_your_payment', 'This payment was made by someone else.');
  if (payment.amountCents !== hold.rentalCents) {
    throw new DomainError(
      'invalid',
      'payment_amount',
      `This payment does not match the rental of ${formatDollars(hold.rentalCents)}.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// An owner's weekly availability (issue #30). Each command is worked out once by `weeklyPlan` (what it
// would add, change and remove, what it clashes with, which bookings it would hit); the decision
// refuses what the plan found, and the what-if preview shows the same plan without saving it.

/** What a weekly command would do to the sub-field, and what stands in its way. */
export interface WeeklyPlan {
  added: Span[];
  changed: (Span & { windowId: string })[];
  removed: BookableWindow[];
  /** New or moved windows that overlap a window they do not replace (refused, as a single window is). */
  overlaps: Span[];
  /** New or moved windows that meet another end to end: the timeline shows them as one span. */
  touching: Span[];
  /** Future bookings the change would leave outside availability, or that lie on a day being closed. */
  bookings: Booking[];
}

const overlapping = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const touchingEnds = (a: Span, b: Span) => a.end === b.start || b.end === a.start;
const inside = (inner: Span, outer: Span) => outer.start <= inner.start && inner.end <= outer.end;

/** A set's window and every later window of its set, by start. */
function fromWindowOn(state: AvailabilityState, windowId: string): BookableWindow[] {
  const current = findWindow(state, windowId);
  const setId = state.windowSets[windowId];
  if (setId === undefined) throw new DomainError('invalid', 'not_in_set', REPEAT_MESSAGES.notInSet);
  return state.windows
    .filter((window) => state.windowSets[window.windowId] === setId && window.start >= current.start)
    .sort((a, b) => a.start - b.start);
}

/** New windows against the windows that stay: which overlap one, which touch one. */
function clashes(newWindows: Span[], staying: Span[]): Pick<WeeklyPlan, 'overlaps' | 'touching'> {
  return {
    overlaps: newWindows.filter((window) => staying.some((other) => overlapping(window, other))),
    touching: newWindows.filter(
      (window) =>
        !staying.some((other) => overlapping(window, other)) && staying.some((other) => touchingEnds(window, other)),
    ),
  };
}

/** Future bookings that no window would hold any more. */
const strandedBy = (windowsAfter: Span[], state: AvailabilityState, now: number): Booking[] =>
  state.bookings
    .filter((booking) => booking.end > now && !windowsAfter.some((window) => inside(booking, window)))
    .sort((a, b) => a.start - b.start);

/** The hours of a day in the field's zone (23 or 25 on a daylight-saving change). */
const dayIn = (date: CalendarDate, timeZone: string): Span => ({
  start: wallClock(date, '00:00', timeZone),
  end: dayjs.tz(date, timeZone).add(1, 'day').valueOf(),
});

/** What a weekly command would do; refuses only what leaves nothing to plan (a bad rule, an unknown window). */
export function weeklyPlan(command: WeeklyAvailabilityCommand, state: AvailabilityState, now: Date): WeeklyPlan {
  const none: WeeklyPlan = { added: [], changed: [], removed: [], overlaps: [], touching: [], bookings: [] };
  switch (command.type) {
    case 'AddWeeklyAvailability': {
      const problem = repeatProblem(command.rule);
      if (problem) throw new DomainError('invalid', problem.code, problem.message);
      if (command.rule.skipDates.length > MAX_SKIP_DATES)
        throw new DomainError('invalid', 'too_many_skip_dates', REPEAT_MESSAGES.skipDates);
      const added = expandWeekly(command.rule);
      return { ...none, added, ...clashes(added, state.windows) };
    }
    case 'ChangeAvailabilitySet': {
      const following = fromWindowOn(state, command.windowId);
      const length = command.endDate.getTime() - command.startDate.getTime();
      if (!(length > 0)) throw new DomainError('invalid', 'end_before_start', 'The end must be after the start.');
      // Longer than a day, one date's window would run into the next date's.
      if (length > MAX_REPEATED_WINDOW_HOURS * 3_600_000)
        throw new DomainError('invalid', 'repeated_too_long', REPEAT_MESSAGES.tooLong);
      const zone = command.fieldTimeZone;
      const times = wallClockOf({ start: command.startDate.getTime(), end: command.endDate.getTime() }, zone);
      const changed = following.map((window) => ({
        windowId: window.windowId,
        ...onDate(dateIn(window.start, zone), times, zone),
      }));
      const staying = state.windows.filter((window) => !following.includes(window));
      return {
        ...none,
        changed,
        ...clashes(changed, staying),
        bookings: strandedBy([...staying, ...changed], state, now.getTime()),
      };
    }
    case 'RemoveAvailabilitySet': {
      const removed = fromWindowOn(state, command.windowId);
      const staying = state.windows.filter((window) => !removed.includes(window));
      return { ...none, removed, bookings: strandedBy(staying, state, now.getTime()) };
    }
    case 'CloseDay': {
      const day = dayIn(command.date, command.fieldTimeZone);
      const plan: WeeklyPlan = { ...none };
      for (const window of state.windows.filter((candidate) => overlapping(candidate, day))) {
        // What is left of the window either side of the day: none, one part (changed) or two (changed and added).
        const parts = [
          { start: window.start, end: Math.min(window.end, day.start) },
          { start: Math.max(window.start, day.end), end: window.end },
        ].filter((part) => part.end > part.start);
        if (parts[0] === undefined) plan.removed.push(window);
        else plan.changed.push({ windowId: window.windowId, ...parts[0] });
        if (parts[1] !== undefined) plan.added.push(parts[1]);
      }
      plan.bookings = state.bookings
        .filter((booking) => booking.end > now.getTime() && overlapping(booking, day))
        .sort((a, b) => a.start - b.start);
      return plan;
    }
    default:
      return unknownType(command);
  }
}

function decideWeekly(
  command: WeeklyAvailabilityCommand,
  state: AvailabilityState,
  context: DecisionContext,
): AvailabilityEvent[] {
  const actor = refuseUnlessOwnerOrAdmin(command.subField, context, command.actorIsAdmin);
  const plan = weeklyPlan(command, state, context.now);
  const subField = ofSubField(command.subField);
  const name = command.subField.name;
  const zoneOfDates = command.type === 'RemoveAvailabilitySet' ? command.timeZone : fieldZoneOf(command);
  if (command.type === 'AddWeeklyAvailability' && plan.added.length === 0)
    throw new DomainError('invalid', 'no_windows', REPEAT_MESSAGES.noWindows);
  if (command.type === 'CloseDay') {
    const day = dayIn(command.date, command.fieldTimeZone);
    if (day.end <= context.now.getTime()) throw new DomainError('invalid', 'in_the_past', 'This day is already over.');
    if (plan.bookings.length > 0) {
      throw new DomainError(
        'conflict',
        'booked_on_closed_day',
        REPEAT_MESSAGES.bookedOnClosedDay(command.date, plan.bookings, command.timeZone),
      );
    }
  }
  // Every new or moved window meets the rules of a single one (the grid, the past, how far ahead).
  if (command.type === 'AddWeeklyAvailability' || command.type === 'ChangeAvailabilitySet') {
    for (const window of [...plan.added, ...plan.changed])
      refuseBadWindow(window.start, window.end, [], name, context.now, command);
  }
  if (plan.overlaps.length > 0) {
    const dates = plan.overlaps.map((window) => dateIn(window.start, zoneOfDates));
    throw new DomainError('invalid', 'overlap', REPEAT_MESSAGES.overlaps(name, dates));
  }
  if (plan.bookings.length > 0)
    throw new DomainError('conflict', 'availability_booked', REPEAT_MESSAGES.stranded(plan.bookings, command.timeZone));
  // A captain paying for a slot right now keeps its window until the hold ends, as with one window.
  const changedIds = new Set([...plan.changed, ...plan.removed].map((window) => window.windowId));
  const windowsAfter = [
    ...state.windows.filter((window) => !changedIds.has(window.windowId)),
    ...plan.changed,
    ...plan.added,
  ];
  refuseStrandingBookings(windowsAfter, liveHoldsOf(state), [], context.now.getTime(), command.timeZone);

  const addedIds = plan.added.map(() => context.newId());
  const events: AvailabilityEvent[] = [
    ...plan.removed.map((window): AvailabilityEvent => ({
      type: 'AvailabilityRemoved',
      data: { ...subField, windowId: window.windowId, removedBy: actor },
    })),
    ...plan.changed
      .filter((window) => {
        const before = state.windows.find((candidate) => candidate.windowId === window.windowId);
        return before?.start !== window.start || before.end !== window.end;
      })
      .map((window): AvailabilityEvent => ({
        type: 'AvailabilityChanged',
        data: { ...subField, windowId: window.windowId, ...windowTimes(window.start, window.end), changedBy: actor },
      })),
    ...plan.added.map((window, index): AvailabilityEvent => ({
      type: 'AvailabilityAdded',
      data: { ...subField, windowId: addedIds[index]!, ...windowTimes(window.start, window.end), addedBy: actor },
    })),
  ];
  if (command.type === 'AddWeeklyAvailability') {
    const { weekdays, until, skipDates, fieldTimeZone } = command.rule;
    events.push({
      type: 'AvailabilitySetAdded',
      data: {
        ...subField,
        setId: context.newId(),
        windowIds: addedIds,
        weekdays: [...weekdays].sort(),
        until,
        skipDates: [...skipDates].sort(),
        timeZone: fieldTimeZone,
        addedBy: actor,
      },
    });
  }
  if (command.type === 'CloseDay') {
    events.push({
      type: 'AvailabilityDayClosed',
      data: { ...subField, date: command.date, timeZone: command.fieldTimeZone, closedBy: actor },
    });
  }
  return events;
}

function fieldZoneOf(command: Exclude<WeeklyAvailabilityCommand, { type: 'RemoveAvailabilitySet' }>): string {
  return command.type === 'AddWeeklyAvailability' ? command.rule.fieldTimeZone : command.fieldTimeZone;
}

/** The what-if answer of a weekly command: its plan and the refusal the decision would give, saving nothing. */
export function previewWeekly(
  command: WeeklyAvailabilityCommand,
  state: AvailabilityState,
  context: DecisionContext,
): WeeklyPlan & { refusal: { code: string; message: string } | null } {
  let plan: WeeklyPlan;
  try {
    plan = weeklyPlan(command, state, context.now);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      added: [],
      changed: [],
      removed: [],
      overlaps: [],
      touching: [],
      bookings: [],
      refusal: { code: error.code, message: error.message },
    };
  }
  try {
    availabilityDecider.decide(command, state, context);
    return { ...plan, refusal: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { ...plan, refusal: { code: error.code, message: error.message } };
  }
}
