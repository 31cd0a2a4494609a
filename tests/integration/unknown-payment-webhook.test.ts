/**
 * Integration (HTTP, real PostgreSQL): a validly signed webhook about a payment the processor does not
 * know. Before the inbox checked each payment with the processor, such a webhook wrote a
 * PaymentReceived to the ledger, then failed in the purpose's handler (a refund of a payment the
 * processor does not have) with a 500, so the processor retried it for ever. Now it is acknowledged,
 * nothing is booked, and the admins' System tab and bell show it as a reconciliation finding.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PATH, type NotificationList } from '@playtime/shared/contract/notifications';
import type { SystemStatus } from '@playtime/shared/contract/operations';
import type { Payment, PaymentWebhookType } from '@playtime/shared/infra/payments/port';
import { webhookPayload } from '@playtime/shared/infra/payments/stripe-objects';
import { postWebhook, signedBy } from '../support/payments';
import { appWithAdmin } from '../support/standalone-app';
import { waitFor } from '../support/wait';

const unknown: Payment = {
  paymentId: 'pi_sim_nobody_made_this',
  status: 'succeeded',
  amountCents: 5_000,
  currency: 'usd',
  purpose: { kind: 'rental', holdId: 'hold-that-never-was', subFieldId: 'sub-field-that-never-was' },
  payerId: 'payer-that-never-paid',
  receiverId: 'receiver-that-never-received',
  feeCents: 0,
  refundedCents: 0,
  failureMessage: null,
};

describe('a signed webhook for a payment the processor does not know, over HTTP', () => {
  const suite = appWithAdmin();

  it('is acknowledged, never booked, and shown to admins as a finding once', async () => {
    const db = new pg.Pool({ connectionString: suite.app.databaseUrl, max: 2 });
    try {
      const sign = signedBy(suite.app.payments.simulated!.signingSecret);
      const deliver = (eventId: string, type: PaymentWebhookType, payment: Payment) => {
        const now = Math.floor(Date.now() / 1000);
        const facts = { payment, created: now, eventCreated: now, refunds: [], destinationAccount: null };
        const payload = webhookPayload({ eventId, type, ...facts });
        return postWebhook(suite.app.url, payload, sign(payload));
      };

      const { rows: head } = await db.query<{ last: number }>(
        'SELECT coalesce(max(global_position), 0)::bigint AS last FROM es_events',
      );

      const first = await deliver('evt_unknown_1', 'payment_intent.succeeded', unknown);
      expect(first).toEqual({ status: 200, body: { received: true, duplicate: false } });
      // The processor's retry of the same event, another event about the same payment, and a refund of it.
      expect(await deliver('evt_unknown_1', 'payment_intent.succeeded', unknown)).toEqual({
        status: 200,
        body: { received: true, duplicate: true },
      });
      expect((await deliver('evt_unknown_2', 'payment_intent.succeeded', unknown)).status).toBe(200);
      expect((await deliver('evt_unknown_3', 'charge.refunded', { ...unknown, refundedCents: 5_000 })).status).toBe(
        200,
      );

      // The one event the webhooks wrote is the finding: no money in the ledger, no booking, no game.
      const { rows: written } = await db.query<{ stream_id: string; type: string; data: { kind?: string } }>(
        'SELECT stream_id, type, data FROM es_events WHERE global_position > $1 ORDER BY global_position',
        [head[0]!.last],
      );
      expect(written).toEqual([
        {
          stream_id: `ledger-payment-${unknown.paymentId}`,
          type: 'PaymentDifferenceFound',
          data: expect.objectContaining({ kind: 'unknown_to_processor', ledgerAmountCents: null }),
        },
      ]);

      const finding = await waitFor('the finding in the System tab', async () => {
        const status = (await suite.admin.get('/api/admin/system')).json as SystemStatus;
        return status.reconciliation.differences.find((difference) => difference.paymentId === unknown.paymentId);
      });
      expect(finding).toMatchObject({
        kind: 'unknown_to_processor',
        resolution: 'needs_attention',
        payer: unknown.payerId,
        receiver: unknown.receiverId,
        processorStatus: 'unknown',
        ledgerAmountCents: null,
      });
      expect(((await suite.admin.get('/api/admin/system')).json as SystemStatus).reconciliation.needsAttention).toBe(1);

      // Every admin's bell says so too (issue #31).
      const told = await waitFor("the finding in the admin's notifications", async () =>
        ((await suite.admin.get(NOTIFICATIONS_PATH)).json as NotificationList).items.find(
          (item) => item.kind === 'reconciliation-finding',
        ),
      );
      expect(told).toMatchObject({
        text: `Reconciliation found a payment that needs attention (${unknown.paymentId}: unknown to processor).`,
        link: '/admin?tab=system',
      });
    } finally {
      await db.end();
    }
  });
});
