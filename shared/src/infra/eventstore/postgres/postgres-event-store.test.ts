import { createTestDatabase } from '../../../../../tests/support/postgres';
import { describeEventStoreContract } from '../contract/event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

class Rollback extends Error {}

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase('es');
  const store = await PostgresEventStore.connect(database.url, { pollIntervalMs: 200 });
  return {
    store,
    appendHeldOpen: async (streamId, events, holdMs, rollback) => {
      await store
        .transaction(async (tx) => {
          await tx.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
          await new Promise((resolve) => setTimeout(resolve, holdMs));
          if (rollback) throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
    },
    teardown: async () => {
      await store.close();
      await database.drop();
    },
  };
});
