/**
 * The plumbing floors of the command path and of the fan-out (issue #43): what the same HTTP calls,
 * one append with its NOTIFY each, and the pushes to the same sockets cost on this machine, against a
 * server with no product logic at all (fan-out-floor-server.ts), measured in the same run as the app.
 * No app can answer faster or push sooner than this, so the app's targets are ratios against it:
 * commands/s at half the floor's or more, each push's p99 within 1.5× of the floor's fan-out p99.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import type { BenchUser } from '../e2e/accounts';
import { runCommandLoad, type CommandLoadResult } from '../e2e/command-load';
import { BenchHttp } from '../e2e/http';
import { listenOnOwnThread } from '../e2e/socket-listeners';
import { PushTracker } from '../e2e/sockets';
import { watchGame, type WatchedPushes } from '../games/watched-game';
import { fmtInt, fmtMs, markdownTable } from '../support/format';
import { npmStartNodeFlags } from '../support/npm-start';
import { percentile } from '../support/percentiles';
import { createDatabase } from '../support/postgres';
import type { BenchContext, TargetCheck } from '../support/section';
import { nowMs, paceSteadily } from '../support/timing';
import { ok } from '../support/venue';
import type { FanOutFloorReply, FanOutFloorRequest } from './fan-out-floor-server';

/** A push's p99 may be at most this many times the floor's fan-out p99 to the same sockets. */
export const PUSH_FLOOR_FACTOR = 1.5;
/** The app's commands/s must be at least this share of the floor's at the same clients. */
export const COMMANDS_FLOOR_SHARE = 0.5;

interface FloorServer {
  url: string;
  stop(): Promise<void>;
}

/** The floor server in a child process with the app's V8 flags, on a fresh database of the bench's PostgreSQL. */
async function startFloorServer(context: BenchContext): Promise<FloorServer> {
  const database = await createDatabase(context.serverUrl, 'fanout_floor');
  const child = fork(path.join(import.meta.dirname, 'fan-out-floor-server.ts'), [], {
    execArgv: [...npmStartNodeFlags(), '--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = async () => {
    if (child.connected) child.disconnect();
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    await database.drop();
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (reply: FanOutFloorReply) =>
        reply.type === 'listening' ? resolve(reply.port) : reject(new Error(`fan-out floor server: ${reply.error}`)),
      );
      child.once('exit', (code) => reject(new Error(`fan-out floor server exited (code ${code})`)));
      child.send({ databaseUrl: database.url } satisfies FanOutFloorRequest);
    });
    return { url: `http://127.0.0.1:${port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The floor's pushes, timed as the sections time the app's, and its commands' answers. */
export interface FanOutFloor extends WatchedPushes {
  answerP99Ms: number;
}

/**
 * The floor of a push to `watchers` sockets following one room: commands sent one at a time at
 * `perSecond`, each timed from being sent to each socket hearing its position, as the joins and offers
 * sections time the app's pushes (the same listeners on a thread of their own).
 */
export async function measureFanOutFloor(
  context: BenchContext,
  shape: { watchers: number; perSecond: number; seconds: number },
): Promise<FanOutFloor> {
  const server = await startFloorServer(context);
  const api = new BenchHttp(server.url, 1);
  try {
    const gameId = 'f100f100-0000-4000-8000-000000000000';
    const watched = await watchGame(server.url, gameId, shape.watchers);
    // A body the size of a join's.
    const join = () => api.request('POST', '/api/join-game', 'plumbing-floor', { gameId, team: 0 });
    // The first push prepares the statement and warms every socket's path; it is not measured.
    const warm = await join();
    ok(warm, 'fan-out floor warm-up');
    watched.sent(nowMs(), warm.position);
    await watched.heardAll(nowMs() + 10_000);
    watched.reset();
    const answers: number[] = [];
    await paceSteadily(shape, async () => {
      const started = nowMs();
      const answer = await join();
      ok(answer, 'fan-out floor command');
      answers.push(nowMs() - started);
      watched.sent(started, answer.position);
    });
    await watched.heardAll(nowMs() + 2000);
    const latencies = watched.latencies();
    await watched.close();
    answers.sort((a, b) => a - b);
    return {
      watchers: shape.watchers,
      commands: watched.commands,
      deliveries: latencies.length,
      missing: watched.missing(),
      pushP50Ms: percentile(latencies, 50),
      pushP99Ms: percentile(latencies, 99),
      answerP99Ms: percentile(answers, 99),
    };
  } finally {
    api.close();
    await server.stop();
  }
}

/**
 * The command path's floor: the e2e section's load (each client POSTs /api/edit-user for a random user,
 * closed loop) against the floor server, with one socket per user following that user's room, so each
 * command is one append, one NOTIFY and one push to the one socket of its user, as in the app.
 */
export async function measureCommandFloor(
  context: BenchContext,
  shape: { users: number; clients: number[]; warmupMs: number; durationMs: number; pushGraceMs: number },
): Promise<CommandLoadResult[]> {
  const server = await startFloorServer(context);
  const users: BenchUser[] = Array.from({ length: shape.users }, (_, index) => ({
    index,
    email: `floor-${index}`,
    token: `plumbing-floor-${index}`,
    userId: `floor-user-${index}`,
    username: `floor${index}`,
    profilePicture: '',
  }));
  try {
    const tracker = new PushTracker(users.length, shape.pushGraceMs);
    const fleet = await listenOnOwnThread(server.url, users, tracker);
    const results: CommandLoadResult[] = [];
    try {
      for (const clients of shape.clients) {
        const http = new BenchHttp(server.url, clients);
        try {
          results.push(
            await runCommandLoad(http, users, tracker, {
              shape: { kind: 'closed', clients },
              warmupMs: shape.warmupMs,
              durationMs: shape.durationMs,
              pushGraceMs: shape.pushGraceMs,
              bioPrefix: `floor ${clients}`,
            }),
          );
        } finally {
          http.close();
        }
      }
    } finally {
      await fleet.close();
    }
    return results;
  } finally {
    await server.stop();
  }
}

/** A push target: under `absoluteMs` at p99, and within PUSH_FLOOR_FACTOR of the floor's fan-out p99 to as many sockets. */
export function pushTargetAgainstFloor(
  name: string,
  push: { commands: number; missing: number; p99Ms: number },
  floor: FanOutFloor,
  absoluteMs: number,
): TargetCheck {
  const floorLimit = PUSH_FLOOR_FACTOR * floor.pushP99Ms;
  const measuredFloor = floor.commands > 0 && floor.missing === 0;
  return {
    name,
    required: `< ${absoluteMs} ms and ≤ ${PUSH_FLOOR_FACTOR} × the floor's ${fmtMs(floor.pushP99Ms)} ms (${fmtMs(floorLimit)} ms)`,
    measured:
      `${fmtMs(push.p99Ms)} ms, ${(push.p99Ms / floor.pushP99Ms).toFixed(2)} × the floor` +
      `${push.missing ? ` (${fmtInt(push.missing)} missing)` : ''}${measuredFloor ? '' : ' (the floor missed pushes)'}`,
    pass:
      push.commands > 0 && push.missing === 0 && measuredFloor && push.p99Ms < absoluteMs && push.p99Ms <= floorLimit,
  };
}

/** The floor's row of a section's report. */
export function fanOutFloorMarkdown(floor: FanOutFloor, perSecond: number, seconds: number): string {
  return [
    `The fan-out's plumbing floor (tests/bench/floors): a bare express + pg + socket.io server in a child process, measured ` +
      `right after the app in the same run. ${perSecond} times a second one POST with a join's body, one INSERT and its NOTIFY ` +
      `in one transaction, a LISTEN in the same process pushing to the same ${fmtInt(floor.watchers)} anonymous sockets ` +
      `(the same listeners, on a thread of their own), for ${seconds} s; timed as the app's pushes, from the command being sent:`,
    markdownTable(
      ['sockets', 'commands', 'pushes delivered', 'missing', 'answer p99', 'push p50', 'push p99'],
      [
        [
          fmtInt(floor.watchers),
          fmtInt(floor.commands),
          fmtInt(floor.deliveries),
          fmtInt(floor.missing),
          fmtMs(floor.answerP99Ms),
          fmtMs(floor.pushP50Ms),
          fmtMs(floor.pushP99Ms),
        ],
      ],
    ),
  ].join('\n\n');
}
