import type { ChangeNotice } from '@playtime/shared/contract/realtime';
import type { PoolClient } from 'pg';
import type { StoredEvent } from '@playtime/shared/infra/eventstore/port';

/** A statement with `$1`-style parameters. */
export interface SqlStatement {
  text: string;
  values?: unknown[];
  /**
   * The keys (realtime rooms) its result rows name, for a write-only projection that learns who shows
   * a row from the row itself (`UPDATE … RETURNING owner_id`), without a round trip of its own.
   */
  changedBy?: (rows: Array<Record<string, unknown>>) => Iterable<string>;
}

/**
 * What a write-only projection does with a batch: the statements to run and the keys they change (with
 * those its statements' `changedBy` read off their results).
 */
export interface BatchWrites {
  statements: SqlStatement[];
  changed: Iterable<string>;
}

interface ProjectionBase {
  /** Lower-case letters, digits and underscores: it becomes part of a schema name. */
  name: string;
  /** Bump when `schemaSql` or the meaning of `apply`/`writes` changes: the projector then rebuilds it. */
  version: number;
  /** DDL creating the projection's tables (run with search_path set to a fresh schema). */
  schemaSql: string;
  /** Tables readers see, as views `read.<table>` over the active table set. */
  tables: string[];
  /**
   * The event types the projection acts on. A batch with none of them only moves the checkpoint, in
   * one statement, instead of a transaction around nothing. Omitted: every event is handed to it.
   */
  handles?: readonly string[];
}

/**
 * A read model built from the log, in one of two forms. Either way its SQL runs inside the batch's
 * transaction with `search_path` set to the projection's own table set, so it names tables plainly
 * (`INSERT INTO users ...`), and the keys it returns (realtime room names such as `game:42` or
 * `admin`) are what the change announcer forwards to browsers.
 *
 * - `apply` runs statements one at a time and may read their results.
 * - `writes` only says which statements a batch needs, without the database. The runner then sends
 *   them and the checkpoint move as one transaction in a single round trip (pipelined, every
 *   parameter bound), which is what a busy projection's pushes wait for. Many rows go in one
 *   statement: pass them as JSON text (`jsonb_to_recordset($1::jsonb)`) or as arrays (`unnest`).
 */
export type Projection = QueryingProjection | WriteOnlyProjection;

export type QueryingProjection = ProjectionBase & {
  apply(events: StoredEvent[], db: PoolClient): Promise<Iterable<string>>;
  writes?: never;
};

export type WriteOnlyProjection = ProjectionBase & { writes(events: StoredEvent[]): BatchWrites; apply?: never };

export type { ChangeNotice };

export interface ChangeAnnouncer {
  announce(notice: ChangeNotice): void | Promise<void>;
}

export const silentAnnouncer: ChangeAnnouncer = { announce: () => undefined };
