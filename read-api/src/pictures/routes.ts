import { Router } from 'express';
import type pg from 'pg';
import { PICTURE_CACHE_CONTROL } from '@playtime/shared/contract/pictures';
import { UPLOADED_PICTURE_PATH, uploadedPictureId } from '@playtime/shared/domain/pictures/addresses';
import { ApiError } from '@playtime/shared/infra/http/errors';
import { readPicture } from '@playtime/shared/infra/pictures/picture-store';

const NO_SUCH_PICTURE = 'There is no such picture.';

/**
 * GET /api/pictures/:pictureId: an uploaded picture, to anyone (fields and game cards show them
 * before login). Its id is the hash of its bytes, so the ETag is the id and the answer can be
 * cached for a year: a changed picture has another address.
 */
export function pictureQueryRoutes(deps: { pool: pg.Pool }): Router {
  const router = Router();
  router.get(`${UPLOADED_PICTURE_PATH}:pictureId`, async (req, res) => {
    const pictureId = uploadedPictureId(req.path);
    if (!pictureId) throw new ApiError(404, 'not_found', NO_SUCH_PICTURE);
    const etag = `"${pictureId}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', PICTURE_CACHE_CONTROL);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const picture = await readPicture(deps.pool, pictureId);
    if (!picture) {
      res.removeHeader('ETag');
      res.setHeader('Cache-Control', 'no-store');
      throw new ApiError(404, 'not_found', NO_SUCH_PICTURE);
    }
    res.type(picture.contentType).send(picture.content);
  });
  return router;
}
