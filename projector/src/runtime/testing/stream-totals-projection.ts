import type { QueryingProjection } from '../projection';

/**
 * A projection used by the projector's own tests, crash test and benchmark: per stream, how many
 * events and the sum of their `n`, plus one row per event (so an event applied twice would violate
 * the primary key instead of going unnoticed). Set-based SQL: one statement per table per batch.
 */
export function streamTotalsProjection(version = 1): QueryingProjection {
  return {
    name: 'stream_totals',
    version,
    tables: ['stream_totals', 'stream_events'],
    schemaSql: `
      CREATE TABLE stream_totals (
        stream_id     text   PRIMARY KEY,
        events        bigint NOT NULL,
        total         bigint NOT NULL,
        last_revision bigint NOT NULL
      );
      CREATE TABLE stream_events (
        global_position bigint PRIMARY KEY,
        stream_id       text   NOT NULL,
        n               bigint NOT NULL
      );
    `,
    async apply(events, db) {
      const rows = events.map((event) => ({
        global_position: event.globalPosition,
        stream_id: event.streamId,
        revision: event.revision,
        n: Number((event.data as { n?: number }).n ?? 0),
      }));
      await db.query(
        `INSERT INTO stream_events (global_position, stream_id, n)
         SELECT global_position, stream_id, n FROM jsonb_to_recordset($1::jsonb) AS e(global_position bigint, stream_id text, n bigint)`,
        [JSON.stringify(rows)],
      );
      await db.query(
        `INSERT INTO stream_totals AS t (stream_id, events, total, last_revision)
         SELECT stream_id, count(*), sum(n), max(revision)
           FROM jsonb_to_recordset($1::jsonb) AS e(stream_id text, n bigint, revision bigint)
          GROUP BY stream_id
         ON CONFLICT (stream_id) DO UPDATE
           SET events = t.events + EXCLUDED.events, total = t.total + EXCLUDED.total,
               last_revision = GREATEST(t.last_revision, EXCLUDED.last_revision)`,
        [JSON.stringify(rows)],
      );
      return new Set(rows.map((row) => `stream:${row.stream_id}`));
    },
  };
}
