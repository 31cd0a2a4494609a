import { STREAM_DOES_NOT_EXIST, type Event, type ExpectedStreamVersion } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { benchEventData, prewarmPool, streamName, type AppendTarget } from '../append-target';

type BenchEventHappened = Event<'BenchEventHappened', { writer: number; n: number; note: string }>;

/**
 * Emmett's PostgreSQL event store as its documentation shows it: getPostgreSQLEventStore over a
 * connection string, here handed our pg pool so it has the same number of connections as the others.
 * The schema is migrated before measuring (it would otherwise happen on the first append).
 */
export const emmettTarget: AppendTarget = {
  async open(url, { poolSize, streamsPerWriter }) {
    const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'playtime-bench-emmett' });
    pool.on('error', () => undefined);
    const store = getPostgreSQLEventStore(url, { connectionOptions: { connectionString: url, pool } });
    await store.schema.migrate();
    await prewarmPool(pool, poolSize);
    return {
      writer(index) {
        const versions: ExpectedStreamVersion[] = Array.from({ length: streamsPerWriter }, () => STREAM_DOES_NOT_EXIST);
        let n = 0;
        return {
          async append() {
            const stream = n % streamsPerWriter;
            n += 1;
            const result = await store.appendToStream<BenchEventHappened>(
              streamName(index, stream),
              [{ type: 'BenchEventHappened', data: benchEventData(index, n) }],
              { expectedStreamVersion: versions[stream]! },
            );
            versions[stream] = result.nextExpectedStreamVersion;
          },
        };
      },
      async countStored() {
        const { rows } = await pool.query<{ count: string | bigint }>('SELECT count(*) AS count FROM emt_messages');
        return Number(rows[0]?.count ?? 0);
      },
      async close() {
        await store.close();
        await pool.end();
      },
    };
  },
};
