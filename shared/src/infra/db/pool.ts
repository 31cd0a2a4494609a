import pg from 'pg';

// PostgreSQL bigint (int8) comes back as text by default; every bigint we store (positions,
// revisions, transaction ids, cents) stays far below 2^53, so numbers are safe and simpler.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient | pg.Client;

export function createPool(
  connectionString: string,
  options: { max?: number; applicationName?: string } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'playtime',
  });
  // A connection lost while idle (database restart) must not crash the process; neither may one lost
  // while a client is checked out (PostgreSQL shutting down with the app on Ctrl-C): pg-pool listens
  // for errors only on idle clients, and the caller learns of the failure from its query anyway.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Runs `work` in a transaction; `setup` (parameterless statements) is sent with BEGIN, in one round trip. */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  setup?: string,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(setup ? `BEGIN; ${setup}` : 'BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
