import { createHash } from 'node:crypto';
import type pg from 'pg';
import { STORED_PICTURE_TYPE } from '../../contract/pictures';
import { withTransaction } from '../db/pool';
import type { EncodedPicture } from './re-encode';

export interface StoredPicture {
  pictureId: string;
  contentType: string;
  content: Buffer;
}

/** Keeps a re-encoded picture and answers its id, the SHA-256 of its bytes (the same picture twice: one row). */
export async function savePicture(pool: pg.Pool, picture: EncodedPicture, uploadedBy: string): Promise<string> {
  return (await storePicture(pool, picture, uploadedBy)).pictureId;
}

/** savePicture, also saying whether this upload stored it (false: the same picture was kept already). */
export async function storePicture(
  pool: pg.Pool,
  picture: EncodedPicture,
  uploadedBy: string,
): Promise<{ pictureId: string; stored: boolean }> {
  const pictureId = createHash('sha256').update(picture.bytes).digest('hex');
  const { rowCount } = await pool.query(
    `INSERT INTO pictures.uploaded (picture_id, content_type, content, width, height, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (picture_id) DO NOTHING`,
    [pictureId, STORED_PICTURE_TYPE, picture.bytes, picture.width, picture.height, uploadedBy],
  );
  return { pictureId, stored: rowCount === 1 };
}

/**
 * Takes one of the user's `limit` uploads per `windowSeconds` before the upload's body is read: its id
 * (give it back with releaseUpload when the upload stores nothing), or null when all are taken. The
 * user's reservations are counted and added to under a lock of that user's, so uploads sent at once
 * line up and no more pass than `limit`.
 */
export async function reserveUpload(
  pool: pg.Pool,
  userId: string,
  limit: number,
  windowSeconds: number,
): Promise<string | null> {
  return withTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('picture-uploads:' || $1, 0))`, [userId]);
    await client.query(
      'DELETE FROM pictures.upload_reservations WHERE user_id = $1 AND reserved_at <= now() - make_interval(secs => $2)',
      [userId, windowSeconds],
    );
    const { rows } = await client.query<{ reservation_id: string }>(
      `INSERT INTO pictures.upload_reservations (user_id)
       SELECT $1 WHERE (SELECT count(*) FROM pictures.upload_reservations
                        WHERE user_id = $1 AND reserved_at > now() - make_interval(secs => $3)) < $2
       RETURNING reservation_id`,
      [userId, limit, windowSeconds],
    );
    return rows[0]?.reservation_id ?? null;
  });
}

/** Gives back a reservation whose upload stored nothing (refused, or a picture kept already). */
export async function releaseUpload(pool: pg.Pool, reservationId: string): Promise<void> {
  await pool.query('DELETE FROM pictures.upload_reservations WHERE reservation_id = $1', [reservationId]);
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
