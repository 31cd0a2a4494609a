import { userDecider } from '../../domain/users/decider';
import { userStream } from '../../domain/users/events';
import type { AttendanceRecord } from '../../domain/users/reliability';
import { currentState } from '../../infra/commands/current-state';
import type { EventStore } from '../../infra/eventstore/port';
import type { StreamStateCache } from '../../infra/commands/stream-state-cache';

/**
 * Issue #44: a player's attendance as their own stream records it (none for an account the log does
 * not know): what join-game and an entry's checkout and webhook decide the no-show ban and a game's
 * minimum reliability by.
 */
export async function attendanceInLog(
  log: { store: EventStore; streamStates: StreamStateCache },
  userId: string,
): Promise<AttendanceRecord[]> {
  const user = await currentState(log.store, userDecider, userStream(userId), log.streamStates);
  return user.status === 'unknown' ? [] : Object.values(user.attendance);
}
