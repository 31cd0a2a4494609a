import { parseCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import { summarizeLatencies, type LatencySummary } from '../support/percentiles';
import { nowMs, sleep } from '../support/timing';
import type { BenchUser } from './accounts';
import type { BenchHttp } from './http';
import type { PushTracker } from './sockets';

export interface CommandLoadResult {
  clients: number;
  measuredMs: number;
  /** Measured commands answered 200 with a position. */
  acknowledged: number;
  commandsPerSecond: number;
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

/**
 * Closed loop: each of `clients` clients sends POST /api/edit-user for a random user (with that
 * user's token and a bio no one sent before, so every command appends an event), waits for the
 * answer, sends the next. Commands sent during the warm-up are not measured; none is sent after the
 * window. Then waits up to `pushGraceMs` for the pushes of the measured commands.
 */
export async function runCommandLoad(
  http: BenchHttp,
  users: BenchUser[],
  tracker: PushTracker,
  options: { clients: number; warmupMs: number; durationMs: number; pushGraceMs: number; bioPrefix: string },
): Promise<CommandLoadResult> {
  const httpLatencies: number[] = [];
  const errorsByStatus: Record<string, number> = {};
  let errors = 0;
  let firstError: string | null = null;
  let withoutPosition = 0;
  let sequence = 0;
  let lastFinish = 0;
  const started = nowMs();
  const measureFrom = started + options.warmupMs;
  const measureUntil = measureFrom + options.durationMs;
  const fail = (key: string, message: string, measured: boolean) => {
    if (!measured) return;
    errors += 1;
    errorsByStatus[key] = (errorsByStatus[key] ?? 0) + 1;
    firstError ??= message;
  };

  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      for (;;) {
        const user = users[Math.floor(Math.random() * users.length)]!;
        const bio = `${options.bioPrefix} ${(sequence += 1)}`;
        const command = tracker.sent(user.index, false);
        if (command.sentAt >= measureUntil) return;
        command.measured = command.sentAt >= measureFrom;
        let answer;
        try {
          answer = await http.request('POST', '/api/edit-user', user.token, { username: user.username, bio, profilePicture: user.profilePicture });
        } catch (error) {
          fail('network', error instanceof Error ? error.message : String(error), command.measured);
          await sleep(10);
          continue;
        }
        const end = nowMs();
        if (answer.status !== 200) {
          fail(String(answer.status), `${answer.status} ${answer.body.slice(0, 200)}`, command.measured);
          continue;
        }
        const checkpoint = answer.position ? parseCheckpoint(answer.position) : null;
        if (!checkpoint) {
          if (command.measured) withoutPosition += 1;
          continue;
        }
        tracker.acknowledged(command, checkpoint);
        if (command.measured) {
          httpLatencies.push(end - command.sentAt);
          lastFinish = Math.max(lastFinish, end);
        }
      }
    }),
  );

  const measuredMs = Math.max(lastFinish, measureUntil) - measureFrom;
  const drainStarted = nowMs();
  while (tracker.outstanding().length > 0 && nowMs() - drainStarted < options.pushGraceMs) await sleep(20);
  const drainMs = nowMs() - drainStarted;
  // What is still waiting now has waited at least the grace period since it was sent.
  const lostPushes = tracker.outstanding().filter((command) => command.measured).length + tracker.late;
  const push = summarizeLatencies(tracker.latencies);
  tracker.clear();

  return {
    clients: options.clients,
    measuredMs,
    acknowledged: httpLatencies.length,
    commandsPerSecond: httpLatencies.length / (measuredMs / 1000),
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
