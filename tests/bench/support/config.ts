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
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
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
  const writers = (list('BENCH_WRITERS') ?? ['1', '8', '32']).map((item) => {
    const value = Number(item);
    if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_WRITERS holds a bad writer count "${item}"`);
    return value;
  });
  const only = list('BENCH_ONLY');
  return {
    seconds: positiveNumber('BENCH_SECONDS', 5),
    warmupSeconds: positiveNumber('BENCH_WARMUP_SECONDS', 1),
    rounds: Math.round(positiveNumber('BENCH_ROUNDS', 3)),
    writers: [...new Set(writers)].sort((a, b) => a - b),
    diagnose: ['1', 'true', 'yes'].includes((process.env.BENCH_DIAGNOSE ?? '').toLowerCase()),
    synchronousCommitOff: (process.env.BENCH_SYNC_COMMIT ?? '').toLowerCase() === 'off',
    catchupEvents: Math.round(positiveNumber('BENCH_CATCHUP_EVENTS', 200_000)),
    only: only ? new Set(only) : null,
    databaseUrl: process.env.DATABASE_URL?.trim() || null,
  };
}
