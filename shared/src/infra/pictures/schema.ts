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
];
