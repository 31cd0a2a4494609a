import { describe, expect, it } from 'vitest';
import { fold } from '../../decider';
import { given, testContext } from '../../../testing/decider-testing';
import { ofPitchA, testSlotBooked, testSlotHeld } from '../../../testing/bookings';
import { pitchA } from '../../../testing/availability-windows';
import { added, decide, NY, owner, twoWeeksOfEvenings, weekly, windowsOf } from '../../../testing/weekly-availability';
import { availabilityDecider } from '../decider';
import type { AvailabilityCommand, WeeklyAvailabilityCommand } from './types';
import { previewWeekly } from '../preview-weekly';
import type { AvailabilityState } from '../state';
import type { AvailabilityEvent } from '../events';
import { expandWeekly, type WeeklyRepeat } from '../weekly';

describe('weekly availability', () => {
  describe('adding a weekly set', () => {
    it('makes a window on each chosen weekday, skipping the dates to skip, then records the set', () => {
      const events = decide([], twoWeeksOfEvenings);
      // Thanksgiving (26 Nov) is skipped: 10 weekdays less one.
      expect(events.filter((event) => event.type === 'AvailabilityAdded')).toHaveLength(9);
      expect(windowsOf(events)[0]).toBe('2026-11-23T23:00:00.000Z–2026-11-24T03:00:00.000Z');
      expect(windowsOf(events)).not.toContain('2026-11-26T23:00:00.000Z–2026-11-27T03:00:00.000Z');
      expect(events.at(-1)).toEqual({
        type: 'AvailabilitySetAdded',
        data: {
          ...ofPitchA,
          setId: 'id-10',
          windowIds: ['id-1', 'id-2', 'id-3', 'id-4', 'id-5', 'id-6', 'id-7', 'id-8', 'id-9'],
          weekdays: [1, 2, 3, 4, 5],
          until: '2026-12-04',
          skipDates: ['2026-11-26'],
          timeZone: NY,
          addedBy: 'owner-1',
        },
      });
    });

    it('keeps 18:00–22:00 New York across the spring change (14 Mar 2027)', () => {
      const events = decide(
        [],
        weekly('2027-03-12T23:00:00.000Z', '2027-03-13T03:00:00.000Z', {
          weekdays: [5, 6, 7, 1],
          until: '2027-03-15',
          skipDates: [],
        }),
      );
      expect(windowsOf(events)).toEqual([
        '2027-03-12T23:00:00.000Z–2027-03-13T03:00:00.000Z', // Fri, EST (UTC−5)
        '2027-03-13T23:00:00.000Z–2027-03-14T03:00:00.000Z', // Sat, EST
        '2027-03-14T22:00:00.000Z–2027-03-15T02:00:00.000Z', // Sun, EDT (UTC−4)
        '2027-03-15T22:00:00.000Z–2027-03-16T02:00:00.000Z', // Mon, EDT
      ]);
    });

    it('keeps 18:00–22:00 New York across the autumn change (7 Nov 2027)', () => {
      const spans = expandWeekly({
        startDate: new Date('2027-11-06T22:00:00.000Z'),
        endDate: new Date('2027-11-07T02:00:00.000Z'),
        fieldTimeZone: NY,
        weekdays: [6, 7],
        until: '2027-11-07',
        skipDates: [],
      });
      expect(spans.map((span) => new Date(span.start).toISOString())).toEqual([
        '2027-11-06T22:00:00.000Z', // Sat, EDT
        '2027-11-07T23:00:00.000Z', // Sun, EST
      ]);
      expect(spans.every((span) => span.end - span.start === 4 * 3_600_000)).toBe(true);
    });

    it('refuses the whole set, naming every clashing date, when some windows overlap existing ones', () => {
      given(availabilityDecider, [
        added('w1', '2026-11-24T22:00:00.000Z', '2026-11-25T00:00:00.000Z'),
        added('w2', '2026-12-02T23:30:00.000Z', '2026-12-03T00:30:00.000Z'),
      ])
        .when(twoWeeksOfEvenings, owner())
        .thenRefused(
          'overlap',
          'This availability overlaps other windows on Pitch A on Tue 24 Nov, Wed 2 Dec. Skip those dates or change the times.',
        );
    });

    it('refuses no weekdays, an end date before the start, more than a year, and dates with none of the days', () => {
      const base = twoWeeksOfEvenings.type === 'AddWeeklyAvailability' ? twoWeeksOfEvenings.rule : undefined;
      const withRepeat = (repeat: Partial<WeeklyRepeat>): WeeklyAvailabilityCommand =>
        ({
          ...twoWeeksOfEvenings,
          rule: { ...base!, ...repeat },
        }) as WeeklyAvailabilityCommand;
      given(availabilityDecider, [])
        .when(withRepeat({ weekdays: [] }), owner())
        .thenRefused('no_weekdays');
      given(availabilityDecider, [])
        .when(withRepeat({ weekdays: [8] }), owner())
        .thenRefused('no_weekdays');
      given(availabilityDecider, [])
        .when(withRepeat({ until: '2026-11-20' }), owner())
        .thenRefused('until_before_start');
      given(availabilityDecider, [])
        .when(withRepeat({ until: '2027-11-30' }), owner())
        .thenRefused('repeat_too_long');
      given(availabilityDecider, [])
        .when(withRepeat({ weekdays: [6], until: '2026-11-27' }), owner())
        .thenRefused('no_windows', 'These dates include none of the chosen days. Pick other days or a later end date.');
    });

    it('refuses windows longer than a day, off the half-hour grid, or starting more than the limit ahead', () => {
      given(availabilityDecider, [])
        .when(
          weekly('2026-11-23T23:00:00.000Z', '2026-11-25T03:00:00.000Z', {
            weekdays: [1],
            until: '2026-12-01',
            skipDates: [],
          }),
          owner(),
        )
        .thenRefused('repeated_too_long');
      given(availabilityDecider, [])
        .when(
          weekly('2026-11-23T23:10:00.000Z', '2026-11-24T03:00:00.000Z', {
            weekdays: [1],
            until: '2026-12-01',
            skipDates: [],
          }),
          owner(),
        )
        .thenRefused('off_grid');
      given(availabilityDecider, [])
        .when(
          weekly('2027-10-25T22:00:00.000Z', '2027-10-26T02:00:00.000Z', {
            weekdays: [1],
            until: '2027-11-29',
            skipDates: [],
          }),
          owner(),
        )
        .thenRefused('too_far_ahead');
    });

    it('refuses another owner, and a withdrawn sub-field', () => {
      given(availabilityDecider, [])
        .when(twoWeeksOfEvenings, testContext({ actorId: 'someone-else' }))
        .thenRefused('not_your_field');
      given(availabilityDecider, [
        { type: 'SubFieldWithdrawn', data: { ...ofPitchA, withdrawnBy: 'system', reason: 'owner_deleted' } },
      ])
        .when(twoWeeksOfEvenings, owner())
        .thenRefused('field_withdrawn');
    });
  });

  describe('a set from a date on', () => {
    const history = [...decide([], twoWeeksOfEvenings)];
    const state: AvailabilityState = fold(availabilityDecider, history);
    // id-6 is Tue 1 Dec (the 6th window: 23, 24, 25, 27 Nov, 30 Nov, 1 Dec).
    const tuesday = 'id-6';
    const booking: AvailabilityEvent = {
      type: 'SlotBooked',
      data: testSlotBooked({
        gameId: 'game-1',
        startDate: '2026-12-03T23:00:00.000Z',
        endDate: '2026-12-04T00:00:00.000Z',
      }),
    };

    it('moves the window and every later one of its set to the new wall-clock times, leaving earlier ones', () => {
      const events = decide(history, {
        type: 'ChangeAvailabilitySet',
        subField: pitchA,
        windowId: tuesday,
        startDate: new Date('2026-12-01T22:00:00.000Z'),
        endDate: new Date('2026-12-02T02:00:00.000Z'),
        fieldTimeZone: NY,
        actorIsAdmin: false,
        timeZone: NY,
        maxDaysAhead: 365,
      });
      expect(events.map((event) => event.type)).toEqual(Array(4).fill('AvailabilityChanged'));
      expect(windowsOf(events)).toEqual([
        '2026-12-01T22:00:00.000Z–2026-12-02T02:00:00.000Z',
        '2026-12-02T22:00:00.000Z–2026-12-03T02:00:00.000Z',
        '2026-12-03T22:00:00.000Z–2026-12-04T02:00:00.000Z',
        '2026-12-04T22:00:00.000Z–2026-12-05T02:00:00.000Z',
      ]);
      expect(state.windows).toHaveLength(9);
    });

    it('deletes the window and every later one of its set', () => {
      const events = decide(history, {
        type: 'RemoveAvailabilitySet',
        subField: pitchA,
        windowId: tuesday,
        actorIsAdmin: false,
        timeZone: NY,
      });
      expect(events).toEqual(
        ['id-6', 'id-7', 'id-8', 'id-9'].map((windowId) => ({
          type: 'AvailabilityRemoved',
          data: { ...ofPitchA, windowId, removedBy: 'owner-1' },
        })),
      );
    });

    it('refuses a change or delete that would strand a booking, naming the game and its time', () => {
      const message =
        "These games are booked in this availability: Cap's Game (Thu 3 Dec, 18:00–19:00). Cancel the games first, or keep their times available.";
      given<WeeklyAvailabilityCommand | AvailabilityCommand, AvailabilityEvent, AvailabilityState>(
        availabilityDecider,
        [
          ...history,
          {
            type: 'SlotHeld',
            data: testSlotHeld({ startDate: '2026-12-03T23:00:00.000Z', endDate: '2026-12-04T00:00:00.000Z' }),
          },
          booking,
        ],
      )
        .when(
          { type: 'RemoveAvailabilitySet', subField: pitchA, windowId: tuesday, actorIsAdmin: false, timeZone: NY },
          owner(),
        )
        .thenRefused('availability_booked', message);
      given(availabilityDecider, [...history, booking])
        .when(
          {
            type: 'ChangeAvailabilitySet',
            subField: pitchA,
            windowId: tuesday,
            startDate: new Date('2026-12-01T20:00:00.000Z'),
            endDate: new Date('2026-12-01T22:00:00.000Z'),
            fieldTimeZone: NY,
            actorIsAdmin: false,
            timeZone: NY,
            maxDaysAhead: 365,
          },
          owner(),
        )
        .thenRefused('availability_booked', message);
    });

    it('previews which bookings a delete would hit, saving nothing', () => {
      const preview = previewWeekly(
        { type: 'RemoveAvailabilitySet', subField: pitchA, windowId: tuesday, actorIsAdmin: false, timeZone: NY },
        fold(availabilityDecider, [...history, booking]),
        owner(),
      );
      expect(preview.removed).toHaveLength(4);
      expect(preview.bookings.map((b) => b.gameName)).toEqual(["Cap's Game"]);
      expect(preview.refusal?.code).toBe('availability_booked');
    });

    it('previews the windows an add would create and which overlap or touch existing ones', () => {
      const preview = previewWeekly(
        twoWeeksOfEvenings,
        fold(availabilityDecider, [
          added('w1', '2026-11-24T22:00:00.000Z', '2026-11-25T00:00:00.000Z'),
          added('w2', '2026-11-25T21:00:00.000Z', '2026-11-25T23:00:00.000Z'),
        ]),
        owner(),
      );
      expect(preview.added).toHaveLength(9);
      expect(preview.overlaps.map((span) => new Date(span.start).toISOString())).toEqual(['2026-11-24T23:00:00.000Z']);
      expect(preview.touching.map((span) => new Date(span.start).toISOString())).toEqual(['2026-11-25T23:00:00.000Z']);
      expect(preview.refusal?.code).toBe('overlap');
    });

    it('refuses moving a set to windows longer than a day, which would run into each other', () => {
      given(availabilityDecider, history)
        .when(
          {
            type: 'ChangeAvailabilitySet',
            subField: pitchA,
            windowId: tuesday,
            startDate: new Date('2026-12-01T22:00:00.000Z'),
            endDate: new Date('2026-12-03T02:00:00.000Z'),
            fieldTimeZone: NY,
            actorIsAdmin: false,
            timeZone: NY,
            maxDaysAhead: 365,
          },
          owner(),
        )
        .thenRefused('repeated_too_long', 'A repeated window lasts at most 24 hours.');
    });

    it('refuses a set edit of a window made on its own', () => {
      given(availabilityDecider, [added('w1', '2026-11-24T22:00:00.000Z', '2026-11-25T00:00:00.000Z')])
        .when(
          { type: 'RemoveAvailabilitySet', subField: pitchA, windowId: 'w1', actorIsAdmin: false, timeZone: NY },
          owner(),
        )
        .thenRefused('not_in_set', 'This window is not part of a repeating set. Edit or delete it on its own.');
    });
  });
});
