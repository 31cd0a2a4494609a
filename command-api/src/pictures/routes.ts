import express, { Router, type ErrorRequestHandler, type NextFunction, type Request, type Response } from 'express';
import type pg from 'pg';
import {
  PICTURE_MAX_BYTES,
  PICTURE_REFUSALS,
  PICTURE_UPLOADS_PER_HOUR,
  UPLOAD_PICTURE_PATH,
  type UploadedPicture,
} from '@playtime/shared/contract/pictures';
import { uploadedPictureUrl } from '@playtime/shared/domain/pictures/addresses';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError } from '@playtime/shared/infra/http/errors';
import { xsrfProtection } from '@playtime/shared/infra/http/xsrf';
import { PictureRefused, reEncodePicture } from '@playtime/shared/infra/pictures/re-encode';
import { savePicture, uploadsSince } from '@playtime/shared/infra/pictures/picture-store';

export interface PictureUploadDependencies {
  pool: pg.Pool;
  resolveUser: ResolveUser;
}

const HOUR_MS = 3_600_000;

/** A body over the limit is refused as the contract words it, not as the parser's generic 413. */
const refuseTooLarge: ErrorRequestHandler = (error: { type?: string }, _req, _res, next) => {
  next(error.type === 'entity.too.large' ? new ApiError(413, 'too_large', PICTURE_REFUSALS.too_large) : error);
};

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
    requireUser(deps.resolveUser),
    // Counted before the body is read: a user over the limit costs no upload and no decoding.
    async (req: Request, _res: Response, next: NextFunction) => {
      const since = new Date(Date.now() - HOUR_MS);
      if ((await uploadsSince(deps.pool, req.user!.userId, since)) >= PICTURE_UPLOADS_PER_HOUR)
        return next(new ApiError(429, 'too_many_uploads', PICTURE_REFUSALS.too_many_uploads));
      next();
    },
    // Any Content-Type: what the bytes are is read from the bytes.
    express.raw({ type: () => true, limit: PICTURE_MAX_BYTES }),
    refuseTooLarge,
    async (req: Request, res: Response) => {
      const upload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let picture;
      try {
        picture = await reEncodePicture(upload);
      } catch (error) {
        if (error instanceof PictureRefused) {
          throw new ApiError(error.reason === 'too_large' ? 413 : 422, error.reason, error.message, {
            picture: error.message,
          });
        }
        throw error;
      }
      const pictureId = await savePicture(deps.pool, picture, req.user!.userId);
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
