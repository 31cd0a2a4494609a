/** Benchmark settings, all from the environment so a quick run and a thorough one use the same code. */
export interface BenchConfig {
  /** Measured seconds per append cell (BENCH_SECONDS). */
  seconds: number;
  /** Unmeasured warm-up seconds before each cell (BENCH_WARMUP_SECONDS). */
  warmupSeconds: number;
  /** Rounds per append cell; the report shows the median round (BENCH_ROUNDS). */
  rounds: number;
  /** Concurrent writer counts (BENCH_WRITERS, comma-separated). */
  writers: number[];
  /** Also measure diagnostic variants of our store at the highest writer count (BENCH_DIAGNOSE=1). */
  diagnose: boolean;
  /** Run the append databases with synchronous_commit=off, to take the disk out (BENCH_SYNC_COMMIT=off). */
  synchronousCommitOff: boolean;
  /** Events seeded for the catch-up section (BENCH_CATCHUP_EVENTS). */
  catchupEvents: number;
  /** Section ids to run (BENCH_ONLY, comma-separated); null runs every section. */
  only: Set<string> | null;
  /** External PostgreSQL server (DATABASE_URL); null starts an embedded one. */
  databaseUrl: string | null;
  /** End-to-end section: concurrent command clients per phase (BENCH_E2E_CLIENTS, comma-separated). */
  e2eClients: number[];
  /** End-to-end section: fixed command rates per second, one phase each, after the closed loops (BENCH_E2E_RATES, comma-separated). */
  e2eRates: number[];
  /** End-to-end section: user accounts, each with one listening socket (BENCH_E2E_USERS). */
  e2eUsers: number;
  /** End-to-end section: measured seconds per client count (BENCH_E2E_SECONDS). */
  e2eSeconds: number;
  /** End-to-end section: write a V8 CPU profile of the app process (BENCH_E2E_PROFILE=1). */
  e2eProfile: boolean;
  /** Start section: warm restarts after the cold start (BENCH_START_WARM). */
  startWarmRuns: number;
  /** Search section: games spread over the US (BENCH_SEARCH_GAMES). */
  searchGames: number;
  /** Event history section: events in the log (BENCH_HISTORY_EVENTS). */
  historyEvents: number;
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function flag(name: string): boolean {
  return ['1', 'true', 'yes'].includes((process.env[name] ?? '').toLowerCase());
}

function counts(name: string, fallback: string[]): number[] {
  const values = (list(name) ?? fallback).map((item) => {
    const value = Number(item);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} holds a bad count "${item}"`);
    return value;
  });
  return [...new Set(values)].sort((a, b) => a - b);
}

function list(name: string): string[] | null {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return null;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

export function readConfig(): BenchConfig {
  const only = list('BENCH_ONLY');
  return {
    seconds: positiveNumber('BENCH_SECONDS', 5),
    warmupSeconds: positiveNumber('BENCH_WARMUP_SECONDS', 1),
    rounds: Math.round(positiveNumber('BENCH_ROUNDS', 3)),
    writers: counts('BENCH_WRITERS', ['1', '8', '32']),
    diagnose: flag('BENCH_DIAGNOSE'),
    synchronousCommitOff: (process.env.BENCH_SYNC_COMMIT ?? '').toLowerCase() === 'off',
    catchupEvents: Math.round(positiveNumber('BENCH_CATCHUP_EVENTS', 200_000)),
    only: only ? new Set(only) : null,
    databaseUrl: process.env.DATABASE_URL?.trim() || null,
    e2eClients: counts('BENCH_E2E_CLIENTS', ['1', '16', '64']),
    e2eRates: counts('BENCH_E2E_RATES', ['1000']),
    e2eUsers: Math.round(positiveNumber('BENCH_E2E_USERS', 1000)),
    e2eSeconds: positiveNumber('BENCH_E2E_SECONDS', 10),
    e2eProfile: flag('BENCH_E2E_PROFILE'),
    startWarmRuns: Math.round(positiveNumber('BENCH_START_WARM', 2)),
    searchGames: Math.round(positiveNumber('BENCH_SEARCH_GAMES', 1_000_000)),
    historyEvents: Math.round(positiveNumber('BENCH_HISTORY_EVENTS', 5_000_000)),
  };
}
