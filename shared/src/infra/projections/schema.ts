import type pg from 'pg';
import type { Migration } from '../db/migrations';

/**
 * Bookkeeping of the projector. Each projection writes into a table set (a PostgreSQL schema
 * `proj_<name>_g<generation>`); readers query views in the `read` schema that point at the active
 * generation, so a rebuild fills a fresh generation and the views switch in one transaction.
 */
export const projectionMigrations: Migration[] = [
  {
    version: 1,
    name: 'projection bookkeeping',
    sql: `
      CREATE SCHEMA IF NOT EXISTS read;

      CREATE TABLE projection_state (
        name              text        PRIMARY KEY,
        active_generation integer     NOT NULL,
        updated_at        timestamptz NOT NULL DEFAULT now()
      );

      -- One row per generation: where in the log that generation's tables are up to.
      CREATE TABLE projection_checkpoints (
        name        text        NOT NULL,
        generation  integer     NOT NULL,
        version     integer     NOT NULL,
        commit_id   bigint      NOT NULL DEFAULT 0,
        position    bigint      NOT NULL DEFAULT 0,
        events_done bigint      NOT NULL DEFAULT 0,
        updated_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name, generation)
      );

      CREATE TABLE projection_rebuilds (
        name         text        NOT NULL,
        generation   integer     NOT NULL,
        status       text        NOT NULL CHECK (status IN ('running', 'switched', 'abandoned')),
        events_total bigint      NOT NULL,
        started_at   timestamptz NOT NULL DEFAULT now(),
        finished_at  timestamptz,
        PRIMARY KEY (name, generation)
      );
    `,
  },
  {
    version: 2,
    name: 'checkpoint move guard',
    // A batch sent as one implicit transaction cannot look at the checkpoint move's row count before
    // it commits: the move itself must fail, undoing the batch, when another runner got there first.
    sql: `
      CREATE FUNCTION projection_checkpoint_moved(moved boolean) RETURNS boolean LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT moved THEN
          RAISE EXCEPTION 'projection checkpoint was moved by another runner' USING ERRCODE = 'PT409';
        END IF;
        RETURN true;
      END $$;
    `,
  },
  {
    version: 3,
    name: 'extensions the read models use',
    // Created once, here, rather than by each projection's tables: two projections building their
    // first generation at once would both try to create the same extension. In public, so a rebuild
    // (which drops a projection's old table set) never drops them.
    sql: `
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
      CREATE EXTENSION IF NOT EXISTS cube WITH SCHEMA public;
      CREATE EXTENSION IF NOT EXISTS earthdistance WITH SCHEMA public;
      CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;
    `,
  },
  {
    version: 4,
    name: 'rebuild requests',
    // An admin asks from any process; the projector process that owns the projection takes the request.
    sql: `
      CREATE TABLE projection_rebuild_requests (
        name         text        PRIMARY KEY,
        requested_at timestamptz NOT NULL DEFAULT now(),
        requested_by text
      );
    `,
  },
];

/** Asks the projector (whichever process owns the projection) to rebuild it; a repeated request before it is taken is one. */
export async function requestProjectionRebuild(db: Pick<pg.Pool, 'query'>, name: string, requestedBy: string): Promise<void> {
  await db.query(
    'INSERT INTO projection_rebuild_requests (name, requested_by) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET requested_at = now(), requested_by = EXCLUDED.requested_by',
    [name, requestedBy],
  );
}

/** SQLSTATE of a checkpoint move that found the checkpoint already moved (another runner owns the projection). */
export const CHECKPOINT_MOVED_ELSEWHERE = 'PT409';

export const PROJECTION_PROGRESS_CHANNEL = 'playtime_projection_progress';

export function generationSchema(projection: string, generation: number): string {
  return `proj_${projection}_g${generation}`;
}
