/**
 * PostgreSQL's own time by statement over a phase (pg_stat_statements), for one database: what the
 * server spent on each statement, whoever sent it (the app, its projector, the job queues' functions).
 * The app's own statement counts (app.stats) see only the round trips of its pools; this sees the
 * server's side, waits for locks included.
 */
import pg from 'pg';

export interface ServerStatement {
  /** The statement's text as the server normalised it, whitespace collapsed. */
  statement: string;
  calls: number;
  totalMs: number;
}

export interface ServerStatements {
  calls: number;
  totalMs: number;
  /** The statements that took the most time, most first. */
  top: ServerStatement[];
}

export type ServerStatementsResult = { measured: ServerStatements } | { notMeasured: string };

/** Loaded by the bench's embedded server (startBenchServer); another server may not have it. */
export const STATEMENT_STATISTICS_LIBRARY = 'pg_stat_statements';

const TOP = 12;

/** One short-lived connection to the database for `run`: none is held through the phase it measures. */
async function withClient<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'playtime-bench-admin' });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const THIS_DATABASE = '(SELECT oid FROM pg_database WHERE datname = current_database())';

/** Starts counting afresh for the database at `databaseUrl`; stop() reads what the phase took. */
export async function startServerStatements(databaseUrl: string): Promise<{ stop(): Promise<ServerStatementsResult> }> {
  try {
    await withClient(databaseUrl, async (client) => {
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${STATEMENT_STATISTICS_LIBRARY}`);
      // Every user's statements (0), this database's only, every statement (0).
      await client.query(`SELECT pg_stat_statements_reset(0, ${THIS_DATABASE}, 0)`);
    });
  } catch (error) {
    const reason = `PostgreSQL's statement statistics are not available on this server (${(error as Error).message})`;
    return { stop: async () => ({ notMeasured: reason }) };
  }
  return {
    stop: () =>
      withClient(databaseUrl, async (client) => {
        const { rows } = await client.query<{ query: string; calls: string; total_ms: number; rank: string }>(
          `SELECT query, calls, total_exec_time AS total_ms, row_number() OVER (ORDER BY total_exec_time DESC) AS rank
             FROM pg_stat_statements WHERE dbid = ${THIS_DATABASE} AND query NOT LIKE '%pg_stat_statements%'`,
        );
        const top = rows
          .filter((row) => Number(row.rank) <= TOP)
          .map((row) => ({
            statement: row.query.replace(/\s+/g, ' ').trim(),
            calls: Number(row.calls),
            totalMs: row.total_ms,
          }));
        return {
          measured: {
            calls: rows.reduce((sum, row) => sum + Number(row.calls), 0),
            totalMs: rows.reduce((sum, row) => sum + row.total_ms, 0),
            top,
          },
        };
      }),
  };
}
