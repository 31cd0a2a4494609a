import { EVENT_SCHEMAS } from '../domain/event-registry';
import type { StoredEvent } from '../infra/eventstore/port';
import type { JobQueue } from '../infra/jobs/port';

/** A queue a reactor only names its jobs for: reactors decide jobs, they never call the queue. */
export function queueNamed<Job>(name: string): JobQueue<Job> {
  return { name } as unknown as JobQueue<Job>;
}

/** An event as a reactor receives it from the log, at `position` of `streamId`, stored at its type's current version. */
export function storedEvent(
  type: string,
  data: unknown,
  position: number,
  streamId = 'stream',
  commit = 1,
): StoredEvent {
  return {
    eventId: `event-${position}`,
    streamId,
    revision: position,
    globalPosition: position,
    checkpoint: { commit, position },
    type,
    data,
    metadata: { schemaVersion: EVENT_SCHEMAS.find((definition) => definition.type === type)?.version ?? 1 },
    createdAt: new Date(),
  };
}
