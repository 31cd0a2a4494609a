import type { GameEvent } from '../../domain/games/events';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import { delayUntil, type JobPolicy, type PolicyClock } from '../policy';

/** Issue #30: at the end of a series week, its team players become next week's regulars. */
export type NameRegularsJob = { kind: 'name-regulars'; gameId: string };

/** A series week's end names its team players next week's regulars; the last week names nobody. */
export const regularsPolicy = (clock: PolicyClock): JobPolicy<NameRegularsJob> => ({
  handles: ['GameScheduled'] satisfies GameEvent['type'][],
  react(stored) {
    const event = parseEvent(stored);
    if (event.type !== 'GameScheduled') return [];
    const { series, gameId, endDate } = event.data;
    if (!series || series.week >= series.weeks) return [];
    return [{ jobName: 'name-regulars', data: { kind: 'name-regulars', gameId }, delayMs: delayUntil(clock, endDate) }];
  },
});
