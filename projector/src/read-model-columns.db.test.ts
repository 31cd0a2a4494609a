import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_MODEL_COLUMNS } from '@playtime/shared/contract/read-models';
import { migrate } from '@playtime/shared/infra/db/migrations';
import { createPool, withTransaction } from '@playtime/shared/infra/db/pool';
import { projectionMigrations } from '@playtime/shared/infra/projections/schema';
import { createTestDatabase } from '../../tests/support/postgres';
import { productProjections } from './product-projections';

/** The read models the projector creates are the ones the contract declares, column for column. */
describe('read models against the contract (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  const created = new Map<string, string[]>();

  beforeAll(async () => {
    database = await createTestDatabase('read_model_columns');
    pool = createPool(database.url, { max: 2 });
    await migrate(pool, 'projections', projectionMigrations);
    for (const projection of productProjections(null)) {
      const schema = `columns_of_${projection.name}`;
      await withTransaction(pool, async (client) => {
        await client.query(`CREATE SCHEMA ${schema}`);
        await client.query(`SET LOCAL search_path TO ${schema}, public`);
        await client.query(projection.schemaSql);
      });
      for (const table of projection.tables) {
        const { rows } = await pool.query<{ column_name: string }>(
          'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
          [schema, table],
        );
        created.set(
          table,
          rows.map((row) => row.column_name),
        );
      }
    }
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('declares every table the projector creates, and no other', () => {
    expect([...created.keys()].sort()).toEqual(Object.keys(READ_MODEL_COLUMNS).sort());
  });

  it.each(Object.entries(READ_MODEL_COLUMNS))('creates %s with exactly the declared columns', (table, columns) => {
    expect(created.get(table)).toEqual(columns);
  });
});
