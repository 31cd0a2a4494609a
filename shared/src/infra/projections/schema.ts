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
  {
    version: 5,
    name: 'availability read models named as the code names them',
    // The read models keep their rows: the window projection's table sets, bookkeeping and views move
    // from field_schedules to availability_windows (field_schedule_id becomes window_id), and the
    // person who holds and books is organizer_id in bookings and holds, as in games. Every generation
    // is renamed in place (a running rebuild's too), so no projection needs a rebuild from the log.
    sql: `
      DO $$
      DECLARE
        generation integer;
        old_schema text;
        new_schema text;
      BEGIN
        FOR generation IN SELECT c.generation FROM projection_checkpoints c WHERE c.name = 'field_schedules' LOOP
          old_schema := 'proj_field_schedules_g' || generation;
          new_schema := 'proj_availability_windows_g' || generation;
          CONTINUE WHEN to_regnamespace(old_schema) IS NULL;
          EXECUTE format('ALTER SCHEMA %I RENAME TO %I', old_schema, new_schema);
          EXECUTE format('ALTER TABLE %I.field_schedules RENAME TO availability_windows', new_schema);
          EXECUTE format('ALTER TABLE %I.availability_windows RENAME COLUMN field_schedule_id TO window_id', new_schema);
          EXECUTE format('ALTER INDEX %I.field_schedules_pkey RENAME TO availability_windows_pkey', new_schema);
          EXECUTE format('ALTER INDEX %I.field_schedules_of_sub_field RENAME TO availability_windows_of_sub_field', new_schema);
          EXECUTE format('ALTER INDEX %I.field_schedules_of_field RENAME TO availability_windows_of_field', new_schema);
        END LOOP;
        UPDATE projection_state SET name = 'availability_windows' WHERE name = 'field_schedules';
        UPDATE projection_checkpoints SET name = 'availability_windows' WHERE name = 'field_schedules';
        UPDATE projection_rebuilds SET name = 'availability_windows' WHERE name = 'field_schedules';
        UPDATE projection_rebuild_requests SET name = 'availability_windows' WHERE name = 'field_schedules';
        DROP VIEW IF EXISTS read.field_schedules;
        FOR generation IN SELECT s.active_generation FROM projection_state s WHERE s.name = 'availability_windows' LOOP
          IF to_regclass(format('%I.availability_windows', 'proj_availability_windows_g' || generation)) IS NOT NULL THEN
            EXECUTE format('CREATE VIEW read.availability_windows AS SELECT * FROM %I.availability_windows', 'proj_availability_windows_g' || generation);
          END IF;
        END LOOP;

        FOR generation IN SELECT c.generation FROM projection_checkpoints c WHERE c.name = 'bookings' LOOP
          new_schema := 'proj_bookings_g' || generation;
          CONTINUE WHEN to_regnamespace(new_schema) IS NULL;
          EXECUTE format('ALTER TABLE %I.bookings RENAME COLUMN captain_id TO organizer_id', new_schema);
          EXECUTE format('ALTER TABLE %I.holds RENAME COLUMN captain_id TO organizer_id', new_schema);
        END LOOP;
        -- A view keeps the column names it was created with: the renamed columns need new views.
        FOR generation IN SELECT s.active_generation FROM projection_state s WHERE s.name = 'bookings' LOOP
          IF to_regnamespace('proj_bookings_g' || generation) IS NOT NULL THEN
            DROP VIEW IF EXISTS read.bookings;
            DROP VIEW IF EXISTS read.holds;
            EXECUTE format('CREATE VIEW read.bookings AS SELECT * FROM %I.bookings', 'proj_bookings_g' || generation);
            EXECUTE format('CREATE VIEW read.holds AS SELECT * FROM %I.holds', 'proj_bookings_g' || generation);
          END IF;
        END LOOP;
      END $$;
    `,
  },
  {
    version: 6,
    name: 'projection leases',
    // Who runs each projection: a lease the holder renews every second or so. A standby takes it once it
    // has expired (by the database's clock), raising the token; every checkpoint move names the token it
    // was taken with, so a holder that was paused and resumes cannot write after the takeover.
    sql: `
      CREATE TABLE projection_leases (
        name       text        PRIMARY KEY,
        holder     text        NOT NULL,
        token      bigint      NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
  },
];

/** Asks the projector (whichever process owns the projection) to rebuild it; a repeated request before it is taken is one. */
export async function requestProjectionRebuild(
  db: Pick<pg.Pool, 'query'>,
  name: string,
  requestedBy: string,
): Promise<void> {
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
