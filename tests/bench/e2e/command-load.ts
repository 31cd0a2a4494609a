import { parseCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import { summarizeLatencies, type LatencySummary } from '../support/percentiles';
import { nowMs, sleep } from '../support/timing';
import type { BenchUser } from './accounts';
import type { BenchHttp } from './http';
import type { PendingCommand, PushTracker } from './sockets';

/**
 * How commands arrive. Closed loop: `clients` clients each send a command, wait for the answer and
 * send the next, so the load is whatever the app can take (its saturation throughput). Fixed rate:
 * commands start on a schedule of `perSecond`, whether or not earlier ones were answered, and each
 * latency runs from its scheduled start, so a command that had to wait for a free connection counts
 * that wait (no coordinated omission).
 */
export type LoadShape = { kind: 'closed'; clients: number } | { kind: 'rate'; perSecond: number };

export interface CommandLoadResult {
  shape: LoadShape;
  measuredMs: number;
  /** Measured commands answered 200 with a position. */
  acknowledged: number;
  commandsPerSecond: number;
  /** Most commands waiting for their answer at one time. */
  inFlightMax: number;
  http: LatencySummary;
  push: LatencySummary;
  /** Measured commands whose push did not arrive within `pushGraceMs` of sending. */
  lostPushes: number;
  /** Measured commands answered 200 without a position (nothing appended: should not happen). */
  withoutPosition: number;
  errors: number;
  /** Error counts by HTTP status (or "network"). */
  errorsByStatus: Record<string, number>;
  firstError: string | null;
  /** Milliseconds waited after the window for the last pushes. */
  drainMs: number;
}

export function describeShape(shape: LoadShape): string {
  return shape.kind === 'closed' ? `${shape.clients} client(s), closed loop` : `${shape.perSecond}/s, fixed rate`;
}

/**
 * Each command is POST /api/edit-user for a random user (with that user's token and a bio no one sent
 * before, so every command appends an event). Commands started during the warm-up are not measured;
 * none starts after the window. Then waits up to `pushGraceMs` for the pushes of the measured commands.
 */
export async function runCommandLoad(
  http: BenchHttp,
  users: BenchUser[],
  tracker: PushTracker,
  options: { shape: LoadShape; warmupMs: number; durationMs: number; pushGraceMs: number; bioPrefix: string },
): Promise<CommandLoadResult> {
  const httpLatencies: number[] = [];
  const errorsByStatus: Record<string, number> = {};
  let errors = 0;
  let firstError: string | null = null;
  let withoutPosition = 0;
  let sequence = 0;
  let lastFinish = 0;
  let inFlight = 0;
  let inFlightMax = 0;
  const started = nowMs();
  const measureFrom = started + options.warmupMs;
  const measureUntil = measureFrom + options.durationMs;
  const fail = (key: string, message: string, measured: boolean) => {
    if (!measured) return;
    errors += 1;
    errorsByStatus[key] = (errorsByStatus[key] ?? 0) + 1;
    firstError ??= message;
  };

  /** Sends one command that started (or was due) at `startAt`; false when it failed. */
  const send = async (startAt: number, measured: boolean): Promise<boolean> => {
    const user = users[Math.floor(Math.random() * users.length)]!;
    const bio = `${options.bioPrefix} ${(sequence += 1)}`;
    const command: PendingCommand = tracker.sent(user.index, measured, startAt);
    inFlight += 1;
    inFlightMax = Math.max(inFlightMax, inFlight);
    let answer;
    try {
      answer = await http.request('POST', '/api/edit-user', user.token, {
        username: user.username,
        bio,
        profilePicture: user.profilePicture,
      });
    } catch (error) {
      fail('network', error instanceof Error ? error.message : String(error), command.measured);
      return false;
    } finally {
      inFlight -= 1;
    }
    const end = nowMs();
    if (answer.status !== 200) {
      fail(String(answer.status), `${answer.status} ${answer.body.slice(0, 200)}`, command.measured);
      return true;
    }
    const checkpoint = answer.position ? parseCheckpoint(answer.position) : null;
    if (!checkpoint) {
      if (command.measured) withoutPosition += 1;
      return true;
    }
    tracker.acknowledged(command, checkpoint);
    if (command.measured) {
      httpLatencies.push(end - command.sentAt);
      lastFinish = Math.max(lastFinish, end);
    }
    return true;
  };

  const { shape } = options;
  if (shape.kind === 'closed') {
    await Promise.all(
      Array.from({ length: shape.clients }, async () => {
        for (let startAt = nowMs(); startAt < measureUntil; startAt = nowMs()) {
          if (!(await send(startAt, startAt >= measureFrom))) await sleep(10);
        }
      }),
    );
  } else {
    // Every command has its due time on a fixed grid; the timer wakes about once a millisecond and
    // starts everything due, so a late wake-up sends a burst rather than thinning the load.
    // Counted by index, so the measured window holds exactly durationMs × perSecond commands.
    const warmupCommands = Math.round((options.warmupMs * shape.perSecond) / 1000);
    const totalCommands = warmupCommands + Math.round((options.durationMs * shape.perSecond) / 1000);
    const dueAt = (index: number) => started + (index * 1000) / shape.perSecond;
    const sending = new Set<Promise<boolean>>();
    for (let next = 0; next < totalCommands; await sleep(1)) {
      for (const now = nowMs(); next < totalCommands && dueAt(next) <= now; next += 1) {
        const sent = send(dueAt(next), next >= warmupCommands);
        sending.add(sent);
        void sent.finally(() => sending.delete(sent));
      }
    }
    await Promise.all(sending);
  }

  const measuredMs = shape.kind === 'rate' ? options.durationMs : Math.max(lastFinish, measureUntil) - measureFrom;
  const drainStarted = nowMs();
  while (tracker.outstanding().length > 0 && nowMs() - drainStarted < options.pushGraceMs) await sleep(20);
  const drainMs = nowMs() - drainStarted;
  // What is still waiting now has waited at least the grace period since it was sent.
  const lostPushes = tracker.outstanding().filter((command) => command.measured).length + tracker.late;
  const push = summarizeLatencies(tracker.latencies);
  tracker.clear();

  return {
    shape,
    measuredMs,
    acknowledged: httpLatencies.length,
    commandsPerSecond: httpLatencies.length / (measuredMs / 1000),
    inFlightMax,
    http: summarizeLatencies(httpLatencies),
    push,
    lostPushes,
    withoutPosition,
    errors,
    errorsByStatus,
    firstError,
    drainMs,
  };
}
