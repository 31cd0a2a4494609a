import { eventTypes } from '../decider';
/**
 * A sub-field's availability: the windows in which captains may book it. Stream: `subfield-{subFieldId}`.
 * Bookings will join this stream (games issue), so one decider sees windows and bookings together and can
 * refuse a booking outside availability, or removing a window a booking needs, under any concurrency.
 *
 * Every event names the sub-field's field and owner (they never change) so read models and realtime
 * rooms need nothing else, and the sub-field's name, which refusal messages quote.
 */
interface SubFieldOfWindow {
  subFieldId: string;
  fieldId: string;
  ownerId: string;
  subFieldName: string;
  fieldScheduleId: string;
}

export type AvailabilityEvent =
  | { type: 'AvailabilityAdded'; data: SubFieldOfWindow & { startDate: string; endDate: string; addedBy: string } }
  | { type: 'AvailabilityChanged'; data: SubFieldOfWindow & { startDate: string; endDate: string; changedBy: string } }
  | { type: 'AvailabilityRemoved'; data: SubFieldOfWindow & { removedBy: string } };

export const subFieldStream = (subFieldId: string) => `subfield-${subFieldId}`;

export const AVAILABILITY_EVENT_TYPES = eventTypes<AvailabilityEvent>()('AvailabilityAdded', 'AvailabilityChanged', 'AvailabilityRemoved');
