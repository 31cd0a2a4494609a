import express, { Router, type ErrorRequestHandler, type NextFunction, type Request, type Response } from 'express';
import type pg from 'pg';
import {
  PICTURE_MAX_BYTES,
  PICTURE_REFUSALS,
  PICTURE_UPLOADS_PER_HOUR,
  PICTURE_UPLOADS_PER_HOUR_PER_NETWORK,
  UPLOAD_PICTURE_PATH,
  type UploadedPicture,
} from '@playtime/shared/contract/pictures';
import { uploadedPictureUrl } from '@playtime/shared/domain/pictures/addresses';
import { clientNetworkKey } from '@playtime/shared/infra/http/client-network';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError } from '@playtime/shared/infra/http/errors';
import { callersFromLog } from '../command-api';
import { xsrfProtection } from '@playtime/shared/infra/http/xsrf';
import { PictureRefused, reEncodePicture } from '@playtime/shared/infra/pictures/re-encode';
import { releaseUpload, reserveUpload, storePicture } from '@playtime/shared/infra/pictures/picture-store';

export interface PictureUploadDependencies {
  pool: pg.Pool;
  /** Who uploads, from their own stream (connectServiceParts with userInLog): the write side reads no projection. */
  resolveUserFromLog?: ResolveUser;
}

const UPLOAD_LIMITS = {
  perUser: PICTURE_UPLOADS_PER_HOUR,
  perNetwork: PICTURE_UPLOADS_PER_HOUR_PER_NETWORK,
  windowSeconds: 3_600,
};

/** Gives back the upload's reserved place (see reserveUpload), before its refusal or answer is sent. */
async function giveBackReservation(pool: pg.Pool, res: Response): Promise<void> {
  const reservation = res.locals.uploadReservation as string | undefined;
  res.locals.uploadReservation = undefined;
  if (reservation) await releaseUpload(pool, reservation);
}

/**
 * POST /api/upload-picture (see contract/pictures.ts): any logged-in user, for a field's photo or
 * their profile. Mounted before the service's JSON parser, as its body is the image's bytes, so it
 * runs the anti-forgery check itself. Uploading the same picture again answers the same address.
 */
export function pictureUploadRoutes(deps: PictureUploadDependencies): Router {
  const router = Router();
  router.post(
    UPLOAD_PICTURE_PATH,
    xsrfProtection,
    requireUser(callersFromLog(deps)),
    // Counted before the body is read: a user over the limit costs no upload and no decoding. The
    // place is reserved at once (uploads sent together line up for it) and given back when the
    // upload stores nothing.
    async (req: Request, res: Response, next: NextFunction) => {
      const reservation = await reserveUpload(
        deps.pool,
        // An IPv6 client is counted by its /64 (client-network.ts).
        { userId: req.user!.userId, network: clientNetworkKey(req.ip ?? '') },
        UPLOAD_LIMITS,
      );
      if ('refused' in reservation)
        return next(
          reservation.refused === 'user'
            ? new ApiError(429, 'too_many_uploads', PICTURE_REFUSALS.too_many_uploads)
            : new ApiError(429, 'too_many_uploads_from_network', PICTURE_REFUSALS.too_many_uploads_from_network),
        );
      res.locals.uploadReservation = reservation.reservationId;
      next();
    },
    // Any Content-Type: what the bytes are is read from the bytes.
    express.raw({ type: () => true, limit: PICTURE_MAX_BYTES }),
    // A body over the limit (or one that never arrived whole) stores nothing; the former is refused
    // as the contract words it, not as the parser's generic 413.
    (async (error: { type?: string }, _req, res, next) => {
      await giveBackReservation(deps.pool, res);
      next(error.type === 'entity.too.large' ? new ApiError(413, 'too_large', PICTURE_REFUSALS.too_large) : error);
    }) as ErrorRequestHandler,
    async (req: Request, res: Response) => {
      const upload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let picture;
      try {
        picture = await reEncodePicture(upload);
      } catch (error) {
        if (error instanceof PictureRefused) {
          await giveBackReservation(deps.pool, res);
          throw new ApiError(error.reason === 'too_large' ? 413 : 422, error.reason, error.message, {
            picture: error.message,
          });
        }
        throw error;
      }
      const { pictureId, stored } = await storePicture(deps.pool, picture, req.user!.userId);
      // The same picture kept already is not counted again.
      if (!stored) await giveBackReservation(deps.pool, res);
      const answer: UploadedPicture = {
        url: uploadedPictureUrl(pictureId),
        width: picture.width,
        height: picture.height,
        bytes: picture.bytes.length,
      };
      res.status(201).json(answer);
    },
  );
  return router;
}
