import { describe, expect, it } from 'vitest';
import { given } from '../../../testing/decider-testing';
import { ofPitchA, testSlotBooked } from '../../../testing/bookings';
import { pitchA } from '../../../testing/availability-windows';
import { added, decide, NY, owner, windowsOf } from '../../../testing/weekly-availability';
import { availabilityDecider } from '../decider';
import type { AvailabilityCommand, WeeklyAvailabilityCommand } from './types';
import type { AvailabilityState } from '../state';
import type { AvailabilityEvent } from '../events';

describe('weekly availability', () => {
  describe('closing the field for a day', () => {
    const closeDay = (date: string): WeeklyAvailabilityCommand => ({
      type: 'CloseDay',
      subField: pitchA,
      date,
      fieldTimeZone: NY,
      actorIsAdmin: false,
      timeZone: NY,
    });

    it('removes the day’s windows, cuts back windows crossing into it, and records the closed day', () => {
      const events = decide(
        [
          added('w1', '2026-12-25T15:00:00.000Z', '2026-12-25T20:00:00.000Z'), // 10:00–15:00 on the day
          added('w2', '2026-12-24T23:00:00.000Z', '2026-12-25T07:00:00.000Z'), // 24 Dec 18:00 to 02:00 on the day
          added('w3', '2026-12-26T02:00:00.000Z', '2026-12-26T07:00:00.000Z'), // 21:00 on the day to 02:00 on 26 Dec
        ],
        closeDay('2026-12-25'),
      );
      expect(events).toEqual([
        { type: 'AvailabilityRemoved', data: { ...ofPitchA, windowId: 'w1', removedBy: 'owner-1' } },
        {
          type: 'AvailabilityChanged',
          data: {
            ...ofPitchA,
            windowId: 'w2',
            startDate: '2026-12-24T23:00:00.000Z',
            endDate: '2026-12-25T05:00:00.000Z',
            changedBy: 'owner-1',
          },
        },
        {
          type: 'AvailabilityChanged',
          data: {
            ...ofPitchA,
            windowId: 'w3',
            startDate: '2026-12-26T05:00:00.000Z',
            endDate: '2026-12-26T07:00:00.000Z',
            changedBy: 'owner-1',
          },
        },
        { type: 'AvailabilityDayClosed', data: { ...ofPitchA, date: '2026-12-25', timeZone: NY, closedBy: 'owner-1' } },
      ]);
    });

    it('splits a window spanning the whole day in two', () => {
      const events = decide(
        [added('w1', '2026-12-24T20:00:00.000Z', '2026-12-26T20:00:00.000Z')],
        closeDay('2026-12-25'),
      );
      expect(windowsOf(events)).toEqual([
        '2026-12-24T20:00:00.000Z–2026-12-25T05:00:00.000Z',
        '2026-12-26T05:00:00.000Z–2026-12-26T20:00:00.000Z',
      ]);
    });

    it('refuses while a game is booked that day, naming it, so its captain cancels it first', () => {
      given<AvailabilityCommand, AvailabilityEvent, AvailabilityState>(availabilityDecider, [
        added('w1', '2026-12-25T15:00:00.000Z', '2026-12-25T20:00:00.000Z'),
        {
          type: 'SlotBooked',
          data: testSlotBooked({ startDate: '2026-12-25T16:00:00.000Z', endDate: '2026-12-25T17:00:00.000Z' }),
        },
      ])
        .when(closeDay('2026-12-25'), owner())
        .thenRefused(
          'booked_on_closed_day',
          "Games are booked on 25 Dec: Cap's Game (Fri 25 Dec, 11:00–12:00). Their captains must cancel them before the field closes that day.",
        );
    });

    it('refuses a day that is over', () => {
      given(availabilityDecider, []).when(closeDay('2026-11-20'), owner()).thenRefused('in_the_past');
    });
  });
});
