import { Router } from 'express';
import type pg from 'pg';
import {
  PUSH_SUBSCRIPTIONS_DELETE_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  deletePushSubscriptionSchema,
  pushEndpointRefusal,
  pushSubscriptionSchema,
} from '@playtime/shared/contract/push';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { deleteSubscription, saveSubscription } from '@playtime/shared/infra/push/subscriptions';

export interface PushCommandDependencies {
  pool: pg.Pool;
  resolveUser: ResolveUser;
  /** PUSH_ALLOW_LOOPBACK: plain-http endpoints on loopback are taken (a test's local receiver). */
  pushAllowLoopback: boolean;
}

/**
 * A device subscribing to push and unsubscribing (issue #46). Not events: a subscription is a secret of
 * its user, kept beside the notifications read model (DESIGN §9).
 */
export function pushCommandRoutes(deps: PushCommandDependencies): Router {
  const router = Router();
  const signedIn = requireUser(deps.resolveUser);

  router.post(PUSH_SUBSCRIPTIONS_PATH, signedIn, async (req, res) => {
    const subscription = parseBody(pushSubscriptionSchema, req.body);
    const refusal = pushEndpointRefusal(subscription.endpoint, deps.pushAllowLoopback);
    if (refusal) throw new ApiError(400, 'bad_endpoint', refusal);
    await saveSubscription(deps.pool, req.user!.userId, subscription);
    res.json({ ok: true });
  });

  router.post(PUSH_SUBSCRIPTIONS_DELETE_PATH, signedIn, async (req, res) => {
    const { endpoint } = parseBody(deletePushSubscriptionSchema, req.body);
    res.json({ deleted: await deleteSubscription(deps.pool, req.user!.userId, endpoint) });
  });

  return router;
}
