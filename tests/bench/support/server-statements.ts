/**
 * PostgreSQL's own time by statement over a phase (pg_stat_statements), for one database: what the
 * server spent on each statement, whoever sent it (the app, its projector, the job queues' functions).
 * The app's own statement counts (app.stats) see only the round trips of its pools; this sees the
 * server's side, waits for locks included.
 */
import { STATEMENT_STATISTICS_LIBRARY, withBenchClient } from './postgres';

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

const TOP = 12;
const THIS_DATABASE = '(SELECT oid FROM pg_database WHERE datname = current_database())';

/**
 * Starts counting afresh for the database at `databaseUrl`; stop() reads what the phase took. Each uses
 * a short-lived connection: none is held through the phase it measures.
 */
export async function startServerStatements(databaseUrl: string): Promise<{ stop(): Promise<ServerStatementsResult> }> {
  try {
    await withBenchClient(databaseUrl, async (client) => {
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
      withBenchClient(databaseUrl, async (client) => {
        // The phase's totals beside each of the statements that took the most time.
        const { rows } = await client.query<{
          query: string;
          calls: string;
          total_ms: number;
          all_calls: string;
          all_ms: number;
        }>(
          `SELECT query, calls, total_exec_time AS total_ms,
                  sum(calls) OVER () AS all_calls, sum(total_exec_time) OVER () AS all_ms
             FROM pg_stat_statements WHERE dbid = ${THIS_DATABASE} AND query NOT LIKE '%pg_stat_statements%'
            ORDER BY total_exec_time DESC LIMIT ${TOP}`,
        );
        return {
          measured: {
            calls: Number(rows[0]?.all_calls ?? 0),
            totalMs: rows[0]?.all_ms ?? 0,
            top: rows.map((row) => ({
              statement: row.query.replace(/\s+/g, ' ').trim(),
              calls: Number(row.calls),
              totalMs: row.total_ms,
            })),
          },
        };
      }),
  };
}
