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

export interface UploadLimits {
  perUser: number;
  perNetwork: number;
  windowSeconds: number;
}

/** A reservation's id, or which count is full. */
export type UploadReservation = { reservationId: string } | { refused: 'user' | 'network' };

/**
 * Takes one of the user's and one of the client network's uploads per window before the upload's
 * body is read: its id (give it back with releaseUpload when the upload stores nothing), or which
 * count is full. Both counts are read and added to under locks of that user's and that network's
 * (taken in one order), so uploads sent at once line up and no more pass than the limits.
 */
export async function reserveUpload(
  pool: pg.Pool,
  uploader: { userId: string; network: string },
  limits: UploadLimits,
): Promise<UploadReservation> {
  return withTransaction(pool, async (client) => {
    await client.query(
      `SELECT pg_advisory_xact_lock(hashtextextended(key, 0))
         FROM unnest(ARRAY['picture-uploads-user:' || $1, 'picture-uploads-network:' || $2]) AS key ORDER BY key`,
      [uploader.userId, uploader.network],
    );
    const { rows } = await client.query<{ by_user: number; by_network: number }>(
      `SELECT count(*) FILTER (WHERE user_id = $1)::int AS by_user, count(*) FILTER (WHERE network = $2)::int AS by_network
         FROM pictures.upload_reservations
        WHERE (user_id = $1 OR network = $2) AND reserved_at > now() - make_interval(secs => $3)`,
      [uploader.userId, uploader.network, limits.windowSeconds],
    );
    const counts = rows[0] ?? { by_user: 0, by_network: 0 };
    if (counts.by_user >= limits.perUser) return { refused: 'user' };
    if (counts.by_network >= limits.perNetwork) return { refused: 'network' };
    await client.query(
      `DELETE FROM pictures.upload_reservations
        WHERE (user_id = $1 OR network = $2) AND reserved_at <= now() - make_interval(secs => $3)`,
      [uploader.userId, uploader.network, limits.windowSeconds],
    );
    const inserted = await client.query<{ reservation_id: string }>(
      'INSERT INTO pictures.upload_reservations (user_id, network) VALUES ($1, $2) RETURNING reservation_id',
      [uploader.userId, uploader.network],
    );
    return { reservationId: inserted.rows[0]!.reservation_id };
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
