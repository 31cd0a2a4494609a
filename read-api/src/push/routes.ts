import { Router, type Response } from 'express';
import { PUSH_PUBLIC_KEY_PATH, type PushPublicKey } from '@playtime/shared/contract/push';
import type { VapidKeys } from '@playtime/shared/infra/push/vapid';

/** GET /api/push-public-key (issue #46): the key a browser subscribes with; the same for every user. */
export function pushQueryRoutes(deps: { vapid: Pick<VapidKeys, 'publicKey'> }): Router {
  const router = Router();
  router.get(PUSH_PUBLIC_KEY_PATH, (_req, res: Response<PushPublicKey>) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json({ publicKey: deps.vapid.publicKey });
  });
  return router;
}
