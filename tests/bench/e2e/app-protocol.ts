/** Messages between the e2e section and its app child process (tests/bench/e2e/app-process.ts). */

export type AppProcessRequest =
  | { type: 'start'; env: Record<string, string> }
  | { type: 'stats'; id: number }
  /** Starts the V8 CPU profiler on the app's main thread (node:inspector). */
  | { type: 'profile-start'; id: number }
  /** Stops it and writes the profile to `file`. */
  | { type: 'profile-stop'; id: number; file: string }
  | { type: 'stop' };

export type AppProcessReply =
  | { type: 'ready'; url: string; port: number; startMs: number }
  | { type: 'stats'; id: number; stats: AppStats }
  | { type: 'profile'; id: number }
  | { type: 'stopped'; stopMs: number }
  | { type: 'failed'; error: string };

/** One of the app's connection pools, sampled every few milliseconds since the previous stats request. */
export interface PoolStats {
  /** The pool's application_name. */
  name: string;
  maxConnections: number;
  /** Most connections checked out at once. */
  busyMax: number;
  /** Most queries waiting for a free connection at once. */
  waitingMax: number;
  waitingMean: number;
  /** Share of samples in which some query waited for a connection. */
  shareOfSamplesWithWaiters: number;
  /** Connections opened (each a new PostgreSQL backend and a login) and closed during the phase. */
  opened: number;
  closed: number;
}

/** The app's database statements, timed from client.query() to the answer (pool waits not included). */
export interface StatementStats {
  /** The statement's text (whitespace collapsed, at most 300 characters), with its prepared name if any. */
  statement: string;
  count: number;
  totalMs: number;
  maxMs: number;
}

/** Live projection batches: transactions that moved a projection checkpoint (BEGIN → COMMIT). */
export interface ProjectorBatchStats {
  projection: string;
  batches: number;
  events: number;
  /** BEGIN to COMMIT answered, summed over the batches. */
  totalMs: number;
  maxMs: number;
}

/** The app process since the previous stats request. */
export interface AppStats {
  wallMs: number;
  /** User + system CPU time of the app process (its main thread and libuv's pool together). */
  cpuMs: number;
  eventLoopUtilization: number;
  loopDelayP50Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  rssMb: number;
  heapUsedMb: number;
  pools: PoolStats[];
  /** The statements that took the most time in total, most first. */
  statements: StatementStats[];
  /** Every statement together. */
  statementsTotal: { count: number; totalMs: number };
  /** Per projection. */
  projector: ProjectorBatchStats[];
}
