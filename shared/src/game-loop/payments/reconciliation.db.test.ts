/**
 * Reconciliation against the simulated processor whose webhooks are lost on the way (they are kept
 * here and never delivered unless a test delivers them), on a real event store.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditDecider } from '../../domain/ledger/credit-decider';
import { creditStream } from '../../domain/ledger/credit-events';
import { ledgerDecider } from '../../domain/ledger/decider';
import { ledgerStream } from '../../domain/ledger/events';
import { handleCommand } from '../../infra/commands/command-handler';
import { migrate } from '../../infra/db/migrations';
import { createLogger } from '../../infra/logging';
import { TestPaymentPurposes } from '../../testing/payment-purposes';
import { DECLINED_CARD, paymentRequest, TEST_CARD as card } from '../../testing/payments-database';
import { storeDatabase } from '../../testing/store-database';
import type { PaymentPurpose } from '../../infra/payments/port';
import { Reconciliation, reconciliationMigrations, startReconciling } from './reconciliation';
import { SimulatedPaymentProcessor } from '../../infra/payments/simulated/simulated-processor';
import { signWebhook } from '../../infra/payments/stripe-webhooks';
import { WebhookInbox, webhookInboxMigrations } from './webhook-inbox';

const logger = createLogger('reconciliation-test');

describe('payment reconciliation', () => {
  const db = storeDatabase('reconcile');
  let processor: SimulatedPaymentProcessor;
  let inbox: WebhookInbox;
  let reconciliation: Reconciliation;
  const lost: string[] = [];
  const bought: string[] = [];
  /** The failed payments whose purpose heard of their failure (issue #45: the credit beside them comes back). */
  const failed: string[] = [];
  let serial = 0;

  beforeAll(async () => {
    const { pool, store } = db;
    await migrate(pool, 'payments', webhookInboxMigrations);
    await migrate(pool, 'payments-reconciliation', reconciliationMigrations);
    processor = await SimulatedPaymentProcessor.open(pool, {
      sendWebhook: async ({ payload }) => void lost.push(payload),
    });
    const purposes = new TestPaymentPurposes();
    purposes.onPaymentSucceeded('entry', async (payment) => void bought.push(payment.paymentId));
    purposes.onPaymentFailed('entry', async (payment) => void failed.push(payment.paymentId));
    inbox = new WebhookInbox({ pool, store, processor, purposes });
    reconciliation = reconciliationAt(() => new Date(), 0);
  });
  beforeEach(async () => {
    // Whatever earlier tests left is reconciled first, so each test sees only its own payments.
    await reconciliation.run();
    bought.length = 0;
    failed.length = 0;
  });

  /** Reconciliation by this clock, leaving payments younger than `graceMs` to their webhooks. */
  const reconciliationAt = (now: () => Date, graceMs: number) =>
    new Reconciliation({ pool: db.pool, store: db.store, processor, inbox, now, graceMs, logger });
  const pay = async (amountCents: number, purpose: PaymentPurpose = { kind: 'entry', gameId: 'game-1' }) => {
    serial += 1;
    const created = await processor.createPayment(
      paymentRequest({ amountCents, purpose, payerId: `player-${serial}`, idempotencyKey: `k-${serial}` }),
    );
    await processor.confirm(created.clientSecret, card);
    return created.paymentId;
  };
  const ledgerTypes = async (paymentId: string) =>
    (await db.store.readStream(ledgerStream(paymentId))).map((event) => event.type);
  const deliver = (payload: string) =>
    inbox.receive(Buffer.from(payload), signWebhook(payload, processor.signingSecret));

  it('completes an authorization whose webhook and client were lost, moving no money, then books its capture (issue #45)', async () => {
    serial += 1;
    const created = await processor.createPayment(
      paymentRequest({
        amountCents: 900,
        payerId: `player-${serial}`,
        idempotencyKey: `k-${serial}`,
        capture: 'manual',
      }),
    );
    await processor.confirm(created.clientSecret, card);
    const { paymentId } = created;
    const run = await reconciliation.run();
    expect(run.differences).toEqual([]);
    expect(bought).toEqual([paymentId]);
    expect(await ledgerTypes(paymentId)).toEqual([]);
    // Watched while held; captured with its webhook lost, the next run books it once.
    await processor.capturePayment(paymentId, `capture-${paymentId}`);
    const later = await reconciliation.run();
    expect(later.differences).toEqual([expect.objectContaining({ paymentId, kind: 'payment_not_applied' })]);
    expect(await ledgerTypes(paymentId)).toEqual(['PaymentDifferenceFound', 'PaymentReceived']);
    expect((await reconciliation.run()).differences).toEqual([]);
  });

  it('applies a succeeded payment whose webhook and client were both lost, once, and tells an admin', async () => {
    const paymentId = await pay(1500);
    expect(await ledgerTypes(paymentId)).toEqual([]);

    const run = await reconciliation.run();
    expect(run.checked).toBe(1);
    expect(run.differences).toEqual([
      expect.objectContaining({
        paymentId,
        kind: 'payment_not_applied',
        resolution: 'applied',
        processorAmountCents: 1500,
        ledgerAmountCents: null,
      }),
    ]);
    expect(await ledgerTypes(paymentId)).toEqual(['PaymentDifferenceFound', 'PaymentReceived']);
    expect(bought).toEqual([paymentId]);

    // The lost webhook arriving after all, and the payment looked at again, change nothing.
    expect(await deliver(lost.at(-1)!)).toMatchObject({ ok: true, duplicate: false });
    expect(await reconciliation.reconcile((await processor.retrievePayment(paymentId))!)).toEqual([]);
    expect((await reconciliation.run()).checked).toBe(0);
    expect(await ledgerTypes(paymentId)).toEqual(['PaymentDifferenceFound', 'PaymentReceived']);
  });

  it('applies refunds the processor made that never reached the ledger; partial refunds add up', async () => {
    const paymentId = await pay(4000);
    await deliver(lost.at(-1)!);
    await processor.refund({ paymentId, amountCents: 1000, idempotencyKey: `r1-${paymentId}` });
    await processor.refund({ paymentId, amountCents: 500, idempotencyKey: `r2-${paymentId}` });

    const run = await reconciliation.run();
    expect(run.differences).toEqual([
      expect.objectContaining({ kind: 'refund_not_applied', processorRefundedCents: 1500, ledgerRefundedCents: 0 }),
    ]);
    const ledger = await db.store.readStream(ledgerStream(paymentId));
    expect(
      ledger
        .filter((event) => event.type === 'RefundIssued')
        .map((event) => (event.data as { amountCents: number }).amountCents),
    ).toEqual([1000, 500]);
    expect(await reconciliation.reconcile((await processor.retrievePayment(paymentId))!)).toEqual([]);
  });

  it('leaves unconfirmed and failed payments alone, and payments younger than the grace period for their webhooks', async () => {
    serial += 1;
    await processor.createPayment(paymentRequest({ idempotencyKey: `k-${serial}` }));
    const declined = await processor.createPayment(paymentRequest({ idempotencyKey: `k-${serial}-d` }));
    await processor.confirm(declined.clientSecret, DECLINED_CARD);
    const patient = reconciliationAt(() => new Date(), 60 * 60_000);
    const young = await pay(700);

    expect(await patient.run()).toEqual({ checked: 0, differences: [] });
    expect(await ledgerTypes(young)).toEqual([]);
    const run = await reconciliation.run();
    expect(run.checked).toBe(3);
    expect(run.differences.map((difference) => difference.paymentId)).toEqual([young]);
    // Nothing to book for the declined one: its purpose hears of the failure, as from its webhook.
    expect(failed).toEqual([declined.paymentId]);
  });

  it('applies a payment confirmed after the cursor passed it (its webhook lost) on a later run, then forgets it', async () => {
    serial += 1;
    const later = await processor.createPayment(
      paymentRequest({ amountCents: 2500, payerId: 'p-late', idempotencyKey: `k-${serial}` }),
    );
    const retried = await processor.createPayment(
      paymentRequest({ amountCents: 2600, payerId: 'p-retry', idempotencyKey: `k-${serial}-r` }),
    );
    await processor.confirm(retried.clientSecret, DECLINED_CARD);
    expect(await reconciliation.run()).toEqual({ checked: 2, differences: [] });
    // (An earlier test's unpaid payments are watched too.)
    const watched = async () =>
      (
        await db.pool.query<{ payment_id: string }>(
          'SELECT payment_id FROM payment_reconciliation_watch WHERE payment_id = ANY($1) ORDER BY payment_id',
          [[later.paymentId, retried.paymentId]],
        )
      ).rows.map((row) => row.payment_id);
    expect(await watched()).toEqual([later.paymentId, retried.paymentId].sort());

    // Still not paid: looked at, not compared.
    expect(await reconciliation.run()).toEqual({ checked: 0, differences: [] });
    // Both paid now (the declined one with another card); their webhooks are lost.
    await processor.confirm(later.clientSecret, card);
    await processor.confirm(retried.clientSecret, card);
    const run = await reconciliation.run();
    expect(run.checked).toBe(2);
    expect(run.differences.map((difference) => [difference.paymentId, difference.kind]).sort()).toEqual(
      [
        [later.paymentId, 'payment_not_applied'],
        [retried.paymentId, 'payment_not_applied'],
      ].sort(),
    );
    expect(bought.sort()).toEqual([later.paymentId, retried.paymentId].sort());
    expect(await ledgerTypes(later.paymentId)).toEqual(['PaymentDifferenceFound', 'PaymentReceived']);
    expect(await watched()).toEqual([]);
    expect(await reconciliation.run()).toEqual({ checked: 0, differences: [] });
  });

  it('stops watching a payment never paid once the watch is over', async () => {
    serial += 1;
    const abandoned = await processor.createPayment(
      paymentRequest({ amountCents: 800, payerId: 'p-gone', idempotencyKey: `k-${serial}` }),
    );
    await reconciliation.run();
    const count = async () =>
      (await db.pool.query('SELECT 1 FROM payment_reconciliation_watch WHERE payment_id = $1', [abandoned.paymentId]))
        .rowCount;
    expect(await count()).toBe(1);
    const weekLater = reconciliationAt(() => new Date(Date.now() + 8 * 24 * 60 * 60_000), 0);
    await weekLater.run();
    expect(await count()).toBe(0);
  });

  it('records, once, what it must not fix: a ledger that refunded more than the processor did', async () => {
    const paymentId = await pay(2000);
    await deliver(lost.at(-1)!);
    await handleCommand({
      store: db.store,
      decider: ledgerDecider,
      streamId: ledgerStream(paymentId),
      command: { type: 'RecordRefund', paymentId, refundId: 're_unknown', amountCents: 800 },
      context: { now: new Date(), newId: () => 'x', actorId: null },
      metadata: { userId: null, correlationId: 'test', causationId: null },
    });
    const payment = (await processor.retrievePayment(paymentId))!;
    expect(await reconciliation.reconcile(payment)).toEqual([
      expect.objectContaining({
        kind: 'ledger_refunded_more',
        resolution: 'needs_attention',
        processorRefundedCents: 0,
        ledgerRefundedCents: 800,
      }),
    ]);
    await reconciliation.reconcile(payment);
    expect((await ledgerTypes(paymentId)).filter((type) => type === 'PaymentDifferenceFound')).toHaveLength(1);
  });

  it("records, once, where a payer's Playtime credit disagrees with the ledger (issue #45)", async () => {
    const paymentId = await pay(700);
    await deliver(lost.at(-1)!);
    const payerId = `player-${serial}`;
    // Credit granted with no refund as credit behind it in the ledger.
    await handleCommand({
      store: db.store,
      decider: creditDecider,
      streamId: creditStream(payerId),
      command: {
        type: 'GrantCredit',
        userId: payerId,
        amountCents: 300,
        reason: 'refund',
        fromPaymentId: paymentId,
        gameId: null,
        key: 'k-grant',
      },
      context: { now: new Date(), newId: () => 'x', actorId: null },
      metadata: { userId: null, correlationId: 'test', causationId: null },
    });
    const payment = (await processor.retrievePayment(paymentId))!;
    const found = await reconciliation.reconcile(payment);
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'credit_without_refund',
        paymentId,
        payerId,
        processorStatus: 'credit',
        processorAmountCents: 300,
        ledgerAmountCents: null,
        resolution: 'needs_attention',
      }),
    ]);
    await reconciliation.reconcile(payment);
    expect((await ledgerTypes(paymentId)).filter((type) => type === 'PaymentDifferenceFound')).toHaveLength(1);
    // A spend younger than the grace period is left to its checkout, which records it a moment later.
    await handleCommand({
      store: db.store,
      decider: creditDecider,
      streamId: creditStream(payerId),
      command: {
        type: 'SpendCredit',
        userId: payerId,
        amountCents: 300,
        paymentId: 'credit_pending',
        gameId: 'game-1',
      },
      context: { now: new Date(), newId: () => 'x', actorId: null },
      metadata: { userId: null, correlationId: 'test', causationId: null },
    });
    expect(await reconciliationAt(() => new Date(), 60_000).reconcile(payment)).toEqual([]);
    expect(await reconciliation.reconcile(payment)).toEqual([
      expect.objectContaining({ kind: 'credit_without_refund' }),
      expect.objectContaining({ kind: 'credit_spend_unpaid', paymentId: 'credit_pending', processorAmountCents: 300 }),
    ]);
  });

  it('checks the credit of a payer who only ever paid with credit, found in the log (issue #45)', async () => {
    serial += 1;
    const payerId = `credit-only-${serial}`;
    const paymentId = `credit_only_${serial}`;
    const grant = {
      type: 'GrantCredit' as const,
      userId: payerId,
      amountCents: 500,
      reason: 'refund' as const,
      fromPaymentId: 'pi_nowhere',
      gameId: null,
      key: `k-only-${serial}`,
    };
    // A grant with no refund behind it, spent on a credit payment the ledger never received; and no card
    // payment by this payer anywhere for reconciliation's walk of the processor to find.
    await handleCommand({
      store: db.store,
      decider: creditDecider,
      streamId: creditStream(payerId),
      command: grant,
      context: { now: new Date(), newId: () => 'x', actorId: null },
      metadata: { userId: null, correlationId: 'test', causationId: null },
    });
    await handleCommand({
      store: db.store,
      decider: creditDecider,
      streamId: creditStream(payerId),
      command: { type: 'SpendCredit', userId: payerId, amountCents: 500, paymentId, gameId: 'game-1' },
      context: { now: new Date(), newId: () => 'x', actorId: null },
      metadata: { userId: null, correlationId: 'test', causationId: null },
    });
    // Younger than the grace: left to its checkout.
    const early = await reconciliationAt(() => new Date(), 60_000).run();
    expect(early.differences.filter((difference) => difference.payerId === payerId)).toEqual([]);

    const run = await reconciliation.run();
    expect(run.differences.filter((difference) => difference.payerId === payerId)).toEqual([
      expect.objectContaining({ kind: 'credit_without_refund', paymentId: 'pi_nowhere', processorAmountCents: 500 }),
      expect.objectContaining({ kind: 'credit_spend_unpaid', paymentId, processorAmountCents: 500 }),
    ]);
    // Once per the same figures, and an account the log has moved past is not read again.
    const again = await reconciliation.run();
    expect(again.differences.filter((difference) => difference.payerId === payerId)).toEqual([]);
    expect((await ledgerTypes(paymentId)).filter((type) => type === 'PaymentDifferenceFound')).toHaveLength(1);
  });

  it('runs once at a time: concurrent runs apply a lost payment once', async () => {
    const paymentIds = [await pay(100), await pay(200), await pay(300)];
    const runs = await Promise.all(Array.from({ length: 8 }, () => reconciliation.run()));
    expect(runs.reduce((sum, run) => sum + run.checked, 0)).toBe(3);
    expect(bought.sort()).toEqual([...paymentIds].sort());
    for (const paymentId of paymentIds)
      expect(await ledgerTypes(paymentId)).toEqual(['PaymentDifferenceFound', 'PaymentReceived']);
  });

  it('the repeating job runs at start, and its state is kept for admins', async () => {
    const paymentId = await pay(1200);
    const job = await startReconciling(reconciliation, {
      backend: { kind: 'postgres', connectionString: db.url },
      everyMinutes: 60,
      logger,
    });
    try {
      await expect
        .poll(() => ledgerTypes(paymentId), { timeout: 15_000, interval: 100 })
        .toEqual(['PaymentDifferenceFound', 'PaymentReceived']);
      const { rows } = await db.pool.query(
        'SELECT last_checked, last_differences, last_error, cursor IS NOT NULL AS has_cursor FROM payment_reconciliation',
      );
      expect(rows[0]).toMatchObject({ last_error: null, has_cursor: true });
    } finally {
      await job.close();
    }
  });
});
