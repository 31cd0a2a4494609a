import { describe } from 'vitest';
import { describeEventStoreContract } from '../contract/event-store.contract';
import { ConcurrencyError } from '../port';
import { EsdbEventStore } from './esdb-event-store';

const url = process.env.EVENTSTORE_URL;

/** An expected revision no stream of the suite ever reaches, so the append is refused and nothing is written. */
const NEVER_REACHED = 1_000_000_000;

// Runs against a real server only, e.g. EVENTSTORE_URL=esdb://localhost:2113?tls=false.
describe.runIf(url !== undefined)('EventStoreDB adapter', () => {
  describeEventStoreContract('EventStoreDB', async () => {
    // A server cannot be emptied per test; the suite's unique stream names keep tests apart.
    const store = EsdbEventStore.connect(url!);
    return {
      store,
      // No client transactions: hold = wait before appending; rollback = an append the server refuses.
      appendHeldOpen: async (streamId, events, holdMs, rollback) => {
        await new Promise((resolve) => setTimeout(resolve, holdMs));
        if (!rollback) {
          await store.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
          return;
        }
        await store.appendToStream(streamId, events, { expectedRevision: NEVER_REACHED }).catch((error: unknown) => {
          if (!(error instanceof ConcurrencyError)) throw error;
        });
      },
      teardown: () => store.close(),
    };
  });
});
