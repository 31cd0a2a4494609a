import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@playtime/shared/infra/db/embedded-postgres';
import { buildWebIfStale } from '../../../scripts/web-build';
import { fmtSeconds, markdownTable } from '../support/format';
import type { BenchContext, BenchSection, SectionOutcome, TargetCheck } from '../support/section';
import { nowMs, sleep } from '../support/timing';
import { npmStartCommand } from '../support/npm-start';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const POLL_MS = 50;
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;
const TARGET_START_MS = 10_000;

/** Settings that would point the app elsewhere than an embedded PostgreSQL in DATA_DIR. */
const STRIPPED_ENV = [
  'DATABASE_URL',
  'EVENTSTORE_URL',
  'REDIS_URL',
  'PUBLIC_URL',
  'PORT',
  'DATA_DIR',
  'LOG_LEVEL',
  'AUTH0_DOMAIN',
];

/** How the app is launched: with `npm start`'s command (package.json, without npm), or with npx tsx as before it. */
export type Launcher = 'npm start' | 'npx tsx';

export interface StartRun {
  kind: 'cold' | 'warm';
  launcher: Launcher;
  /** The machine's 1-minute load average when the run began (other work slows every number here). */
  loadAverage: number;
  /** Spawn → first HTTP answer of any status on /readyz (the server listens). */
  listeningMs: number;
  /** Spawn → first 200 on /readyz. */
  readyMs: number;
  /** What start.ts itself prints ("started in X s"): from its main() to startStandalone() resolved. */
  reportedMs: number | null;
  /** SIGTERM to the process group → the launched process (npx or node) exited. */
  npxExitMs: number;
  /** SIGTERM to the process group → every process of the group (npx, tsx, node, PostgreSQL) exited. */
  stopMs: number;
  exitCode: number | null;
  /** No process of the spawned group is left (within the stop timeout). */
  allGone: boolean;
  /** start.ts printed "SIGTERM: stopping..." (its handler ran and began app.close()). */
  stopHandlerRan: boolean;
  /** PostgreSQL's postmaster.pid is gone from DATA_DIR (a clean shutdown). */
  postgresStopped: boolean;
}

export interface StartData {
  webBuildMs: number;
  runs: StartRun[];
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function readyzStatus(port: number): Promise<number | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

async function measureStart(
  kind: StartRun['kind'],
  launcher: Launcher,
  dataDir: string,
  context: BenchContext,
): Promise<StartRun> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of STRIPPED_ENV) delete env[name];
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' });

  const loadAverage = os.loadavg()[0]!;
  const npmStart = npmStartCommand();
  const [command, ...args] =
    launcher === 'npx tsx'
      ? ['npx', 'tsx', npmStart.script]
      : [process.execPath, ...npmStart.nodeArgs, npmStart.script];
  const started = nowMs();
  // Its own process group, so whatever it leaves behind can be found (and, on a hang, killed) by its id.
  const child = spawn(command!, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  let reportedMs: number | null = null;
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    const match = /started in ([\d.]+) s/.exec(output);
    if (match && reportedMs === null) reportedMs = Number(match[1]) * 1000;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  try {
    let listeningMs = Number.NaN;
    let readyMs = Number.NaN;
    while (Number.isNaN(readyMs)) {
      if (hasExited)
        throw new Error(`${launcher} scripts/start.ts exited (code ${exitCode}) before ready:\n${output.slice(-2000)}`);
      if (nowMs() - started > START_TIMEOUT_MS)
        throw new Error(`not ready within ${START_TIMEOUT_MS} ms:\n${output.slice(-2000)}`);
      const status = await readyzStatus(port);
      if (status !== null && Number.isNaN(listeningMs)) listeningMs = nowMs() - started;
      if (status === 200) readyMs = nowMs() - started;
      else await sleep(POLL_MS);
    }

    // SIGTERM to the whole process group, as a terminal's Ctrl-C (SIGINT) or systemd's stop does:
    // npx exits at once on a SIGTERM of its own without passing it on, which would orphan the app.
    const stopping = nowMs();
    let npxExitMs = Number.NaN;
    void exited.then(() => (npxExitMs = nowMs() - stopping));
    process.kill(-child.pid!, 'SIGTERM');
    while (groupAlive(child.pid!) && nowMs() - stopping < STOP_TIMEOUT_MS) await sleep(20);
    const allGone = !groupAlive(child.pid!);
    const stopMs = allGone ? nowMs() - stopping : Number.NaN;
    if (!allGone) context.log(`start: ${kind} run: processes left ${STOP_TIMEOUT_MS} ms after SIGTERM`);
    await exited;
    const postgresStopped = !existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'));
    // Output may still be in the pipes when the process exits.
    await Promise.race([closed, sleep(2000)]);
    const stopHandlerRan = /SIG(TERM|INT): stopping/.test(output);
    return {
      kind,
      launcher,
      loadAverage,
      listeningMs,
      readyMs,
      reportedMs,
      npxExitMs,
      stopMs,
      exitCode,
      allGone,
      stopHandlerRan,
      postgresStopped,
    };
  } finally {
    if (groupAlive(child.pid!)) {
      context.log(`start: killing what is left of process group ${child.pid}`);
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

function markdown(data: StartData, warmRuns: number): string {
  const npmStart = npmStartCommand();
  const yesNo = (value: boolean) => (value ? 'yes' : 'NO');
  return [
    markdownTable(
      [
        'run',
        'launcher',
        'listening',
        'ready (/readyz 200)',
        'start.ts says',
        'stop: launcher exited',
        'stop: all processes gone',
        'exit code',
        'app stop handler ran',
        'PostgreSQL shut down cleanly',
        'load avg',
      ],
      data.runs.map((run, index) => [
        run.kind === 'cold' ? 'cold (fresh DATA_DIR: initdb)' : `warm restart ${index}`,
        `\`${run.launcher}\``,
        fmtSeconds(run.listeningMs),
        fmtSeconds(run.readyMs),
        run.reportedMs === null ? '–' : fmtSeconds(run.reportedMs),
        fmtSeconds(run.npxExitMs),
        run.allGone ? fmtSeconds(run.stopMs) : `NO (after ${fmtSeconds(STOP_TIMEOUT_MS)})`,
        String(run.exitCode),
        yesNo(run.stopHandlerRan),
        yesNo(run.postgresStopped),
        run.loadAverage.toFixed(1),
      ]),
    ),
    `\`${[...npmStart.nodeArgs, npmStart.script].join(' ')}\` with node (what \`npm start\` runs, without npm itself) ` +
      `with a fresh DATA_DIR, then ${warmRuns} restart(s) on the same DATA_DIR, and one more restart launched as \`npx tsx scripts/start.ts\` ` +
      '(how the app was started before, for comparison); no DATABASE_URL, so the embedded PostgreSQL is used. ' +
      `Times run from spawning the process to the first answer / first HTTP 200 on /readyz (polled every ${POLL_MS} ms); ` +
      '"start.ts says" is the time start.ts prints itself (from its main(), so without node\'s start-up and module loading). ' +
      `The web app was built beforehand (buildWebIfStale took ${fmtSeconds(data.webBuildMs)} here), so no build time is counted. ` +
      "Stop: SIGTERM to the spawned process group (what a terminal's Ctrl-C or systemd does, with SIGTERM), timed until the launched " +
      'process exits and until no process of the group is left (PostgreSQL included). "load avg" is the machine\'s 1-minute load ' +
      'average when the run began: anything else running slows every number.',
  ].join('\n\n');
}

export const startSection: BenchSection = {
  id: 'start',
  title: 'Standalone start and stop (npm start)',
  async run(context): Promise<SectionOutcome> {
    const started = nowMs();
    context.log('start: building the web app if stale (not timed as start)…');
    buildWebIfStale();
    const webBuildMs = nowMs() - started;

    const dataDir = path.join(repoRoot, '.data', `bench-start-${randomBytes(4).toString('hex')}`);
    const runs: StartRun[] = [];
    try {
      const plan: Array<[StartRun['kind'], Launcher]> = [
        ['cold', 'npm start'],
        ...Array.from(
          { length: context.config.startWarmRuns },
          () => ['warm', 'npm start'] as [StartRun['kind'], Launcher],
        ),
        ['warm', 'npx tsx'],
      ];
      for (const [kind, launcher] of plan) {
        const run = await measureStart(kind, launcher, dataDir, context);
        runs.push(run);
        context.log(
          `start: ${kind} (${launcher}, load ${run.loadAverage.toFixed(1)}): listening ${fmtSeconds(run.listeningMs)}, ready ${fmtSeconds(run.readyMs)}` +
            `${run.reportedMs === null ? '' : ` (start.ts says ${fmtSeconds(run.reportedMs)})`}, stop ${fmtSeconds(run.stopMs)} (launcher ${fmtSeconds(run.npxExitMs)}, exit ${run.exitCode})`,
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }

    const data: StartData = { webBuildMs, runs };
    const check = (run: StartRun | undefined, label: string): TargetCheck => ({
      name: `standalone start to ready, ${label}`,
      required: `< ${fmtSeconds(TARGET_START_MS)}`,
      measured: run ? fmtSeconds(run.readyMs) : '–',
      pass: run ? run.readyMs < TARGET_START_MS : null,
    });
    const warm = runs.filter((run) => run.kind === 'warm' && run.launcher === 'npm start');
    const slowestWarm = warm.reduce<StartRun | undefined>(
      (slow, run) => (!slow || run.readyMs > slow.readyMs ? run : slow),
      undefined,
    );
    return {
      markdown: markdown(data, warm.length),
      data,
      targets: [check(runs[0], 'cold (first start, fresh DATA_DIR)'), check(slowestWarm, 'warm restart (slowest)')],
    };
  },
};
