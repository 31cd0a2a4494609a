/**
 * The push worker (issue #46): the relay that hands committed push_outbox rows whose quiet hours are
 * over to the BullMQ 'push' queue, urgent ones (offers of a freed spot) first, and the queue's worker
 * that sends them (sender.ts). Runs beside the email worker: in the standalone process and in the
 * projector of a distributed deployment, never in the roster's path (a projection only writes rows).
 */
import type pg from 'pg';
import { startOutboxRelay } from '../db/outbox-relay';
import { migrate } from '../db/migrations';
import { createJobQueue } from '../jobs/bullmq-job-queue';
import { selectJobBackend, type JobQueue } from '../jobs/port';
import { JOB_QUEUES } from '../jobs/queues';
import type { Logger } from '../logging';
import { PUSH_OUTBOX_CHANNEL } from './outbox';
import { pushMigrations } from './schema';
import { PUSH_JOB_ROWS, sendPushRows, type PushSenderDependencies } from './sender';
import type { VapidKeys } from './vapid';

export interface PushJob {
  outboxIds: number[];
}

/** Tries per push: from 2 s, doubling, so a push service down for over an hour is waited out. */
export const PUSH_ATTEMPTS = 12;
const RELAY_INTERVAL_MS = 1000;
const RELAY_BATCH = 500;

export const pushJobId = (ids: readonly number[]) => `push-${ids[0]}-${ids.at(-1)}-${ids.length}`;

export function preparePushTables(pool: pg.Pool): Promise<number[]> {
  return migrate(pool, 'push', pushMigrations);
}

/**
 * Enqueues the rows not handed to the queue yet whose quiet hours are over at `now`: urgent rows first,
 * in jobs of their own, so an offer never waits behind a batch of reminders.
 */
export async function relayPushOutbox(pool: pg.Pool, queue: JobQueue<PushJob>, now: Date): Promise<number> {
  const { rows } = await pool.query<{ id: string; priority: number }>(
    `SELECT id, priority FROM push_outbox
      WHERE NOT queued AND (not_before IS NULL OR not_before <= $1)
      ORDER BY priority, id LIMIT $2`,
    [now, RELAY_BATCH],
  );
  if (rows.length === 0) return 0;
  const jobs = [];
  for (const priority of new Set(rows.map((row) => row.priority))) {
    const ids = rows.filter((row) => row.priority === priority).map((row) => Number(row.id));
    for (let start = 0; start < ids.length; start += PUSH_JOB_ROWS) {
      const outboxIds = ids.slice(start, start + PUSH_JOB_ROWS);
      jobs.push({ jobName: 'send-push', data: { outboxIds }, options: { jobId: pushJobId(outboxIds) } });
    }
  }
  await queue.enqueueMany(jobs);
  // Marked only after the queue holds them: a crash in between enqueues them again, which is a no-op.
  await pool.query('UPDATE push_outbox SET queued = true WHERE id = ANY($1::bigint[])', [rows.map(({ id }) => id)]);
  return rows.length;
}

export interface PushWorkerOptions {
  pool: pg.Pool;
  databaseUrl: string;
  redisUrl?: string | undefined;
  vapid: VapidKeys;
  logger: Logger;
  /** The clock quiet hours are read on; a test moves it to 08:00. */
  now?: () => Date;
  backoffMs?: number;
  fetch?: typeof fetch;
}

export interface PushWorker {
  queue: JobQueue<PushJob>;
  /** Relays now instead of at the next tick. */
  relay(): Promise<number>;
  close(): Promise<void>;
}

export async function startPushWorker(options: PushWorkerOptions): Promise<PushWorker> {
  const { pool, logger } = options;
  const now = options.now ?? (() => new Date());
  await preparePushTables(pool);
  const queue = await createJobQueue<PushJob>({
    name: JOB_QUEUES.push,
    backend: selectJobBackend({ databaseUrl: options.databaseUrl, redisUrl: options.redisUrl }),
    attempts: PUSH_ATTEMPTS,
    backoffMs: options.backoffMs ?? 2000,
    logger,
  });
  const sender: PushSenderDependencies = { pool, vapid: options.vapid, fetch: options.fetch };
  queue.process(
    async (job) => {
      const outcomes = await sendPushRows(sender, job.data.outboxIds, { last: job.attempt >= PUSH_ATTEMPTS });
      for (const [outboxId, outcome] of outcomes)
        if (outcome === 'failed') logger.warn({ outboxId }, 'a push was refused by its push service');
    },
    { concurrency: 4 },
  );

  const relayer = startOutboxRelay({
    databaseUrl: options.databaseUrl,
    channel: PUSH_OUTBOX_CHANNEL,
    relayOnce: () => relayPushOutbox(pool, queue, now()),
    logger,
    what: 'push',
  });
  const { relay } = relayer;
  // The interval also sends rows whose quiet hours have ended.
  const timer = setInterval(() => void relay(), RELAY_INTERVAL_MS);
  timer.unref();

  return {
    queue,
    relay,
    close: async () => {
      clearInterval(timer);
      await relayer.close();
      await queue.close();
    },
  };
}
