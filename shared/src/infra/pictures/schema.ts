import type { Migration } from '../db/migrations';

/**
 * Uploaded pictures, in schema `pictures`: in the database every process uses, so whichever read-api
 * instance is asked serves a picture another process took. Keyed by the SHA-256 of the stored bytes,
 * so the same picture uploaded twice is kept once. Only re-encoded pictures are kept (see re-encode.ts).
 */
export const pictureMigrations: Migration[] = [
  {
    version: 1,
    name: 'uploaded pictures',
    sql: `
      CREATE SCHEMA IF NOT EXISTS pictures;

      CREATE TABLE pictures.uploaded (
        picture_id   text        PRIMARY KEY CHECK (picture_id ~ '^[0-9a-f]{64}$'),
        content_type text        NOT NULL,
        content      bytea       NOT NULL,
        width        integer     NOT NULL,
        height       integer     NOT NULL,
        -- Who uploaded it first.
        uploaded_by  text        NOT NULL,
        uploaded_at  timestamptz NOT NULL DEFAULT now()
      );
      -- A user's uploads of the last hour are counted at each upload.
      CREATE INDEX uploaded_by_user ON pictures.uploaded (uploaded_by, uploaded_at);
    `,
  },
  {
    version: 2,
    name: 'upload reservations',
    sql: `
      -- The uploads of the last hour by user and by client network, each reserved before its body is
      -- read (picture-store.ts): one in flight holds its place, so uploads sent at once cannot all pass
      -- the count.
      CREATE TABLE pictures.upload_reservations (
        reservation_id bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id        text        NOT NULL,
        network        text        NOT NULL DEFAULT '',
        reserved_at    timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX upload_reservations_by_user ON pictures.upload_reservations (user_id, reserved_at);
      CREATE INDEX upload_reservations_by_network ON pictures.upload_reservations (network, reserved_at);
      -- The uploads already kept count as reservations of their own.
      INSERT INTO pictures.upload_reservations (user_id, reserved_at)
        SELECT uploaded_by, uploaded_at FROM pictures.uploaded WHERE uploaded_at > now() - interval '1 hour';
    `,
  },
];
