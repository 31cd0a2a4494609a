import type { AvailabilityEvent } from '../../domain/availability/events';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import { shownLater, type JobPolicy } from '../policy';
import type { ScheduleGameJob } from './handler';

/** A booking becomes its game: the booking step usually made it already, else a job follows it up. */
export const scheduleGamePolicy: JobPolicy<ScheduleGameJob> = {
  handles: ['SlotBooked'] satisfies AvailabilityEvent['type'][],
  react(stored, following) {
    const event = parseEvent(stored);
    if (event.type !== 'SlotBooked') return [];
    // The booking step made its game right after: when the log already shows it, there is nothing to follow up.
    if (shownLater(following(), ['GameScheduled'], 'gameId', event.data.gameId)) return [];
    return [{ jobName: 'schedule-game', data: { kind: 'schedule-game', booking: event.data } }];
  },
};
