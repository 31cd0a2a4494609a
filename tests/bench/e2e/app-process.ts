/**
 * Child process of the e2e section: runs the standalone app (scripts/standalone.ts) on its own event
 * loop, so the load generator in the bench process never delays the server, and answers the parent's
 * requests for its CPU, event-loop and connection-pool numbers.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '@playtime/shared/infra/config/config';
import { startStandalone, type RunningApp } from '../../../scripts/standalone';
import type {
  AppProcessReply,
  AppProcessRequest,
  AppStats,
  PoolStats,
  ProjectorBatchStats,
  StatementStats,
} from './app-protocol';

if (!process.send) throw new Error('This module runs as a child process of tests/bench/e2e/e2e-section.ts');

/**
 * Keeps every pg.Pool the app creates, to sample how many queries wait for a connection. Done from
 * outside the app: createPool() looks `pg.Pool` up when called, so a subclass put there is used.
 */
const pools: pg.Pool[] = [];
const OriginalPool = pg.Pool;
/** Connections each pool opened and closed since the last stats request. */
const churn = new Map<pg.Pool, { opened: number; closed: number }>();
class ObservedPool extends OriginalPool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    pools.push(this);
    const counts = { opened: 0, closed: 0 };
    churn.set(this, counts);
    this.on('connect', () => (counts.opened += 1));
    this.on('remove', () => (counts.closed += 1));
  }
}
(pg as unknown as { Pool: typeof pg.Pool }).Pool = ObservedPool;

const POOL_SAMPLE_MS = 5;

interface PoolSampling {
  samples: number;
  waitingSum: number;
  waitingMax: number;
  samplesWithWaiters: number;
  busyMax: number;
}

const sampling = new Map<pg.Pool, PoolSampling>();
const freshSampling = (): PoolSampling => ({
  samples: 0,
  waitingSum: 0,
  waitingMax: 0,
  samplesWithWaiters: 0,
  busyMax: 0,
});
const poolSampler = setInterval(() => {
  for (const pool of pools) {
    let entry = sampling.get(pool);
    if (!entry) sampling.set(pool, (entry = freshSampling()));
    const waiting = pool.waitingCount;
    entry.samples += 1;
    entry.waitingSum += waiting;
    entry.waitingMax = Math.max(entry.waitingMax, waiting);
    entry.busyMax = Math.max(entry.busyMax, pool.totalCount - pool.idleCount);
    if (waiting > 0) entry.samplesWithWaiters += 1;
  }
}, POOL_SAMPLE_MS);
poolSampler.unref();

function takePoolStats(): PoolStats[] {
  return pools.map((pool) => {
    const entry = sampling.get(pool) ?? freshSampling();
    sampling.set(pool, freshSampling());
    const options = pool.options as pg.PoolConfig & { application_name?: string };
    const counts = churn.get(pool) ?? { opened: 0, closed: 0 };
    const { opened, closed } = counts;
    counts.opened = 0;
    counts.closed = 0;
    return {
      opened,
      closed,
      name: options.application_name ?? 'pool',
      maxConnections: options.max ?? 10,
      busyMax: entry.busyMax,
      waitingMax: entry.waitingMax,
      waitingMean: entry.samples ? entry.waitingSum / entry.samples : 0,
      shareOfSamplesWithWaiters: entry.samples ? entry.samplesWithWaiters / entry.samples : 0,
    };
  });
}

/**
 * Times every statement the app sends, from client.query() to its answer, by statement text. Done
 * from outside the app, on pg.Client's prototype; cursors and other submittables are left alone.
 */
const statements = new Map<string, StatementStats>();
type QueryFunction = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;
const originalQuery = pg.Client.prototype.query as unknown as QueryFunction;
/** Statement texts repeat: the key of each is worked out once (the bench's own cost in the app). */
const statementKeys = new Map<string, string>();
/** A write-only projection's batch: one script, its parameters written in, ending with the checkpoint move. */
const BATCH_SCRIPT = /^SET LOCAL search_path TO proj_(\w+)_g\d+, public;/;
function statementKey(config: unknown): string {
  const { name, text } =
    typeof config === 'string' ? { name: undefined, text: config } : (config as { name?: string; text?: string });
  // Every script differs (its data is in the text): one row for them all, and nothing remembered per text.
  const script = !name && text ? BATCH_SCRIPT.exec(text) : null;
  if (script)
    return `[${script[1]} batch script] SET LOCAL search_path …; the projection's statements; the checkpoint move`;
  const raw = name ? `${name}\u0000${text ?? ''}` : String(text ?? '');
  let key = statementKeys.get(raw);
  if (key === undefined) {
    const normalized = String(text ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 300);
    key = name ? `[${name}] ${normalized}` : normalized;
    statementKeys.set(raw, key);
  }
  return key;
}

/**
 * Projection batches, seen from the statements: a transaction that runs the checkpoint UPDATE is a
 * batch; its 5th parameter is the batch's event count. A batch script is a whole batch in itself.
 */
const openTransactions = new WeakMap<object, { started: number; events: number | null; projection: string }>();
const projector = new Map<string, ProjectorBatchStats>();
function watchTransaction(client: object, key: string, values: unknown): void {
  // A projector batch sends its settings with BEGIN; generation schemas are named proj_<projection>_g<generation>.
  const projection = key.includes('search_path TO proj_') ? /search_path TO proj_(\w+)_g\d+/.exec(key)?.[1] : undefined;
  if (key.startsWith('BEGIN'))
    openTransactions.set(client, { started: performance.now(), events: null, projection: projection ?? '?' });
  else if (projection) {
    const open = openTransactions.get(client);
    if (open) open.projection = projection;
  } else if (key.includes('projection_checkpoints SET commit_id')) {
    const open = openTransactions.get(client);
    if (open && Array.isArray(values)) open.events = Number(values[4]);
  }
}
function recordBatch(projection: string, events: number, ms: number): void {
  let batches = projector.get(projection);
  if (!batches) projector.set(projection, (batches = { projection, batches: 0, events: 0, totalMs: 0, maxMs: 0 }));
  batches.batches += 1;
  batches.events += events;
  batches.totalMs += ms;
  batches.maxMs = Math.max(batches.maxMs, ms);
}
function endTransaction(client: object, key: string, config: unknown, started: number, failed: boolean): void {
  const script = /^\[(\w+) batch script\]/.exec(key);
  if (script) {
    const events = /events_done = events_done \+ (\d+)/.exec((config as { text?: string }).text ?? String(config))?.[1];
    if (!failed && events) recordBatch(script[1]!, Number(events), performance.now() - started);
    return;
  }
  if (key !== 'COMMIT' && key !== 'ROLLBACK') return;
  const open = openTransactions.get(client);
  openTransactions.delete(client);
  if (!open || open.events === null || key !== 'COMMIT') return;
  recordBatch(open.projection, open.events, performance.now() - open.started);
}
function record(key: string, ms: number): void {
  const entry = statements.get(key);
  if (entry) {
    entry.count += 1;
    entry.totalMs += ms;
    entry.maxMs = Math.max(entry.maxMs, ms);
  } else statements.set(key, { statement: key, count: 1, totalMs: ms, maxMs: ms });
}
(pg.Client.prototype as unknown as { query: QueryFunction }).query = function timedQuery(config, values, callback) {
  if (config === null || config === undefined || typeof (config as { submit?: unknown }).submit === 'function') {
    return originalQuery.call(this, config, values, callback);
  }
  const key = statementKey(config);
  const started = performance.now();
  watchTransaction(
    this,
    key,
    typeof values === 'function'
      ? (config as { values?: unknown }).values
      : (values ?? (config as { values?: unknown }).values),
  );
  const done = (failed: boolean) => {
    record(key, performance.now() - started);
    endTransaction(this, key, config, started, failed);
  };
  if (typeof values === 'function') {
    return originalQuery.call(this, config, (...args: unknown[]) => {
      done(Boolean(args[0]));
      return (values as (...args: unknown[]) => unknown)(...args);
    });
  }
  if (typeof callback === 'function') {
    return originalQuery.call(this, config, values, (...args: unknown[]) => {
      done(Boolean(args[0]));
      return (callback as (...args: unknown[]) => unknown)(...args);
    });
  }
  const result = originalQuery.call(this, config, values) as Promise<unknown>;
  result.then(
    () => done(false),
    () => done(true),
  );
  return result;
};

/** How many of the statements that took the most time a profile lists (BENCH_STATEMENTS_LISTED, default 15). */
const STATEMENTS_LISTED = Number(process.env.BENCH_STATEMENTS_LISTED ?? 15);

function takeStatementStats(): Pick<AppStats, 'statements' | 'statementsTotal' | 'projector'> {
  const all = [...statements.values()];
  statements.clear();
  const batches = [...projector.values()].sort((a, b) => a.projection.localeCompare(b.projection));
  projector.clear();
  return {
    projector: batches,
    statements: all.sort((a, b) => b.totalMs - a.totalMs).slice(0, STATEMENTS_LISTED),
    statementsTotal: {
      count: all.reduce((sum, s) => sum + s.count, 0),
      totalMs: all.reduce((sum, s) => sum + s.totalMs, 0),
    },
  };
}

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let lastElu: EventLoopUtilization = performance.eventLoopUtilization();
let lastCpu = process.cpuUsage();
let lastAt = performance.now();

/** Everything since the previous call (the parent asks at the start and end of each phase). */
function takeStats(): AppStats {
  const now = performance.now();
  const elu = performance.eventLoopUtilization(lastElu);
  const cpu = process.cpuUsage(lastCpu);
  const memory = process.memoryUsage();
  const stats: AppStats = {
    wallMs: now - lastAt,
    cpuMs: (cpu.user + cpu.system) / 1000,
    eventLoopUtilization: elu.utilization,
    loopDelayP50Ms: loopDelay.percentile(50) / 1e6,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
    rssMb: Math.round((memory.rss / 1024 / 1024) * 10) / 10,
    heapUsedMb: Math.round((memory.heapUsed / 1024 / 1024) * 10) / 10,
    pools: takePoolStats(),
    ...takeStatementStats(),
  };
  lastElu = performance.eventLoopUtilization();
  lastCpu = process.cpuUsage();
  lastAt = now;
  loopDelay.reset();
  return stats;
}

function send(message: AppProcessReply): void {
  process.send!(message);
}

let app: RunningApp | null = null;
let profiler: Session | null = null;

async function startProfile(): Promise<void> {
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}

async function stopProfile(file: string): Promise<void> {
  if (!profiler) throw new Error('no profile running');
  const { profile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  profiler = null;
  writeFileSync(file, JSON.stringify(profile));
}

const failed = (error: unknown) =>
  send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });

process.on('message', (request: AppProcessRequest) => {
  switch (request.type) {
    case 'start': {
      const started = performance.now();
      startStandalone(loadConfig(request.env)).then((running) => {
        app = running;
        send({ type: 'ready', url: running.url, port: running.port, startMs: performance.now() - started });
      }, failed);
      return;
    }
    case 'profile-start':
      startProfile().then(() => send({ type: 'profile', id: request.id }), failed);
      return;
    case 'profile-stop':
      stopProfile(request.file).then(() => send({ type: 'profile', id: request.id }), failed);
      return;
    case 'stats':
      send({ type: 'stats', id: request.id, stats: takeStats() });
      return;
    case 'stop': {
      const started = performance.now();
      const close = app ? app.close() : Promise.resolve();
      close.then(
        () =>
          process.send!({ type: 'stopped', stopMs: performance.now() - started } satisfies AppProcessReply, () =>
            process.exit(0),
          ),
        (error: unknown) =>
          process.send!({ type: 'failed', error: String(error) } satisfies AppProcessReply, () => process.exit(1)),
      );
      return;
    }
  }
});
