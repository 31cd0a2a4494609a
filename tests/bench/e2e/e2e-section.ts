import { mkdirSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { findFreePort } from '@playtime/shared/infra/db/embedded-postgres';
import { fmtInt, fmtMs, fmtPercent, fmtSeconds, markdownTable } from '../support/format';
import type { LatencySummary } from '../support/percentiles';
import { summarizeCpuProfile, type ProfileSummary } from '../support/cpu-profile';
import { probeDisk, watchDisk, type DiskProbe } from '../support/disk';
import { checkpoint, createDatabase, serverCounters, type ServerCounters } from '../support/postgres';
import { cores, startCpuMeasure, type CpuShare } from '../support/cpu-share';
import { postmasterPid } from '../support/process-cpu';
import type { BenchContext, BenchSection, SectionOutcome, TargetCheck } from '../support/section';
import { setUpUsers, type SetupTimings } from './accounts';
import { startAppProcess, type AppHost } from './app-host';
import type { AppStats } from './app-protocol';
import { describeShape, runCommandLoad, type CommandLoadResult, type LoadShape } from './command-load';
import { BenchHttp } from './http';
import { listenOnOwnThread } from './socket-listeners';
import { PushTracker } from './sockets';
import { appEnvironment } from '../../support/app-environment';
import { COMMANDS_FLOOR_SHARE, measureCommandFloor } from '../floors/fan-out-floor';

const TARGET_COMMANDS_PER_SECOND = 1000;
const TARGET_PUSH_P99_MS = 100;
const PUSH_GRACE_MS = 10_000;
const RATE_CONNECTIONS = 256;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

interface PhaseResult extends CommandLoadResult {
  app: AppStats;
  cpu: CpuShare;
  disconnects: number;
  /** The disk's flush times during the phase (one 8 kB flush every 20 ms). */
  disk: DiskProbe;
  /** Checkpoints PostgreSQL made during the phase (each writes out the dirty pages; commits can stall). */
  checkpoints: number | null;
  /** Bytes of WAL PostgreSQL wrote during the phase (warm-up and drain included). */
  walBytes: number | null;
  /** The load generator's own event-loop delay: when it stalls, it sends late and sees answers late. */
  benchLoopDelay: { p99Ms: number; maxMs: number };
  /** The app's main-thread CPU profile of the phase (BENCH_E2E_PROFILE=1). */
  profile: { file: string; summary: ProfileSummary } | null;
}

export interface E2eData {
  users: number;
  /** The disk's flush times, measured just before the phases (on an otherwise idle app). */
  disk: DiskProbe;
  setup: SetupTimings & { appStartMs: number; socketsConnectMs: number; appStopMs: number };
  phases: PhaseResult[];
  /** The same closed loops against the bare server (tests/bench/floors), right after the app's. */
  floor: CommandLoadResult[];
  cpuCount: number;
}

/** Where the app's CPU goes, by area of the code (a sample counts for an area when any frame on its stack is there). */
const PROFILE_AREAS: Record<string, RegExp> = {
  'command-api (routes, run-command)': /command-api\/src\//,
  'projector (runner, projections)': /projector\/src\//,
  'read-api (queries, socket server)': /read-api\/src\//,
  'current user (token check, user lookup)': /infra\/http\/current-user/,
  'access-token verification (jose)': /verify-access-token|node_modules\/jose\//,
  'event store': /infra\/eventstore\//,
  'socket.io / engine.io / ws': /node_modules\/(socket\.io|socket\.io-adapter|socket\.io-parser|engine\.io|ws)\//,
  'pg driver': /node_modules\/(pg|pg-protocol|pg-pool)\//,
  express: /node_modules\/(express|router|body-parser|send|serve-static)\//,
  'logging (pino)': /node_modules\/pino/,
  'metrics (prom-client)': /node_modules\/prom-client|infra\/metrics/,
  'identity provider (oidc-provider, koa)': /node_modules\/(oidc-provider|koa)/,
  zod: /node_modules\/zod\//,
};

function profileMarkdown(phases: PhaseResult[]): string {
  const profiled = phases.filter((phase) => phase.profile);
  const top = profiled.at(-1);
  if (!top?.profile) return '';
  const busy = (summary: ProfileSummary) =>
    summary.totalMs - (summary.places.find((place) => place.name === '((idle))')?.selfMs ?? 0);
  const rows = (entries: ProfileSummary['functions']) =>
    entries.map((entry) => [entry.name, fmtInt(entry.selfMs), fmtPercent(entry.share)]);
  const areas = Object.keys(PROFILE_AREAS);
  return [
    "CPU profiles of the app's main thread, one per phase (node:inspector, warm-up and drain included; files in " +
      `\`${path.relative(process.cwd(), path.dirname(top.profile.file))}\`). Share of each phase's wall time spent with code of each area on the stack:`,
    markdownTable(
      ['area (inclusive)', ...profiled.map((phase) => describeShape(phase.shape))],
      [
        [
          'main thread busy (not idle)',
          ...profiled.map((phase) => fmtPercent(busy(phase.profile!.summary) / phase.profile!.summary.totalMs)),
        ],
        ...areas.map((area) => [
          area,
          ...profiled.map((phase) =>
            fmtPercent(phase.profile!.summary.inclusive.find((entry) => entry.name === area)?.share ?? 0),
          ),
        ]),
      ],
    ),
    `At ${describeShape(top.shape)}, self time by place and by function:`,
    markdownTable(['where (self time)', 'ms', 'share'], rows(top.profile.summary.places)),
    markdownTable(['function (self time)', 'ms', 'share'], rows(top.profile.summary.functions)),
  ].join('\n\n');
}

function abbreviate(text: string): string {
  return text.length <= 110 ? text : `${text.slice(0, 70)} … ${text.slice(-35)}`;
}

function statementsMarkdown(phase: PhaseResult): string {
  const commands = Math.max(1, phase.acknowledged);
  const { statementsTotal } = phase.app;
  return [
    `The app's database statements at ${describeShape(phase.shape)}, timed from client.query() to the answer (waits for a pool ` +
      `connection not included): ${fmtInt(statementsTotal.count)} statements, ${(statementsTotal.count / commands).toFixed(1)} per measured ` +
      `command, ${fmtSeconds(statementsTotal.totalMs)} in total (warm-up and drain included).`,
    markdownTable(
      ['statement', 'count', 'per command', 'mean ms', 'max ms', 'total s'],
      phase.app.statements.map((statement) => [
        `\`${abbreviate(statement.statement)}\``,
        fmtInt(statement.count),
        (statement.count / commands).toFixed(2),
        fmtMs(statement.totalMs / statement.count),
        fmtMs(statement.maxMs),
        (statement.totalMs / 1000).toFixed(2),
      ]),
    ),
  ].join('\n\n');
}

/** How much one of the server's running totals grew over a phase; null when it could not be read. */
function growth(before: ServerCounters, after: ServerCounters, counter: keyof ServerCounters): number | null {
  const [from, to] = [before[counter], after[counter]];
  return from === null || to === null ? null : to - from;
}

const latencyCells = (summary: LatencySummary) => [fmtMs(summary.p50Ms), fmtMs(summary.p99Ms), fmtMs(summary.maxMs)];

function errorsCell(phase: PhaseResult): string {
  if (!phase.errors) return '0';
  const byStatus = Object.entries(phase.errorsByStatus)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');
  return `${phase.errors} (${byStatus}): ${phase.firstError}`;
}

/** The app's closed loop at `clients`, if it ran. */
const closedPhase = (data: E2eData, clients: number) =>
  data.phases.find((phase) => phase.shape.kind === 'closed' && phase.shape.clients === clients);

function floorMarkdown(data: E2eData): string {
  if (data.floor.length === 0) return '';
  return [
    "The command path's plumbing floor (tests/bench/floors), right after the app in the same run: a bare express + pg + " +
      'socket.io server in a child process answering the same POST /api/edit-user with one INSERT and its NOTIFY in one ' +
      "transaction, and a LISTEN in the same process pushing to the user's room, with the same " +
      `${fmtInt(data.users)} listening sockets and the same closed loops:`,
    markdownTable(
      [
        'load',
        'floor commands/s',
        'floor HTTP p99 ms',
        'floor push p99 ms',
        'app commands/s',
        'app share of the floor',
      ],
      data.floor.map((floor) => {
        const app = floor.shape.kind === 'closed' ? closedPhase(data, floor.shape.clients) : undefined;
        return [
          describeShape(floor.shape),
          fmtInt(floor.commandsPerSecond),
          fmtMs(floor.http.p99Ms),
          fmtMs(floor.push.p99Ms),
          app ? fmtInt(app.commandsPerSecond) : '–',
          app ? fmtPercent(app.commandsPerSecond / floor.commandsPerSecond) : '–',
        ];
      }),
    ),
  ].join('\n\n');
}

function markdown(data: E2eData, context: BenchContext): string {
  const { setup } = data;
  const perLogin = setup.loginMs / data.users;
  return [
    markdownTable(
      [
        'load',
        'commands/s',
        'acked',
        'in flight max',
        'HTTP p50 / p99 / max ms',
        'push p50 / p99 / max ms',
        'lost pushes',
        'errors',
        'no position',
        'socket drops',
      ],
      data.phases.map((phase) => [
        describeShape(phase.shape),
        fmtInt(phase.commandsPerSecond),
        fmtInt(phase.acknowledged),
        phase.inFlightMax,
        latencyCells(phase.http).join(' / '),
        latencyCells(phase.push).join(' / '),
        phase.lostPushes,
        errorsCell(phase),
        phase.withoutPosition,
        phase.disconnects,
      ]),
    ),
    floorMarkdown(data),
    `The disk under PostgreSQL, just before the phases: ${fmtInt(data.disk.fdatasync.count)} flushes of 8 kB (write + fdatasync, as a ` +
      `commit's WAL flush) in ${data.disk.seconds} s took p50 ${fmtMs(data.disk.fdatasync.p50Ms)} / p99 ${fmtMs(data.disk.fdatasync.p99Ms)} / ` +
      `max ${fmtMs(data.disk.fdatasync.maxMs)} ms; ${data.disk.over50Ms} took over 50 ms. Events are committed synchronously, so while a ` +
      'flush hangs, every command waits: one such stall in a phase decides its p99.',
    'Where the time went, per phase (CPU in cores: 1.00 = one core busy all the time; the machine has ' +
      `${data.cpuCount}; "other" = machine − app − PostgreSQL − bench: processes that are not part of the bench; "stolen" = CPU the ` +
      'hypervisor gave to other guests while this machine wanted it, which no process here sees as its own; "disk flush" = an ' +
      '8 kB write + fdatasync every 20 ms during the phase, on the disk PostgreSQL writes to; "WAL written" includes warm-up and drain, ' +
      'and its share per command divides by the measured commands):',
    markdownTable(
      [
        'load',
        'app CPU',
        'PostgreSQL CPU',
        'bench CPU',
        'other',
        'machine',
        'stolen',
        'app event loop busy',
        'app loop delay p99 / max ms',
        'bench loop delay p99 / max ms',
        'app RSS',
        'PostgreSQL checkpoints',
        'WAL written',
        'disk flush p99 / max ms (over 50 ms)',
      ],
      data.phases.map((phase) => [
        describeShape(phase.shape),
        cores(phase.cpu.app),
        cores(phase.cpu.postgres),
        cores(phase.cpu.bench),
        cores(
          phase.cpu.machine -
            phase.cpu.app -
            phase.cpu.bench -
            (Number.isFinite(phase.cpu.postgres) ? phase.cpu.postgres : 0),
        ),
        cores(phase.cpu.machine),
        Number.isFinite(phase.cpu.stolen) ? cores(phase.cpu.stolen) : '–',
        fmtPercent(phase.app.eventLoopUtilization),
        `${fmtMs(phase.app.loopDelayP99Ms)} / ${fmtMs(phase.app.loopDelayMaxMs)}`,
        `${fmtMs(phase.benchLoopDelay.p99Ms)} / ${fmtMs(phase.benchLoopDelay.maxMs)}`,
        `${phase.app.rssMb} MB`,
        phase.checkpoints ?? '–',
        phase.walBytes === null
          ? '–'
          : `${(phase.walBytes / 1e6).toFixed(1)} MB (${(phase.walBytes / 1e3 / Math.max(1, phase.acknowledged)).toFixed(1)} kB per command)`,
        `${fmtMs(phase.disk.fdatasync.p99Ms)} / ${fmtMs(phase.disk.fdatasync.maxMs)} (${phase.disk.over50Ms})`,
      ]),
    ),
    "The app's connection pools (sampled every 5 ms; a waiter is a query waiting for a free connection):",
    markdownTable(
      [
        'load',
        'pool',
        'size',
        'busy max',
        'waiters max',
        'waiters mean',
        'time with waiters',
        'connections opened / closed',
      ],
      data.phases.flatMap((phase) =>
        phase.app.pools.map((pool) => [
          describeShape(phase.shape),
          pool.name,
          pool.maxConnections,
          pool.busyMax,
          pool.waitingMax,
          pool.waitingMean.toFixed(2),
          fmtPercent(pool.shareOfSamplesWithWaiters),
          `${pool.opened} / ${pool.closed}`,
        ]),
      ),
    ),
    'The projector during each phase, per projection (live batches that applied events and moved a checkpoint: BEGIN to COMMIT, ' +
      "or the one round trip of a write-only projection's batch script; warm-up and drain included). The projections share one read " +
      "of new events; a batch with none of a projection's events only moves its checkpoint and is not counted here:",
    markdownTable(
      [
        'load',
        'projection',
        'batches',
        'events',
        'events per batch',
        'batch transaction mean / max ms',
        'share of the phase inside a batch',
      ],
      data.phases.flatMap((phase) =>
        phase.app.projector.map((batches) => [
          describeShape(phase.shape),
          batches.projection,
          fmtInt(batches.batches),
          fmtInt(batches.events),
          batches.batches ? (batches.events / batches.batches).toFixed(1) : '–',
          batches.batches ? `${fmtMs(batches.totalMs / batches.batches)} / ${fmtMs(batches.maxMs)}` : '–',
          fmtPercent(batches.totalMs / phase.app.wallMs),
        ]),
      ),
    ),
    markdownTable(
      ['setup step', 'time', 'notes'],
      [
        [
          'app start (startStandalone in the child)',
          fmtSeconds(setup.appStartMs),
          'fresh database on the bench PostgreSQL',
        ],
        [
          'accounts (AccountStore.create)',
          fmtSeconds(setup.createMs),
          `${fmtInt(data.users)} accounts, one scrypt hash each, 4 at a time`,
        ],
        ['logins (code + PKCE over HTTP)', fmtSeconds(setup.loginMs), `${fmtMs(perLogin)} ms per login, 8 at a time`],
        ['registration (first GET /api/get-user)', fmtSeconds(setup.registerMs), '16 at a time'],
        [
          'sockets connected and joined',
          fmtSeconds(setup.socketsConnectMs),
          `${fmtInt(data.users)} websockets, 50 connecting at a time`,
        ],
        ['app stop (app.close())', fmtSeconds(setup.appStopMs), ''],
      ],
    ),
    `The app runs **in a child process** (scripts/standalone.ts \`startStandalone\`, LOG_LEVEL=warn) on a fresh database of the bench's ` +
      `PostgreSQL; the load generator and the ${fmtInt(data.users)} socket.io clients (websocket transport, one per user, each joined to ` +
      '`user:{userId}`) run in the bench process, on the same machine, the sockets on a thread of their own: each push is timed when ' +
      "that thread receives it, not when the load generator's busy thread gets to it. Each client sends POST /api/edit-user for a random user with " +
      "that user's token and a new bio. Closed loop: each client waits for the answer, then sends the next, so the app runs at " +
      'saturation. Fixed rate: commands start on an even schedule over up to ' +
      `${RATE_CONNECTIONS}` +
      ' kept-alive connections whether ' +
      'or not earlier ones were answered, and latencies run from the scheduled start. ' +
      `${fmtSeconds(context.config.warmupSeconds * 1000)} warm-up, then ${fmtSeconds(context.config.e2eSeconds * 1000)} measured per phase. ` +
      "Push latency runs from sending the command to the `changed` message on that user's socket whose checkpoint is at or after the " +
      "command's `X-Playtime-Position` (one push may cover several commands of the user). A push not arrived within " +
      `${PUSH_GRACE_MS / 1000} s of sending counts as lost. CPU of the app is its process's user + system time. The section starts with a CHECKPOINT of the bench's PostgreSQL, so WAL left by earlier sections is not flushed during these phases.`,
    ...(data.phases.length ? [statementsMarkdown(data.phases.at(-1)!)] : []),
    profileMarkdown(data.phases),
  ].join('\n\n');
}

/**
 * Commands/s are judged against the floor measured in the same run (machines differ from day to day):
 * the app's closed loop at the most clients, at half the bare server's or more. The push is judged on
 * the fixed-rate phase of at least the target rate: p99 under 100 ms *at* 1,000 commands/s. A closed
 * loop runs the app at saturation, where waiting in line sets the latency (64 clients at 1,300/s wait
 * 64 / 1,300 s on average). Without a fixed-rate phase, the last closed-loop phase is judged.
 */
function targets(data: E2eData): TargetCheck[] {
  const atRate = data.phases.filter(
    (phase) => phase.shape.kind === 'rate' && phase.shape.perSecond >= TARGET_COMMANDS_PER_SECOND,
  );
  const judged = atRate.at(-1) ?? data.phases.at(-1);
  if (!judged) return [];
  const where = `${describeShape(judged.shape)}, ${fmtInt(data.users)} listening sockets`;
  const pushOk = judged.lostPushes === 0 && judged.push.count > 0;
  // Commands/s against the floor at the most clients both ran: what the machine allows, measured now.
  const floor = data.floor.at(-1);
  const app = floor?.shape.kind === 'closed' ? closedPhase(data, floor.shape.clients) : undefined;
  return [
    {
      name: `e2e commands/s against the command path's plumbing floor (${floor ? describeShape(floor.shape) : 'not measured'})`,
      required: `≥ ${fmtPercent(COMMANDS_FLOOR_SHARE)} of the floor's, no errors`,
      measured:
        floor && app
          ? `${fmtInt(app.commandsPerSecond)}/s = ${fmtPercent(app.commandsPerSecond / floor.commandsPerSecond)} of ${fmtInt(floor.commandsPerSecond)}/s${app.errors ? `, ${app.errors} errors` : ''}`
          : 'not measured',
      pass:
        floor && app
          ? app.commandsPerSecond >= COMMANDS_FLOOR_SHARE * floor.commandsPerSecond &&
            app.errors === 0 &&
            floor.errors === 0
          : null,
    },
    {
      name: `e2e p99 command → push (${where})`,
      required: `< ${TARGET_PUSH_P99_MS} ms, none lost`,
      measured: `${fmtMs(judged.push.p99Ms)} ms${judged.lostPushes ? `, ${judged.lostPushes} lost` : ''}`,
      pass: pushOk && judged.push.p99Ms < TARGET_PUSH_P99_MS,
    },
  ];
}

export const e2eSection: BenchSection = {
  id: 'e2e',
  title: 'End to end: HTTP commands → socket pushes (standalone app)',
  async run(context): Promise<SectionOutcome> {
    const { e2eUsers: userCount, e2eClients, e2eRates, e2eSeconds, warmupSeconds, e2eProfile } = context.config;
    const database = await createDatabase(context.serverUrl, 'e2e');
    let app: AppHost | null = null;
    try {
      const port = await findFreePort();
      context.log(`e2e: starting the standalone app in a child process on port ${port}…`);
      app = await startAppProcess(
        appEnvironment(database.url, port, { LOG_LEVEL: process.env.BENCH_E2E_LOG_LEVEL ?? 'warn' }),
      );
      context.log(`e2e: app ready in ${fmtSeconds(app.startMs)}; creating ${fmtInt(userCount)} accounts…`);
      const { users, timings } = await setUpUsers(app.url, database.url, userCount, context.log);

      const tracker = new PushTracker(users.length, PUSH_GRACE_MS);
      const fleet = await listenOnOwnThread(app.url, users, tracker);
      context.log(`e2e: ${fmtInt(users.length)} sockets connected and joined in ${fmtSeconds(fleet.connectMs)}`);

      const postgresPid = await postmasterPid(context.serverUrl);
      // Earlier sections leave a lot of WAL behind; their checkpoint is not this section's to pay.
      await checkpoint(context.serverUrl);
      const disk = await probeDisk(path.join(repoRoot, '.data'), 5);
      context.log(
        `e2e: disk flush (8 kB fdatasync) p50 ${fmtMs(disk.fdatasync.p50Ms)} / max ${fmtMs(disk.fdatasync.maxMs)} ms, ${disk.over50Ms} over 50 ms in 5 s`,
      );
      const profileDir = path.join(
        repoRoot,
        '.data',
        'bench-profiles',
        `e2e-${new Date().toISOString().replace(/[:.]/g, '-')}`,
      );
      if (e2eProfile) mkdirSync(profileDir, { recursive: true });
      const phases: PhaseResult[] = [];
      try {
        const shapes: LoadShape[] = [
          ...e2eClients.map((clients): LoadShape => ({ kind: 'closed', clients })),
          ...e2eRates.map((perSecond): LoadShape => ({ kind: 'rate', perSecond })),
        ];
        for (const shape of shapes) {
          const label = describeShape(shape);
          // A fixed rate needs a connection for every command in flight; more only queue in the agent.
          const http = new BenchHttp(app.url, shape.kind === 'closed' ? shape.clients : RATE_CONNECTIONS);
          try {
            await app.stats(); // resets the app's counters
            const dropsBefore = fleet.disconnects();
            const stopProfile = e2eProfile ? await app.profile() : null;
            const countersBefore = await serverCounters(context.serverUrl);
            const cpu = startCpuMeasure(postgresPid);
            const diskWatch = await watchDisk(path.join(repoRoot, '.data'));
            const benchLoop = monitorEventLoopDelay({ resolution: 10 });
            benchLoop.enable();
            const load = await runCommandLoad(http, users, tracker, {
              shape,
              warmupMs: warmupSeconds * 1000,
              durationMs: e2eSeconds * 1000,
              pushGraceMs: PUSH_GRACE_MS,
              bioPrefix: `bench ${label}`,
            });
            benchLoop.disable();
            const diskDuringPhase = await diskWatch.stop();
            const countersAfter = await serverCounters(context.serverUrl);
            const appStats = await app.stats();
            const cpuShare = cpu.stop(appStats.cpuMs);
            let profile: PhaseResult['profile'] = null;
            if (stopProfile) {
              const file = path.join(profileDir, `app-${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
              await stopProfile(file);
              profile = { file, summary: summarizeCpuProfile(file, PROFILE_AREAS, 15) };
            }
            const phase: PhaseResult = {
              ...load,
              app: appStats,
              cpu: cpuShare,
              disconnects: fleet.disconnects() - dropsBefore,
              disk: diskDuringPhase,
              checkpoints: growth(countersBefore, countersAfter, 'checkpoints'),
              walBytes: growth(countersBefore, countersAfter, 'walBytes'),
              benchLoopDelay: { p99Ms: benchLoop.percentile(99) / 1e6, maxMs: benchLoop.max / 1e6 },
              profile,
            };
            phases.push(phase);
            context.log(
              `e2e: ${label}: ${fmtInt(phase.commandsPerSecond)} commands/s, HTTP p99 ${fmtMs(phase.http.p99Ms)} ms, ` +
                `push p50 ${fmtMs(phase.push.p50Ms)} / p99 ${fmtMs(phase.push.p99Ms)} ms, ${phase.lostPushes} lost, ${phase.errors} errors; ` +
                `CPU app ${cores(phase.cpu.app)} pg ${cores(phase.cpu.postgres)} bench ${cores(phase.cpu.bench)} machine ${cores(phase.cpu.machine)}`,
            );
          } finally {
            http.close();
          }
        }
      } finally {
        await fleet.close();
      }

      const appStartMs = app.startMs;
      const appStopMs = await app.stop();
      app = null;
      context.log(`e2e: the command path's plumbing floor at ${e2eClients.join(', ')} client(s)…`);
      const floor = await measureCommandFloor(context, {
        users: users.length,
        clients: e2eClients,
        warmupMs: warmupSeconds * 1000,
        durationMs: e2eSeconds * 1000,
        pushGraceMs: PUSH_GRACE_MS,
      });
      for (const phase of floor)
        context.log(
          `e2e: floor ${describeShape(phase.shape)}: ${fmtInt(phase.commandsPerSecond)} commands/s, push p99 ${fmtMs(phase.push.p99Ms)} ms`,
        );
      const data: E2eData = {
        users: users.length,
        disk,
        setup: { ...timings, appStartMs, socketsConnectMs: fleet.connectMs, appStopMs },
        phases,
        floor,
        cpuCount: os.cpus().length,
      };
      return { markdown: markdown(data, context), data, targets: targets(data) };
    } finally {
      await app?.stop().catch((error: unknown) => context.log(`e2e: could not stop the app: ${String(error)}`));
      await database.drop();
    }
  },
};
