import type { StoredEvent } from '../infra/eventstore/port';

/**
 * A job a use case's policy asks for when it sees an event. The projector's reactor puts it on the use
 * case's queue; the policy only says which job, with what, and when.
 */
export interface JobAsked<Job> {
  jobName: string;
  data: Job;
  /** Run no earlier than this many milliseconds from now (a hold's expiry, say). */
  delayMs?: number;
}

/**
 * The pure "which event starts which job" part of a use case: no queue, no I/O. `following()` is the
 * handled events after this one in the same batch (see the projector's Reactor): only ever an
 * optimisation, a policy must be right without it.
 */
export interface JobPolicy<Job> {
  /** The event types it reacts to. */
  handles: readonly string[];
  react(event: StoredEvent, following: () => readonly StoredEvent[]): JobAsked<Job>[];
}

/** What a policy asks its jobs' times of: the clock, and how long before a game its members hear of it. */
export interface PolicyClock {
  now: () => Date;
}

/** How long from now until `instant`: a job due already runs at once. */
export function delayUntil(clock: PolicyClock, instant: string | Date): number {
  return Math.max(0, new Date(instant).getTime() - clock.now().getTime());
}

/** Whether one of `later` (events after this one in the batch) is of these types and names this hold or game. */
export function shownLater(
  later: readonly StoredEvent[],
  types: readonly string[],
  key: 'holdId' | 'gameId',
  id: string,
): boolean {
  return later.some((event) => types.includes(event.type) && (event.data as Record<string, unknown>)[key] === id);
}
