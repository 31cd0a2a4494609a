import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../tests/support/postgres';
import { createPool } from '../infra/db/pool';
import { PostgresEventStore } from '../infra/eventstore/postgres/postgres-event-store';

export interface StoreDatabase {
  url: string;
  pool: ReturnType<typeof createPool>;
  store: PostgresEventStore;
}

/**
 * A fresh database with a pool and an event store on it, for the database tests of one describe
 * block (payments, the write side's lookups): made before its tests (filled in then: read its fields inside a test or a later hook), and
 * closed and dropped after them.
 */
export function storeDatabase(prefix: string): StoreDatabase {
  const parts = {} as StoreDatabase;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase(prefix);
    drop = database.drop;
    parts.url = database.url;
    parts.pool = createPool(database.url, { max: 10 });
    parts.store = await PostgresEventStore.connect(database.url);
  });
  afterAll(async () => {
    await parts.store?.close();
    await parts.pool?.end();
    await drop?.();
  });
  return parts;
}
