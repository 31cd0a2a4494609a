import type pg from 'pg';
import { createPool } from '@playtime/shared/infra/db/pool';
import type { ExpectedRevision } from '@playtime/shared/infra/eventstore/port';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { benchEventData, prewarmPool, streamName, type AppendTarget } from '../append-target';

export interface PlaytimeVariant {
  /** false: the store's post-append `SELECT pg_notify(...)` is skipped (diagnostic only). */
  notify: boolean;
  /** true: every pool query runs as a named prepared statement (diagnostic only). */
  prepared: boolean;
}

/**
 * Routes the pool's text queries through named prepared statements: parsed and planned once per
 * connection instead of on every call. Done from outside the store, on the pool we hand it.
 */
function usePreparedStatements(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
  const names = new Map<string, string>();
  const prepared = (text: unknown, values?: unknown[]) => {
    if (typeof text !== 'string') return query(text as pg.QueryConfig);
    let name = names.get(text);
    if (!name) {
      name = `bench_stmt_${names.size + 1}`;
      names.set(text, name);
    }
    return query({ name, text, values });
  };
  (pool as unknown as { query: typeof prepared }).query = prepared;
}

/** Skips the store's NOTIFY after each append by reaching into its private notifier. */
function skipNotify(store: PostgresEventStore): void {
  const notifier = (store as unknown as { notifier?: { appended?: () => void } }).notifier;
  if (!notifier || typeof notifier.appended !== 'function') {
    throw new Error('PostgresEventStore no longer has notifier.appended(); update the no-notify diagnostic');
  }
  notifier.appended = () => undefined;
}

/** Our store, used the way command-api uses it: one event per call with the stream's expected revision. */
export function playtimeTarget(variant: PlaytimeVariant): AppendTarget {
  return {
    async open(url, { poolSize, streamsPerWriter }) {
      const pool = createPool(url, { max: poolSize, applicationName: 'playtime-bench' });
      const store = await PostgresEventStore.connect(url, { pool });
      if (variant.prepared) usePreparedStatements(pool);
      if (!variant.notify) skipNotify(store);
      await prewarmPool(pool, poolSize);
      return {
        writer(index) {
          const revisions: ExpectedRevision[] = Array.from({ length: streamsPerWriter }, () => 'no_stream');
          let n = 0;
          return {
            async append() {
              const stream = n % streamsPerWriter;
              n += 1;
              const result = await store.appendToStream(
                streamName(index, stream),
                [{ type: 'BenchEventHappened', data: benchEventData(index, n) }],
                { expectedRevision: revisions[stream]! },
              );
              revisions[stream] = result.nextRevision;
            },
          };
        },
        async countStored() {
          const { rows } = await pool.query<{ count: number }>('SELECT count(*)::bigint AS count FROM es_events');
          return Number(rows[0]?.count ?? 0);
        },
        async close() {
          await store.close();
          await pool.end();
        },
      };
    },
  };
}
