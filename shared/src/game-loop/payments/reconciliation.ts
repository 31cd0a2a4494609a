/**
 * Reconciliation: the ledger compared with the processor's own books, so that no payment is lost when
 * both its webhook and its client were. A job walks the processor's payments in the order it made them
 * (from a cursor kept here), folds each payment's ledger stream and records every difference as a
 * `PaymentDifferenceFound` an admin sees. A payment that had not succeeded yet when the cursor passed
 * it is watched and looked at again on later runs, for it may still succeed. What the ledger merely
 * missed (a succeeded payment or a refund never applied) is applied the way its webhook would have
 * been; anything else waits for a person.
 */
import { ledgerDecider, type Difference, type LedgerState } from '../../domain/ledger/decider';
import { ledgerStream } from '../../domain/ledger/events';
import { commandDoorOf, type CommandDoor } from '../../infra/commands/command-door';
import { currentState } from '../../infra/commands/current-state';
import type { Migration } from '../../infra/db/migrations';
import type { Pool } from '../../infra/db/pool';
import { formatCheckpoint, parseCheckpoint } from '../../infra/eventstore/checkpoint';
import type { EventStore } from '../../infra/eventstore/port';
import { CREDIT_EVENT_TYPES, type CreditEvent } from '../../domain/ledger/credit-events';
import type { JobBackend } from '../../infra/jobs/port';
import { JOB_QUEUES } from '../../infra/jobs/queues';
import { startRepeatingJob } from '../../infra/jobs/repeating';
import type { Logger } from '../../infra/logging';
import type { Payment, PaymentProcessor, Refund } from '../../infra/payments/port';
import { creditDifference, creditFindingsOf } from '../credit/credit-reconciliation';

export const reconciliationMigrations: Migration[] = [
  {
    version: 1,
    name: 'reconciliation cursor',
    sql: `
      CREATE TABLE payment_reconciliation (
        singleton        boolean     PRIMARY KEY DEFAULT true CHECK (singleton),
        cursor           text,
        last_run_at      timestamptz,
        last_checked     integer     NOT NULL DEFAULT 0,
        last_differences integer     NOT NULL DEFAULT 0,
        last_error       text
      );
      INSERT INTO payment_reconciliation DEFAULT VALUES;
    `,
  },
  {
    version: 2,
    name: 'payments watched until they succeed',
    sql: `
      CREATE TABLE payment_reconciliation_watch (
        payment_id text        PRIMARY KEY,
        created_at timestamptz NOT NULL,
        looked_at  timestamptz NOT NULL
      );
      CREATE INDEX payment_reconciliation_watch_looked_at ON payment_reconciliation_watch (looked_at);
    `,
  },
  {
    version: 3,
    name: 'credit accounts reconciled from the log',
    sql: `ALTER TABLE payment_reconciliation ADD COLUMN credit_cursor text;`,
  },
];

export interface ReconciliationRun {
  /** Payments compared with the ledger in this run. */
  checked: number;
  differences: Difference[];
}

export interface ReconciliationDependencies {
  pool: Pool;
  store: EventStore;
  /** The process's door for commands (a door of its own on `store` when none is given). */
  commands?: CommandDoor;
  processor: PaymentProcessor;
  /** What a webhook would have done, done late (the webhook inbox). */
  inbox: {
    applySucceededPayment(payment: Payment, causeId: string): Promise<void>;
    applyRefunds(payment: Payment, refunds: Refund[], causeId: string): Promise<void>;
    /** Issue #45: what an authorization's lost webhook would have done (a held entry's join). */
    applyAuthorizedPayment(payment: Payment, causeId: string): Promise<void>;
    applyFailedPayment(payment: Payment, causeId: string): Promise<void>;
  };
  now: () => Date;
  /**
   * Payments younger than this are left for their webhook (it usually lands within seconds); the
   * cursor stops before them, so they are compared on a later run.
   */
  graceMs: number;
  /**
   * A payment that had not succeeded when the cursor passed it (unconfirmed, waiting for its payer's
   * authentication, or declined and tried again later) is looked at again on every run for this long
   * after it was made (default 7 days), since it may still succeed with its webhook lost.
   */
  watchMs?: number;
  logger: Logger;
}

const PAGE = 100;
const WATCH_MS = 7 * 24 * 60 * 60_000;
/** Watched payments looked at per run, those looked at longest ago first. */
const WATCHED_PER_RUN = 500;
/** One run at a time across every process of a deployment (a job per slot already makes two rare). */
const RUN_LOCK = `hashtext('playtime-payment-reconciliation')`;
/** The log read for credit accounts per run, at most (the rest on later runs). */
const CREDIT_LOG_PAGE = 1000;
const CREDIT_LOG_PAGES_PER_RUN = 50;

export class Reconciliation {
  private readonly commands: CommandDoor;

  constructor(private readonly deps: ReconciliationDependencies) {
    this.commands = commandDoorOf(deps);
  }

  async run(): Promise<ReconciliationRun> {
    const client = await this.deps.pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${RUN_LOCK}) AS locked`);
      if (!rows[0]?.locked) return { checked: 0, differences: [] };
      try {
        const run = await this.walk();
        await this.deps.pool.query(
          'UPDATE payment_reconciliation SET last_run_at = $1, last_checked = $2, last_differences = $3, last_error = NULL',
          [this.deps.now(), run.checked, run.differences.length],
        );
        return run;
      } catch (error) {
        await this.deps.pool.query('UPDATE payment_reconciliation SET last_run_at = $1, last_error = $2', [
          this.deps.now(),
          (error as Error).message,
        ]);
        throw error;
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${RUN_LOCK})`);
      }
    } finally {
      client.release();
    }
  }

  private async walk(): Promise<ReconciliationRun> {
    const run: ReconciliationRun = { checked: 0, differences: [] };
    await this.lookAtWatched(run);
    await this.checkCreditAccounts(run);
    const { rows } = await this.deps.pool.query<{ cursor: string | null }>('SELECT cursor FROM payment_reconciliation');
    let cursor = rows[0]?.cursor ?? null;
    const settledBefore = this.deps.now().getTime() - this.deps.graceMs;
    for (;;) {
      const page = await this.deps.processor.listPayments(cursor, PAGE);
      for (const listed of page) {
        if (listed.created * 1000 > settledBefore) return run;
        run.differences.push(...(await this.reconcile(listed.payment)));
        run.checked += 1;
        await this.completeWhatItHolds(listed.payment);
        if (listed.payment.status !== 'succeeded') await this.watch(listed.payment.paymentId, listed.created);
        cursor = listed.cursor;
        // Kept after each payment: a run cut short starts again where it was, and a payment looked at
        // twice finds nothing new (what was applied is in the ledger; a finding is recorded once).
        await this.deps.pool.query('UPDATE payment_reconciliation SET cursor = $1', [cursor]);
      }
      if (page.length < PAGE) return run;
    }
  }

  private async watch(paymentId: string, createdSeconds: number): Promise<void> {
    await this.deps.pool.query(
      'INSERT INTO payment_reconciliation_watch (payment_id, created_at, looked_at) VALUES ($1, $2, $3) ON CONFLICT (payment_id) DO NOTHING',
      [paymentId, new Date(createdSeconds * 1000), this.deps.now()],
    );
  }

  /**
   * The watched payments, again: one that has succeeded since is compared (and leaves the list); one
   * older than the watch leaves it unlooked-at; the rest stay. Only a compared payment counts as checked.
   */
  private async lookAtWatched(run: ReconciliationRun): Promise<void> {
    const now = this.deps.now();
    const watchedSince = new Date(now.getTime() - (this.deps.watchMs ?? WATCH_MS));
    await this.deps.pool.query('DELETE FROM payment_reconciliation_watch WHERE created_at < $1', [watchedSince]);
    const { rows } = await this.deps.pool.query<{ payment_id: string }>(
      'SELECT payment_id FROM payment_reconciliation_watch ORDER BY looked_at LIMIT $1',
      [WATCHED_PER_RUN],
    );
    for (const { payment_id: paymentId } of rows) {
      const payment = await this.deps.processor.retrievePayment(paymentId);
      if (payment) await this.completeWhatItHolds(payment);
      if (payment?.status === 'succeeded') {
        run.differences.push(...(await this.reconcile(payment)));
        run.checked += 1;
      }
      // A released hold (issue #45) can never succeed any more: it is watched no longer either.
      if (!payment || payment.status === 'succeeded' || payment.status === 'canceled')
        await this.deps.pool.query('DELETE FROM payment_reconciliation_watch WHERE payment_id = $1', [paymentId]);
      else
        await this.deps.pool.query('UPDATE payment_reconciliation_watch SET looked_at = $2 WHERE payment_id = $1', [
          paymentId,
          now,
        ]);
    }
  }

  /**
   * Issue #45: an authorized payment is no money yet (nothing to compare), but what it holds may have
   * been lost with its webhook and its client (a held entry never joined): that is completed, as its
   * webhook would have (idempotent: a join already made changes nothing). Watched until captured or released.
   * A failed one gives back what its webhook would have (credit spent beside it, once due; idempotent too).
   */
  private async completeWhatItHolds(payment: Payment): Promise<void> {
    if (payment.status === 'requires_capture')
      await this.deps.inbox.applyAuthorizedPayment(payment, `reconcile-${payment.paymentId}`);
    if (payment.status === 'failed')
      await this.deps.inbox.applyFailedPayment(payment, `reconcile-${payment.paymentId}`);
  }

  /** What disagrees in one user's credit account, but for spends younger than the grace (their checkout records them a moment later). */
  private async creditDifferencesOf(userId: string): Promise<Difference[]> {
    const settledBefore = this.deps.now().getTime() - this.deps.graceMs;
    return (await creditFindingsOf(this.deps.store, userId))
      .filter((finding) => Date.parse(finding.at) <= settledBefore)
      .map((finding) => creditDifference(userId, finding));
  }

  /**
   * Issue #45: a payment made with credit alone never reaches the processor, so its payer's account is
   * found in the log instead: every account credit moved on since the last run is checked, once its
   * events are older than the grace. The cursor is kept after each page, so a long log is read over runs.
   */
  private async checkCreditAccounts(run: ReconciliationRun): Promise<void> {
    const { rows } = await this.deps.pool.query<{ credit_cursor: string | null }>(
      'SELECT credit_cursor FROM payment_reconciliation',
    );
    let cursor = rows[0]?.credit_cursor ? parseCheckpoint(rows[0].credit_cursor) : null;
    const settledBefore = this.deps.now().getTime() - this.deps.graceMs;
    for (let page = 0; page < CREDIT_LOG_PAGES_PER_RUN; page++) {
      const events = await this.deps.store.readAll({ after: cursor, limit: CREDIT_LOG_PAGE });
      const accounts = new Set<string>();
      let settled = true;
      for (const event of events) {
        if (event.createdAt.getTime() > settledBefore) {
          settled = false;
          break;
        }
        if (CREDIT_EVENT_TYPES.includes(event.type as CreditEvent['type']))
          accounts.add((event.data as CreditEvent['data']).userId);
        cursor = event.checkpoint;
      }
      for (const userId of accounts) {
        const differences = await this.creditDifferencesOf(userId);
        for (const difference of differences)
          await recordDifference(this.commands, difference, `reconcile-credit-${userId}`, this.deps.now());
        run.differences.push(...differences);
      }
      if (cursor)
        await this.deps.pool.query('UPDATE payment_reconciliation SET credit_cursor = $1', [formatCheckpoint(cursor)]);
      if (!settled || events.length < CREDIT_LOG_PAGE) return;
    }
  }

  /** Compares one payment with its ledger stream, records what differs and applies what the ledger missed. */
  async reconcile(payment: Payment): Promise<Difference[]> {
    const ledger = await currentState(this.deps.store, ledgerDecider, ledgerStream(payment.paymentId));
    const found = differencesOf(payment, ledger);
    // Issue #45: the payer's Playtime credit is checked with their payment (it never reaches the processor),
    // and what disagrees is recorded beside the rest, once per the same figures.
    // A spend younger than the grace is left alone: its checkout records it in the ledger a moment later.
    const credit = await this.creditDifferencesOf(payment.payerId);
    const causeId = `reconcile-${payment.paymentId}`;
    for (const difference of [...found, ...credit])
      await recordDifference(this.commands, difference, causeId, this.deps.now());
    if (found.some((difference) => difference.kind === 'payment_not_applied')) {
      this.deps.logger.warn(
        { paymentId: payment.paymentId },
        'reconciliation: applying a succeeded payment the ledger never received',
      );
      await this.deps.inbox.applySucceededPayment(payment, causeId);
    }
    if (
      found.some(
        (difference) =>
          difference.kind === 'refund_not_applied' ||
          (difference.kind === 'payment_not_applied' && payment.refundedCents > 0),
      )
    ) {
      await this.deps.inbox.applyRefunds(payment, await this.deps.processor.listRefunds(payment.paymentId), causeId);
    }
    return [...found, ...credit];
  }
}

/** Records a finding on its payment's ledger stream, once per the same figures (the System tab lists it). */
export function recordDifference(commands: CommandDoor, difference: Difference, correlationId: string, now: Date) {
  return commands.run({
    decider: ledgerDecider,
    streamId: ledgerStream(difference.paymentId),
    command: { type: 'RecordDifference', difference },
    now,
    newId: () => difference.paymentId,
    actorId: null,
    metadata: { userId: null, correlationId, causationId: null },
    maxAttempts: 20,
  });
}

/** A payment a signed webhook named that the processor does not know, against what the ledger holds. */
export function unknownPaymentDifference(claimed: Payment, ledger: LedgerState): Difference {
  return {
    paymentId: claimed.paymentId,
    receiverId: claimed.receiverId,
    payerId: claimed.payerId,
    kind: 'unknown_to_processor',
    processorStatus: 'unknown',
    processorAmountCents: 0,
    processorRefundedCents: 0,
    ledgerAmountCents: ledger.recorded ? ledger.amountCents : null,
    ledgerRefundedCents: ledger.recorded ? ledger.refundedCents : 0,
    resolution: 'needs_attention',
  };
}

/** What the processor says against what the ledger holds; empty when they agree. */
export function differencesOf(payment: Payment, ledger: LedgerState): Difference[] {
  const figures = {
    paymentId: payment.paymentId,
    receiverId: payment.receiverId,
    payerId: payment.payerId,
    processorStatus: payment.status,
    processorAmountCents: payment.amountCents,
    processorRefundedCents: payment.refundedCents,
    ledgerAmountCents: ledger.recorded ? ledger.amountCents : null,
    ledgerRefundedCents: ledger.recorded ? ledger.refundedCents : 0,
  };
  // Issue #45: a released hold moved no money, as a declined payment did not.
  if (payment.status === 'failed' || payment.status === 'canceled')
    return ledger.recorded ? [{ ...figures, kind: 'failed_payment_in_ledger', resolution: 'needs_attention' }] : [];
  // Not money yet (the payer never confirmed, or it is only authorized): nothing to compare.
  if (payment.status !== 'succeeded') return [];
  if (!ledger.recorded) return [{ ...figures, kind: 'payment_not_applied', resolution: 'applied' }];
  if (ledger.amountCents !== payment.amountCents || ledger.receiverId !== payment.receiverId)
    return [{ ...figures, kind: 'amount_differs', resolution: 'needs_attention' }];
  if (payment.refundedCents > ledger.refundedCents)
    return [{ ...figures, kind: 'refund_not_applied', resolution: 'applied' }];
  if (payment.refundedCents < ledger.refundedCents)
    return [{ ...figures, kind: 'ledger_refunded_more', resolution: 'needs_attention' }];
  return [];
}

/** Runs reconciliation every `everyMinutes`, once per slot across the deployment's processes. */
export function startReconciling(
  reconciliation: Reconciliation,
  options: { backend: JobBackend; everyMinutes: number; logger: Logger; now?: () => Date },
) {
  return startRepeatingJob({
    ...options,
    queue: JOB_QUEUES.paymentReconciliation,
    run: async () => {
      const run = await reconciliation.run();
      if (run.differences.length)
        options.logger.warn(
          { checked: run.checked, differences: run.differences.length },
          'reconciliation found differences',
        );
    },
  });
}
