import { createHash } from 'node:crypto';
import type pg from 'pg';
import { STORED_PICTURE_TYPE } from '../../contract/pictures';
import type { EncodedPicture } from './re-encode';

export interface StoredPicture {
  pictureId: string;
  contentType: string;
  content: Buffer;
}

/** Keeps a re-encoded picture and answers its id, the SHA-256 of its bytes (the same picture twice: one row). */
export async function savePicture(pool: pg.Pool, picture: EncodedPicture, uploadedBy: string): Promise<string> {
  const pictureId = createHash('sha256').update(picture.bytes).digest('hex');
  await pool.query(
    `INSERT INTO pictures.uploaded (picture_id, content_type, content, width, height, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (picture_id) DO NOTHING`,
    [pictureId, STORED_PICTURE_TYPE, picture.bytes, picture.width, picture.height, uploadedBy],
  );
  return pictureId;
}

/** How many pictures this user has stored since `since` (a picture someone else had stored first is not counted). */
export async function uploadsSince(pool: pg.Pool, uploadedBy: string, since: Date): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM pictures.uploaded WHERE uploaded_by = $1 AND uploaded_at > $2',
    [uploadedBy, since],
  );
  return rows[0]?.count ?? 0;
}

/** The stored picture with this id, or null. */
export async function readPicture(pool: pg.Pool, pictureId: string): Promise<StoredPicture | null> {
  const { rows } = await pool.query<{ content_type: string; content: Buffer }>(
    'SELECT content_type, content FROM pictures.uploaded WHERE picture_id = $1',
    [pictureId],
  );
  const row = rows[0];
  return row ? { pictureId, contentType: row.content_type, content: row.content } : null;
}
