import type pg from 'pg';
import { withTransaction } from './pool';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Applies a component's versioned migrations once. Safe when several processes start together:
 * a transaction-scoped advisory lock serialises them, and whoever comes second finds the work done.
 */
export async function migrate(pool: pg.Pool, component: string, migrations: Migration[]): Promise<number[]> {
  return withTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('playtime-migrations'))`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        component  text        NOT NULL,
        version    integer     NOT NULL,
        name       text        NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (component, version)
      )`);
    const { rows } = await client.query<{ version: number }>(
      'SELECT version FROM schema_migrations WHERE component = $1',
      [component],
    );
    const applied = new Set(rows.map((row) => row.version));
    const done: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (component, version, name) VALUES ($1, $2, $3)', [
        component,
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}
