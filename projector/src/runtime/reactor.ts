import type { StoredEvent } from '@playtime/shared/infra/eventstore/port';
import type { JobQueue, JobToEnqueue } from '@playtime/shared/infra/jobs/port';
import type { JobPolicy } from '@playtime/shared/game-loop/policy';
import type { Projection } from './projection';

/** A side effect a reactor asks for: a job on a queue. */
export interface JobRequest<Data = unknown> {
  queue: JobQueue<Data>;
  jobName: string;
  data: Data;
  /** Run no earlier than this many milliseconds from now (a hold's expiry, say). */
  delayMs?: number;
}

/**
 * Reacts to events with side effects (refunds, notifications, ...). It decides only which jobs to
 * enqueue; the jobs do the work, with retries, outside the projector.
 */
export interface Reactor {
  /** Lower-case letters, digits and underscores. */
  name: string;
  /** The event types it reacts to: a batch with none of them only moves its checkpoint (see Projection.handles). */
  handles?: readonly string[];
  /**
   * `following()`: the handled events after this one in the same batch, in log order (made only when
   * asked for), so a reaction a later event already made unnecessary can be left out. It is only
   * ever an optimisation: batches are cut differently on a replay, and the reaction must be right without it.
   */
  react(event: StoredEvent, following: () => readonly StoredEvent[]): JobRequest[];
}

/** The reactor of a use case's policy (shared/src/game-loop): every job it asks for goes on `queue`. */
export function policyReactor<Job>(name: string, policy: JobPolicy<Job>, queue: JobQueue<Job>): Reactor {
  return {
    name,
    handles: policy.handles,
    react: (event, following) => policy.react(event, following).map((asked) => ({ queue, ...asked })),
  };
}

/**
 * Runs a reactor on the projection runtime, so it gets what projections get: its own checkpoint,
 * one owner among projector processes, crash safety. The checkpoint commits after the batch's jobs
 * are enqueued; a crash in between replays the batch, and because each job id is derived from the
 * reactor, the event and the job's place in the reaction, the replay enqueues nothing new.
 */
export function reactorProjection(reactor: Reactor): Projection {
  return {
    name: `reactor_${reactor.name}`,
    version: 1,
    schemaSql: 'SELECT 1',
    tables: [],
    ...(reactor.handles ? { handles: reactor.handles } : {}),
    async apply(events) {
      // One enqueue per queue for the whole batch: under load a batch holds hundreds of reactions.
      const byQueue = new Map<JobQueue, JobToEnqueue[]>();
      for (const [position, event] of events.entries()) {
        const requests = reactor.react(event, () => events.slice(position + 1));
        for (const [index, request] of requests.entries()) {
          const jobs = byQueue.get(request.queue) ?? [];
          byQueue.set(request.queue, jobs);
          jobs.push({
            jobName: request.jobName,
            data: request.data,
            options: {
              jobId: reactionJobId(reactor.name, event, index),
              ...(request.delayMs ? { delayMs: request.delayMs } : {}),
            },
          });
        }
      }
      for (const [queue, jobs] of byQueue) await queue.enqueueMany(jobs);
      return [];
    },
  };
}

/** BullMQ job ids may not contain ':', so the parts are joined with '-'. */
export function reactionJobId(reactor: string, event: Pick<StoredEvent, 'eventId'>, index: number): string {
  return `${reactor}-${event.eventId}-${index}`;
}
