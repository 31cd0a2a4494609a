import type { PoolClient } from 'pg';
import type { StoredEvent } from '@playtime/shared/infra/eventstore/port';

/**
 * A read model built from the log. `apply` runs inside the batch's transaction with `search_path`
 * set to the projection's own table set, so its SQL names tables plainly (`INSERT INTO users ...`).
 */
export interface Projection {
  /** Lower-case letters, digits and underscores: it becomes part of a schema name. */
  name: string;
  /** Bump when `schemaSql` or the meaning of `apply` changes: the projector then rebuilds it. */
  version: number;
  /** DDL creating the projection's tables (run with search_path set to a fresh schema). */
  schemaSql: string;
  /** Tables readers see, as views `read.<table>` over the active table set. */
  tables: string[];
  /**
   * The event types `apply` acts on. A batch with none of them only moves the checkpoint, in one
   * statement, instead of a transaction around nothing. Omitted: every event is handed to `apply`.
   */
  handles?: readonly string[];
  /**
   * Applies a batch of events in log order. Returns the keys that changed (realtime room names
   * such as `game:42` or `admin`), which the change announcer forwards to browsers.
   */
  apply(events: StoredEvent[], db: PoolClient): Promise<Iterable<string>>;
}

/** What the projector announces after a batch committed. `keys` of ['*'] means "everything". */
export interface ChangeNotice {
  projection: string;
  keys: string[];
  /** The log checkpoint the projection reached, formatted `commit:position`. */
  checkpoint: string;
}

export interface ChangeAnnouncer {
  announce(notice: ChangeNotice): void | Promise<void>;
}

export const silentAnnouncer: ChangeAnnouncer = { announce: () => undefined };
