import { describe, expect, it } from 'vitest';
import { DomainError, fold } from '../decider';
import { given, testContext } from '../../testing/decider-testing';
import { availabilityDecider } from './decider';
import type { AvailabilityCommand, SeriesRequest, SubFieldRef } from './commands/types';
import { ofPitchA, testDraft, testSlotBooked } from '../../testing/bookings';
import type { AvailabilityEvent } from './events';
import { weeklySpans } from './series';
import { dateIn } from './weekly';

// testContext's clock reads 2026-11-21T12:00Z; the series runs on Sundays from 22 November, 18:00–19:30 UTC.
const pitchA: SubFieldRef = { subFieldId: 'sf-a', fieldId: 'f1', ownerId: 'owner-1', name: 'Pitch A' };
const WEEK_MS = 7 * 24 * 3_600_000;
const FIRST = Date.parse('2026-11-22T18:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const weekStart = (week: number) => FIRST + (week - 1) * WEEK_MS;

const rival = testContext({ actorId: 'cap-2', newId: () => 'hold-rival' });
/** A fresh context each time, so the hold is id-1 and its series id-2 in every test. */
const captainContext = () => testContext({ actorId: 'cap-1' });

/** Sunday evening availability, 17:00–21:00 UTC, for `weeks` weeks (windows are at most 14 days long). */
const sundayEvenings = (weeks: number, except: number[] = []): AvailabilityEvent[] =>
  Array.from({ length: weeks }, (_, index) => index + 1)
    .filter((week) => !except.includes(week))
    .map((week) => ({
      type: 'AvailabilityAdded',
      data: {
        ...ofPitchA,
        windowId: `w${week}`,
        startDate: iso(weekStart(week) - 3_600_000),
        endDate: iso(weekStart(week) + 3 * 3_600_000),
        addedBy: 'owner-1',
      },
    }));

const series = (overrides: Partial<SeriesRequest> = {}): SeriesRequest => ({
  repeatWeeks: 8,
  skipDates: [],
  timeZone: 'UTC',
  regularsWindowHours: 24,
  ...overrides,
});

const holdSeries = (overrides: Partial<SeriesRequest> = {}, first = FIRST): AvailabilityCommand => ({
  type: 'HoldSlot',
  subField: pitchA,
  startDate: new Date(first),
  endDate: new Date(first + 90 * 60_000),
  rentalCents: 6000,
  holdMinutes: 10,
  draft: testDraft,
  series: series(overrides),
});

const heldSeries = (weeks: number[]): AvailabilityEvent => ({
  type: 'SlotHeld',
  data: {
    ...ofPitchA,
    holdId: 'id-1',
    organizerId: 'cap-1',
    startDate: iso(weekStart(weeks[0]!)),
    endDate: iso(weekStart(weeks[0]!) + 90 * 60_000),
    expiresAt: '2026-11-21T12:10:00.000Z',
    rentalCents: 6000 * weeks.length,
    draft: testDraft,
    occurrences: weeks.map((week) => ({
      startDate: iso(weekStart(week)),
      endDate: iso(weekStart(week) + 90 * 60_000),
      rentalCents: 6000,
    })),
    series: { seriesId: 'id-2', regularsWindowHours: 24 },
  },
});

/** Another captain's game booked on a week's time. */
const bookedWeek = (week: number): AvailabilityEvent => ({
  type: 'SlotBooked',
  data: testSlotBooked({
    holdId: `other-${week}`,
    gameId: `other-game-${week}`,
    organizerId: 'cap-3',
    startDate: iso(weekStart(week)),
    endDate: iso(weekStart(week) + 60 * 60_000),
  }),
});

const single = (week: number): AvailabilityCommand => ({
  type: 'HoldSlot',
  subField: pitchA,
  startDate: new Date(weekStart(week)),
  endDate: new Date(weekStart(week) + 60 * 60_000),
  rentalCents: 4000,
  holdMinutes: 10,
  draft: testDraft,
});

const refusal = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('a weekly series on the sub-field stream (issue #30)', () => {
  it('holds every week in one hold: each week its time and rental, the sum to pay, and the series', () => {
    given(availabilityDecider, sundayEvenings(8))
      .when(holdSeries(), captainContext())
      .then([heldSeries([1, 2, 3, 4, 5, 6, 7, 8])]);
  });

  it('refuses the whole series when weeks clash, naming every clashing date, and holds nothing', () => {
    const history = [
      ...sundayEvenings(12, [9]),
      bookedWeek(3),
      {
        ...heldSeries([5]),
        data: {
          ...heldSeries([5]).data,
          holdId: 'h-r',
          organizerId: 'cap-2',
          occurrences: [{ startDate: iso(weekStart(5)), endDate: iso(weekStart(5) + 90 * 60_000), rentalCents: 6000 }],
          series: null,
        },
      } as AvailabilityEvent,
    ];
    const error = refusal(() =>
      availabilityDecider.decide(holdSeries({ repeatWeeks: 12 }), fold(availabilityDecider, history), captainContext()),
    );
    expect(error.code).toBe('series_weeks_clash');
    expect(error.kind).toBe('conflict');
    expect(error.fields).toEqual({ clashingDates: '2026-12-06,2026-12-20,2027-01-17' });
    expect(error.message).toBe(
      'These weeks are not free: Sun 6 Dec, 18:00–19:30; Sun 20 Dec, 18:00–19:30; Sun 17 Jan, 18:00–19:30. Drop them or pick another time.',
    );
  });

  it('holds the kept weeks once the clashing ones are dropped, numbering what is left', () => {
    const history = [...sundayEvenings(12, [9]), bookedWeek(3)];
    const [held] = availabilityDecider.decide(
      holdSeries({ repeatWeeks: 12, skipDates: ['2026-12-06', '2027-01-17'] }),
      fold(availabilityDecider, history),
      captainContext(),
    );
    expect(held?.type).toBe('SlotHeld');
    if (held?.type !== 'SlotHeld') return;
    expect(held.data.occurrences.map((week) => dateIn(Date.parse(week.startDate), 'UTC'))).toEqual([
      '2026-11-22',
      '2026-11-29',
      '2026-12-13',
      '2026-12-20',
      '2026-12-27',
      '2027-01-03',
      '2027-01-10',
      '2027-01-24',
      '2027-01-31',
      '2027-02-07',
    ]);
    expect(held.data.rentalCents).toBe(60_000);
  });

  it('may drop the first week: the hold starts at the first kept one', () => {
    const history = [...sundayEvenings(3), bookedWeek(1)];
    given(availabilityDecider, history)
      .when(holdSeries({ repeatWeeks: 3, skipDates: ['2026-11-22'] }), captainContext())
      .then([heldSeries([2, 3])]);
  });

  it('refuses a date to skip that is no week of the series, and a series with every week dropped', () => {
    given(availabilityDecider, sundayEvenings(2))
      .when(holdSeries({ repeatWeeks: 2, skipDates: ['2026-11-23'] }), captainContext())
      .thenRefused('skip_not_in_series', "2026-11-23 is not one of the series' weeks (2026-11-22, 2026-11-29).");
    given(availabilityDecider, sundayEvenings(2))
      .when(holdSeries({ repeatWeeks: 2, skipDates: ['2026-11-22', '2026-11-29'] }), captainContext())
      .thenRefused('no_weeks_kept', 'Keep at least one week of the series.');
  });

  it("keeps every held week from another captain, and the owner's availability under them, while the hold lives", () => {
    const history = [...sundayEvenings(8), heldSeries([1, 2, 3, 4, 5, 6, 7, 8])];
    given(availabilityDecider, history).when(single(6), rival).thenRefused('slot_held');
    given(availabilityDecider, history)
      .when(
        { type: 'RemoveAvailability', subField: pitchA, windowId: 'w7', actorIsAdmin: false, timeZone: 'UTC' },
        testContext({ actorId: 'owner-1' }),
      )
      .thenRefused('availability_held', /Sun 3 Jan, 18:00–19:30/);
  });

  it('lets every week go when the hold is released or expires', () => {
    const history = [
      ...sundayEvenings(8),
      heldSeries([1, 2, 3, 4, 5, 6, 7, 8]),
      { type: 'HoldReleased', data: { ...ofPitchA, holdId: 'id-1', reason: 'expired' } } as AvailabilityEvent,
    ];
    for (const week of [1, 4, 8]) {
      const [held] = availabilityDecider.decide(single(week), fold(availabilityDecider, history), rival);
      expect(held).toMatchObject({ type: 'SlotHeld', data: { organizerId: 'cap-2' } });
    }
  });

  it("replaces a captain's last series hold with one release, not one per week", () => {
    const events = availabilityDecider.decide(
      single(1),
      fold(availabilityDecider, [...sundayEvenings(8), heldSeries([1, 2, 3])]),
      testContext({ actorId: 'cap-1', newId: () => 'hold-9' }),
    );
    expect(events.filter((event) => event.type === 'HoldReleased')).toHaveLength(1);
  });

  const payment = { paymentId: 'pay-s', payerId: 'cap-1', amountCents: 18_000, holdId: 'id-1' };
  const book = (overrides: Partial<Extract<AvailabilityCommand, { type: 'BookSlot' }>> = {}): AvailabilityCommand => ({
    type: 'BookSlot',
    subField: pitchA,
    holdId: 'id-1',
    gameId: 'g-1',
    payment,
    laterWeekGameIds: ['g-2', 'g-3', 'g-4'],
    ...overrides,
  });

  it('books every week with one payment of the sum, in one decision: one game per week, linked as a series', () => {
    const history = [...sundayEvenings(3), heldSeries([1, 2, 3])];
    const events = availabilityDecider.decide(book(), fold(availabilityDecider, history), captainContext());
    expect(events).toHaveLength(3);
    expect(events).toEqual(
      [1, 2, 3].map((week) => ({
        type: 'SlotBooked',
        data: {
          ...ofPitchA,
          holdId: 'id-1',
          gameId: `g-${week}`,
          organizerId: 'cap-1',
          startDate: iso(weekStart(week)),
          endDate: iso(weekStart(week) + 90 * 60_000),
          rentalCents: 6000,
          paymentId: 'pay-s',
          draft: testDraft,
          series: {
            seriesId: 'id-2',
            regularsWindowHours: 24,
            week,
            weeks: 3,
            previousEndDate: week === 1 ? null : iso(weekStart(week - 1) + 90 * 60_000),
          },
        },
      })),
    );
    // The page and the webhook both book: the second changes nothing.
    given(availabilityDecider, [...history, ...events])
      .when(book(), captainContext())
      .then([]);
    // One week's rental does not pay for the series.
    given(availabilityDecider, history)
      .when(book({ payment: { ...payment, amountCents: 6000 } }), captainContext())
      .thenRefused('payment_amount', 'This payment does not match the rental of $180.00.');
  });

  it('books none of the weeks when one was taken after the hold expired', () => {
    const expired: AvailabilityEvent = {
      type: 'HoldReleased',
      data: { ...ofPitchA, holdId: 'id-1', reason: 'expired' },
    };
    given(availabilityDecider, [...sundayEvenings(3), heldSeries([1, 2, 3]), expired, bookedWeek(2)])
      .when(book(), captainContext())
      .thenRefused('slot_booked');
  });

  it('keeps the time of day across a daylight-saving change in the zone the weeks are read in', () => {
    // New York leaves winter time on 14 March 2027: 18:00 is 23:00 UTC before and 22:00 UTC after.
    const weeks = weeklySpans(
      { start: Date.parse('2027-03-07T23:00:00Z'), end: Date.parse('2027-03-08T00:30:00Z') },
      3,
      'America/New_York',
    );
    expect(weeks.map((week) => iso(week.start))).toEqual([
      '2027-03-07T23:00:00.000Z',
      '2027-03-14T22:00:00.000Z',
      '2027-03-21T22:00:00.000Z',
    ]);
    expect(weeks.every((week) => week.end - week.start === 90 * 60_000)).toBe(true);
  });
});
