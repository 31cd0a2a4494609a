import { availabilityDecider } from '../domain/availability/decider';
import type { WeeklyAvailabilityCommand } from '../domain/availability/commands/types';
import type { AvailabilityEvent } from '../domain/availability/events';
import type { WeeklyRepeat } from '../domain/availability/weekly';
import { fold } from '../domain/decider';
import { pitchA } from './availability-windows';
import { ofPitchA } from './bookings';
import { testContext } from './decider-testing';

/** An owner's weekly availability on Pitch A, for its tests; testContext's clock reads 2026-11-21T12:00Z (a Saturday). */
export const owner = () => testContext({ actorId: 'owner-1' });
export const NY = 'America/New_York';

export const weekly = (startDate: string, endDate: string, repeat: WeeklyRepeat): WeeklyAvailabilityCommand => ({
  type: 'AddWeeklyAvailability',
  subField: pitchA,
  rule: { startDate: new Date(startDate), endDate: new Date(endDate), fieldTimeZone: NY, ...repeat },
  actorIsAdmin: false,
  timeZone: NY,
  maxDaysAhead: 365,
});

/** Weekday evenings 18:00–22:00 New York from Mon 23 Nov 2026 to Fri 4 Dec 2026. */
export const twoWeeksOfEvenings = weekly('2026-11-23T23:00:00.000Z', '2026-11-24T03:00:00.000Z', {
  weekdays: [1, 2, 3, 4, 5],
  until: '2026-12-04',
  skipDates: ['2026-11-26'],
});

export const decide = (history: AvailabilityEvent[], command: WeeklyAvailabilityCommand) =>
  availabilityDecider.decide(command, fold(availabilityDecider, history), owner());

export const windowsOf = (events: AvailabilityEvent[]) =>
  events.flatMap((event) =>
    event.type === 'AvailabilityAdded' || event.type === 'AvailabilityChanged'
      ? [`${event.data.startDate}–${event.data.endDate}`]
      : [],
  );

export const added = (windowId: string, startDate: string, endDate: string): AvailabilityEvent => ({
  type: 'AvailabilityAdded',
  data: { ...ofPitchA, windowId, startDate, endDate, addedBy: 'owner-1' },
});
