import express, { Router } from 'express';
import { BODY_LIMIT } from '@playtime/shared/infra/http/service-app';
import { ApiError } from '@playtime/shared/infra/http/errors';
import { SIGNATURE_HEADER } from '@playtime/shared/infra/payments/stripe-webhooks';
import { WEBHOOK_PATH } from '@playtime/shared/game-loop/payments/setup';
import type { WebhookInbox } from '@playtime/shared/game-loop/payments/webhook-inbox';

/**
 * The processor's webhooks. Mounted among the raw routers, before the JSON parser and the
 * anti-forgery check: the signature covers the exact bytes sent, and the processor has no XSRF cookie.
 */
export function paymentWebhookRoutes(inbox: WebhookInbox): Router {
  const router = Router();
  router.post(WEBHOOK_PATH, express.raw({ type: () => true, limit: BODY_LIMIT }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const receipt = await inbox.receive(raw, req.get(SIGNATURE_HEADER));
    if (!receipt.ok) throw new ApiError(400, 'webhook_refused', receipt.reason);
    res.json({
      received: true,
      duplicate: receipt.duplicate,
      ...(receipt.event.type === 'ignored' ? { ignored: receipt.event.reason } : {}),
    });
  });
  return router;
}
