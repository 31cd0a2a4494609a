import type { GameEvent } from '../../domain/games/events';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import type { JobPolicy } from '../policy';
import type { RecordAttendanceJob } from './handler';

/**
 * Issue #44: whatever changes how a player's attendance at a game counts (a check-in, a mark, a mark
 * cleared, a leave) has the player's own stream record it, so that joining reads their reliability from
 * their stream. The job reads the game as it stands, so jobs run out of order still record the last word.
 */
export const recordAttendancePolicy: JobPolicy<RecordAttendanceJob> = {
  handles: ['PlayerCheckedIn', 'AttendanceMarked', 'AttendanceMarkCleared', 'PlayerLeft'] satisfies GameEvent['type'][],
  react(stored) {
    const event = parseEvent(stored);
    if (
      event.type !== 'PlayerCheckedIn' &&
      event.type !== 'AttendanceMarked' &&
      event.type !== 'AttendanceMarkCleared' &&
      event.type !== 'PlayerLeft'
    )
      return [];
    const { gameId, playerId } = event.data;
    const leftAt = event.type === 'PlayerLeft' ? event.data.at : null;
    return [{ jobName: 'record-attendance', data: { kind: 'record-attendance', gameId, playerId, leftAt } }];
  },
};
