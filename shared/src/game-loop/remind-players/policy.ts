import type { GameEvent } from '../../domain/games/events';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import { delayUntil, type JobPolicy, type PolicyClock } from '../policy';
import type { RemindPlayersJob } from './handler';

/** A game's members hear of it a set time before the start (issue #31); the job finds who they are then. */
export const reminderPolicy = (clock: PolicyClock, reminderHours: number): JobPolicy<RemindPlayersJob> => ({
  handles: ['GameScheduled'] satisfies GameEvent['type'][],
  react(stored) {
    const event = parseEvent(stored);
    if (event.type !== 'GameScheduled') return [];
    const { gameId, startDate } = event.data;
    return [
      {
        jobName: 'remind-players',
        data: { kind: 'remind-players', gameId },
        delayMs: delayUntil(clock, new Date(Date.parse(startDate) - reminderHours * 3_600_000)),
      },
    ];
  },
});
