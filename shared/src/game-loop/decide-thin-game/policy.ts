import type { GameEvent } from '../../domain/games/events';
import { minimumDecisionAt } from '../../domain/games/rules';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import { delayUntil, type JobPolicy, type PolicyClock } from '../policy';
import type { CheckMinimumPlayersJob } from './handler';

/** A game with a minimum of players checks it at its decision time (issue #29); one without asks nothing. */
export const minimumPlayersPolicy = (clock: PolicyClock): JobPolicy<CheckMinimumPlayersJob> => ({
  handles: ['GameScheduled'] satisfies GameEvent['type'][],
  react(stored) {
    const event = parseEvent(stored);
    if (event.type !== 'GameScheduled') return [];
    const decisionAt = minimumDecisionAt(event.data);
    if (!decisionAt) return [];
    return [
      {
        jobName: 'check-minimum-players',
        data: { kind: 'check-minimum-players', gameId: event.data.gameId },
        delayMs: delayUntil(clock, decisionAt),
      },
    ];
  },
});
