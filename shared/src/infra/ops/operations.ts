/**
 * The numbers of the admin's System tab, read the way /metrics reads them: a collector sets the
 * gauges from the projector's bookkeeping, the job queues and reconciliation's findings on each
 * scrape, and the tab's answer is built from those gauges' values (plus the lists a gauge cannot
 * hold: failed jobs to retry, findings to read).
 */
import type pg from 'pg';
import type {
  JobQueueStatus,
  PaymentDifferenceView,
  ProjectionStatus,
  ReconciliationStatus,
  SystemStatus,
} from '../../contract/operations';
import type { EventStore } from '../eventstore/port';
import type { JobQueue } from '../jobs/port';
import type { JobQueueName } from '../jobs/queues';
import type { Metrics } from '../metrics/metrics';
import { readProjectionPositions } from '../projections/projection-progress';

export interface OperationsSources {
  pool: pg.Pool;
  store: Pick<EventStore, 'countEventsAfter'>;
  projections: string[];
  queues: Record<JobQueueName, JobQueue>;
}

const FAILED_JOBS_SHOWN = 5;
const DIFFERENCES_SHOWN = 20;
const JOB_STATES = ['waiting', 'delayed', 'active', 'failed', 'completed'] as const;

/** Tables found in each database; once there, they stay (asked again only while missing). */
const present = new WeakMap<pg.Pool, Set<string>>();

/** Tables another service creates: absent until it first ran, which reads as nothing yet. */
async function exists(pool: pg.Pool, table: string): Promise<boolean> {
  const known = present.get(pool) ?? new Set<string>();
  present.set(pool, known);
  if (known.has(table)) return true;
  const { rows } = await pool.query<{ here: boolean }>('SELECT to_regclass($1) IS NOT NULL AS here', [table]);
  if (rows[0]!.here) known.add(table);
  return rows[0]!.here;
}

/** Registers the collector that keeps the operations gauges of `metrics` current. */
export function collectOperations(metrics: Metrics, sources: OperationsSources): void {
  metrics.addCollector(async () => {
    const { pool, store, projections, queues } = sources;
    const [positions, rebuilds, counts, differences, watched] = await Promise.all([
      readProjectionPositions(pool, projections),
      // The running rebuild of each projection, else its last finished one.
      pool.query<{
        name: string;
        status: string;
        events_total: string;
        events_done: string | null;
        started: number;
        finished: number | null;
      }>(
        `SELECT DISTINCT ON (r.name) r.name, r.status, r.events_total, c.events_done,
                extract(epoch FROM r.started_at)::float8 AS started, extract(epoch FROM r.finished_at)::float8 AS finished
           FROM projection_rebuilds r LEFT JOIN projection_checkpoints c ON c.name = r.name AND c.generation = r.generation
          WHERE r.status IN ('running', 'switched')
          ORDER BY r.name, r.generation DESC`,
      ),
      Promise.all(Object.entries(queues).map(async ([queue, handle]) => [queue, await handle.counts()] as const)),
      exists(pool, 'read.payment_differences').then((here) =>
        here
          ? pool.query<{ resolution: string; count: string }>(
              'SELECT resolution, count(*) AS count FROM read.payment_differences GROUP BY resolution',
            )
          : null,
      ),
      exists(pool, 'payment_reconciliation_watch').then(async (here) =>
        here
          ? Number(
              (await pool.query<{ count: string }>('SELECT count(*) AS count FROM payment_reconciliation_watch'))
                .rows[0]!.count,
            )
          : 0,
      ),
    ]);
    metrics.projectionPosition.reset();
    for (const position of positions) {
      metrics.projectionPosition.set({ projection: position.name }, position.checkpoint.position);
      metrics.projectionLagEvents.set({ projection: position.name }, await store.countEventsAfter(position.checkpoint));
    }
    metrics.projectionRebuild.reset();
    for (const rebuild of rebuilds.rows) {
      const projection = rebuild.name;
      if (rebuild.status === 'running') {
        metrics.projectionRebuild.set({ projection, measure: 'done' }, Number(rebuild.events_done ?? 0));
        metrics.projectionRebuild.set({ projection, measure: 'total' }, Number(rebuild.events_total));
        metrics.projectionRebuild.set({ projection, measure: 'started' }, rebuild.started);
      } else {
        metrics.projectionRebuild.set({ projection, measure: 'last_events' }, Number(rebuild.events_total));
        metrics.projectionRebuild.set({ projection, measure: 'last_started' }, rebuild.started);
        metrics.projectionRebuild.set({ projection, measure: 'last_finished' }, rebuild.finished ?? rebuild.started);
      }
    }
    for (const [queue, count] of counts)
      for (const state of JOB_STATES) metrics.jobs.set({ queue, state }, count[state]);
    metrics.paymentDifferences.reset();
    for (const row of differences?.rows ?? [])
      metrics.paymentDifferences.set({ resolution: row.resolution }, Number(row.count));
    metrics.paymentsWatched.set(watched);
  });
}

type Values<Label extends string> = Array<{ value: number; labels: Partial<Record<Label, string | number>> }>;

/** What the System tab shows: the gauges' values after one collection, and the lists beside them. */
export async function readSystemStatus(
  metrics: Metrics,
  sources: Pick<OperationsSources, 'pool' | 'queues'>,
  now = new Date(),
): Promise<SystemStatus> {
  const [positions, lags, rebuilds, jobs, differenceCounts, watched] = await Promise.all([
    metrics.projectionPosition.get(),
    metrics.projectionLagEvents.get(),
    metrics.projectionRebuild.get(),
    metrics.jobs.get(),
    metrics.paymentDifferences.get(),
    metrics.paymentsWatched.get(),
  ]);
  const of = <Label extends string>(values: Values<Label>, match: Partial<Record<Label, string>>) =>
    values.find((value) => Object.entries(match).every(([label, wanted]) => value.labels[label as Label] === wanted))
      ?.value;

  const projections = positions.values.map((value): ProjectionStatus => {
    const name = String(value.labels.projection);
    const behind = of(lags.values, { projection: name }) ?? 0;
    const done = of(rebuilds.values, { projection: name, measure: 'done' });
    let rebuild: ProjectionStatus['rebuild'] = null;
    if (done !== undefined) {
      const total = of(rebuilds.values, { projection: name, measure: 'total' }) ?? 0;
      const started = of(rebuilds.values, { projection: name, measure: 'started' }) ?? now.getTime() / 1000;
      const ratePerSecond = done / Math.max(0.001, now.getTime() / 1000 - started);
      rebuild = {
        eventsDone: Math.min(done, total),
        eventsTotal: total,
        ratePerSecond,
        secondsLeft: done > 0 ? Math.max(0, total - done) / ratePerSecond : null,
      };
    }
    const lastFinished = of(rebuilds.values, { projection: name, measure: 'last_finished' });
    const lastStarted = of(rebuilds.values, { projection: name, measure: 'last_started' }) ?? 0;
    const lastRebuild =
      lastFinished === undefined
        ? null
        : {
            finishedAt: new Date(lastFinished * 1000).toISOString(),
            events: of(rebuilds.values, { projection: name, measure: 'last_events' }) ?? 0,
            seconds: Math.max(0, lastFinished - lastStarted),
          };
    return {
      name,
      position: value.value,
      behind,
      state: rebuild ? 'rebuilding' : behind > 0 ? 'catching up' : 'live',
      rebuild,
      lastRebuild,
    };
  });

  const queueStatuses = await Promise.all(
    (Object.entries(sources.queues) as [JobQueueName, JobQueue][]).map(
      async ([queue, handle]): Promise<JobQueueStatus> => {
        const count = (state: (typeof JOB_STATES)[number]) => of(jobs.values, { queue, state }) ?? 0;
        return {
          queue,
          waiting: count('waiting'),
          delayed: count('delayed'),
          active: count('active'),
          failed: count('failed'),
          completed: count('completed'),
          failedJobs: count('failed') > 0 ? await handle.failed(FAILED_JOBS_SHOWN) : [],
        };
      },
    ),
  );

  return {
    projections: projections.sort((a, b) => a.name.localeCompare(b.name)),
    jobs: queueStatuses,
    reconciliation: {
      ...(await readReconciliation(sources.pool)),
      applied: of(differenceCounts.values, { resolution: 'applied' }) ?? 0,
      needsAttention: of(differenceCounts.values, { resolution: 'needs_attention' }) ?? 0,
      watching: watched.values[0]?.value ?? 0,
    },
  };
}

async function readReconciliation(
  pool: pg.Pool,
): Promise<Omit<ReconciliationStatus, 'applied' | 'needsAttention' | 'watching'>> {
  const run = (await exists(pool, 'payment_reconciliation'))
    ? (
        await pool.query<{ last_run_at: Date | null; last_checked: number; last_error: string | null }>(
          'SELECT last_run_at, last_checked, last_error FROM payment_reconciliation',
        )
      ).rows[0]
    : undefined;
  const differences = (await exists(pool, 'read.payment_differences'))
    ? (
        await pool.query<{
          difference_id: string;
          found_at: Date;
          payment_id: string;
          kind: string;
          resolution: PaymentDifferenceView['resolution'];
          payer: string;
          receiver: string;
          processor_status: string;
          processor_amount_cents: string;
          processor_refunded_cents: string;
          ledger_amount_cents: string | null;
          ledger_refunded_cents: string;
        }>(
          `SELECT d.*, COALESCE(p.email, d.payer_id) AS payer, COALESCE(r.email, d.receiver_id) AS receiver
             FROM read.payment_differences d
             LEFT JOIN read.users p ON p.user_id = d.payer_id
             LEFT JOIN read.users r ON r.user_id = d.receiver_id
            ORDER BY d.found_at DESC, d.difference_id LIMIT $1`,
          [DIFFERENCES_SHOWN],
        )
      ).rows
    : [];
  return {
    lastRunAt: run?.last_run_at?.toISOString() ?? null,
    lastChecked: run?.last_checked ?? 0,
    lastError: run?.last_error ?? null,
    differences: differences.map((row) => ({
      differenceId: row.difference_id,
      foundAt: row.found_at.toISOString(),
      paymentId: row.payment_id,
      kind: row.kind,
      resolution: row.resolution,
      payer: row.payer,
      receiver: row.receiver,
      processorStatus: row.processor_status,
      processorAmountCents: Number(row.processor_amount_cents),
      processorRefundedCents: Number(row.processor_refunded_cents),
      ledgerAmountCents: row.ledger_amount_cents === null ? null : Number(row.ledger_amount_cents),
      ledgerRefundedCents: Number(row.ledger_refunded_cents),
    })),
  };
}
