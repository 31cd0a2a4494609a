import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@playtime/shared/infra/db/embedded-postgres';

export interface BenchServer {
  /** Connection string of the server's maintenance database (used to create and drop databases). */
  url: string;
  source: 'embedded' | 'DATABASE_URL';
  stop(): Promise<void>;
}

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The server library behind the bench's statement statistics (server-statements.ts), loaded by its embedded server. */
export const STATEMENT_STATISTICS_LIBRARY = 'pg_stat_statements';

/** The PostgreSQL named by DATABASE_URL, or an embedded one in `.data/bench-postgres` removed on stop. */
export async function startBenchServer(databaseUrl: string | null): Promise<BenchServer> {
  if (databaseUrl) return { url: databaseUrl, source: 'DATABASE_URL', stop: async () => undefined };
  const server = await startEmbeddedPostgres({
    dataDir: path.join(repoRoot, '.data', 'bench-postgres'),
    persistent: false,
    preloadLibraries: [STATEMENT_STATISTICS_LIBRARY],
  });
  return { url: server.url, source: 'embedded', stop: () => server.stop() };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** One short-lived connection of the bench's own for `run`, ended whatever `run` does. */
export async function withBenchClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'playtime-bench-admin' });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  await withBenchClient(serverUrl, (client) => client.query(sql));
}

/** A fresh, empty database, so scenarios never see each other's tables, rows or caches of plans. */
export async function createDatabase(serverUrl: string, prefix: string): Promise<BenchDatabase> {
  const name = `bench_${prefix.replace(/[^a-z0-9_]/g, '_')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  return {
    name,
    url: withDatabase(serverUrl, name),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export interface ServerInfo {
  version: string;
  settings: Record<string, string>;
}

const REPORTED_SETTINGS = [
  'shared_buffers',
  'synchronous_commit',
  'fsync',
  'wal_level',
  'max_connections',
  'max_wal_size',
];

export function readServerInfo(serverUrl: string): Promise<ServerInfo> {
  return withBenchClient(serverUrl, async (client) => {
    const version = await client.query<{ server_version: string }>('SHOW server_version');
    const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
      'SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1::text[]) ORDER BY name',
      [REPORTED_SETTINGS],
    );
    return {
      version: version.rows[0]?.server_version ?? 'unknown',
      settings: Object.fromEntries(
        settings.rows.map((row) => [row.name, row.unit ? `${row.setting} × ${row.unit}` : row.setting]),
      ),
    };
  });
}

/** The server's running totals that a phase's share is taken from; null where a statistics view is missing. */
export interface ServerCounters {
  /** Checkpoints made so far (timed and requested). */
  checkpoints: number | null;
  /** Bytes of WAL written since the cluster was created. */
  walBytes: number | null;
}

/** Both counters over one connection (the bench reads them at each end of every phase). */
export function serverCounters(serverUrl: string): Promise<ServerCounters> {
  return withBenchClient(serverUrl, async (client) => {
    const count = async (sql: string) => {
      const { rows } = await client.query<{ n: string }>(sql);
      return rows[0] ? Number(rows[0].n) : null;
    };
    // PostgreSQL 17 moved the checkpoint counts from pg_stat_bgwriter to pg_stat_checkpointer.
    const checkpoints = await count('SELECT num_timed + num_requested AS n FROM pg_stat_checkpointer')
      .catch(() => count('SELECT checkpoints_timed + checkpoints_req AS n FROM pg_stat_bgwriter'))
      .catch(() => null);
    const walBytes = await count(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint AS n`).catch(() => null);
    return { checkpoints, walBytes };
  });
}

/** Writes every dirty page now, so work left over from earlier sections is not flushed during the next one. */
export async function checkpoint(serverUrl: string): Promise<void> {
  await adminQuery(serverUrl, 'CHECKPOINT');
}
