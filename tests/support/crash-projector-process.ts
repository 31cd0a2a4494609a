/**
 * A projector process for the crash and hang tests: runs the stream totals projection against the
 * database given as argument until it is killed, logging its warnings to stderr.
 */
import pino from 'pino';
import { createPool } from '@playtime/shared/infra/db/pool';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { createProjector } from '@playtime/projector/runtime/projector';
import { streamTotalsProjection } from '@playtime/projector/runtime/testing/stream-totals-projection';

const url = process.argv[2]!;
const store = await PostgresEventStore.connect(url, { pollIntervalMs: 100 });
const pool = createPool(url);
const projector = createProjector({
  store,
  pool,
  connectionString: url,
  projections: [streamTotalsProjection()],
  announcer: { announce: () => undefined },
  logger: pino({ level: 'warn' }, pino.destination(2)),
  batchSize: 100,
  leaseHeartbeatMs: 100,
});
await projector.start();
process.stdout.write('started\n');
