/**
 * The email worker (issue #31): the relay that hands committed outbox rows to the BullMQ 'email'
 * queue, the queue's worker that sends each (sender.ts), and, standalone, the embedded SMTP catcher.
 * Runs in the standalone process and in the projector of a distributed deployment.
 */
import type pg from 'pg';
import { migrate } from '../db/migrations';
import { startOutboxRelay } from '../db/outbox-relay';
import { createJobQueue } from '../jobs/bullmq-job-queue';
import { selectJobBackend, type JobQueue } from '../jobs/port';
import { JOB_QUEUES } from '../jobs/queues';
import type { Logger } from '../logging';
import { EMAIL_OUTBOX_CHANNEL, type EmailSettings } from './outbox';
import { loadUnsubscribeKey } from './unsubscribe-tokens';
import { emailMigrations } from './schema';
import {
  EMAIL_JOB_ROWS,
  EMAIL_JOBS_AT_ONCE,
  messageIdOf,
  sendOutboxRows,
  type MailTransport,
  type SenderDependencies,
} from './sender';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';
import { catcherTransport, smtpTransport } from './transports';

/** Outbox rows to send, in order; `outboxId` alone is a job queued before jobs took several rows. */
export type EmailJob = { outboxIds: number[] } | { outboxId: number };

const rowsOf = (job: EmailJob) => ('outboxIds' in job ? job.outboxIds : [job.outboxId]);

/** Tries per mail: from 2 s, doubling, so an SMTP server down for about an hour and a half is waited out. */
export const EMAIL_ATTEMPTS = 12;
const RELAY_INTERVAL_MS = 1000;
const RELAY_BATCH = 500;

/**
 * A job's id names exactly its rows (first, last, how many): relays that see the same rows make the
 * same job, and one that sees a row more (committed late, between others) makes another, whose
 * claims then settle which job sends what.
 */
export const emailJobId = (ids: readonly number[]) => `email-${ids[0]}-${ids.at(-1)}-${ids.length}`;

export function prepareEmailTables(pool: pg.Pool): Promise<number[]> {
  return migrate(pool, 'email', emailMigrations);
}

/** Enqueues the rows not handed to the queue yet; the job id is the row's, so a repeat is a no-op. */
export async function relayOutbox(pool: pg.Pool, queue: JobQueue<EmailJob>): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    // Mail held by the player's quiet hours (issue #46) waits for its not_before.
    'SELECT id FROM email_outbox WHERE NOT queued AND (not_before IS NULL OR not_before <= now()) ORDER BY id LIMIT $1',
    [RELAY_BATCH],
  );
  if (rows.length === 0) return 0;
  const jobs = [];
  for (let start = 0; start < rows.length; start += EMAIL_JOB_ROWS) {
    const outboxIds = rows.slice(start, start + EMAIL_JOB_ROWS).map(({ id }) => Number(id));
    jobs.push({ jobName: 'send-email', data: { outboxIds }, options: { jobId: emailJobId(outboxIds) } });
  }
  await queue.enqueueMany(jobs);
  // Marked only after the queue holds them: a crash in between enqueues them again, which is a no-op.
  await pool.query('UPDATE email_outbox SET queued = true WHERE id = ANY($1::bigint[])', [rows.map(({ id }) => id)]);
  return rows.length;
}

/** How long a row left 'unknown' waits before its one more try: the row's Message-ID can be looked up meanwhile. */
export const EMAIL_UNKNOWN_RETRY_MS = 15 * 60_000;
const UNKNOWN_BATCH = 100;

/**
 * Tries once more each row left 'unknown' (an attempt vanished mid-send, and its server cannot say
 * whether the mail came) for at least `afterMs` since its claim, with the same Message-ID
 * (issue #41). A server that can tell (the embedded catcher) is asked first. The row goes back to
 * pending, marked as tried so, and then to the queue as a job of its own; a crash in between leaves it
 * pending and marked, and the next look queues it (the job's id makes a repeat a no-op).
 */
export async function retryUnknownRows(
  deps: Pick<SenderDependencies, 'pool' | 'transport' | 'messageIdDomain'>,
  queue: JobQueue<EmailJob>,
  afterMs: number,
): Promise<number> {
  const { pool, transport } = deps;
  const { rows: unknown } = await pool.query<{ id: string }>(
    `SELECT id FROM email_outbox
      WHERE state = 'unknown' AND unknown_retried_at IS NULL AND claimed_at <= now() - make_interval(secs => $1)
      ORDER BY id LIMIT $2`,
    [afterMs / 1000, UNKNOWN_BATCH],
  );
  const again: number[] = [];
  for (const { id } of unknown) {
    if (transport.delivered && (await transport.delivered(messageIdOf(Number(id), deps.messageIdDomain)))) {
      await pool.query(`UPDATE email_outbox SET state = 'sent', sent_at = now() WHERE id = $1 AND state = 'unknown'`, [
        id,
      ]);
    } else again.push(Number(id));
  }
  await pool.query(
    `UPDATE email_outbox SET state = 'pending', unknown_retried_at = now()
      WHERE id = ANY($1::bigint[]) AND state = 'unknown' AND unknown_retried_at IS NULL`,
    [again],
  );
  const { rows: retried } = await pool.query<{ id: string }>(
    `SELECT id FROM email_outbox WHERE state = 'pending' AND unknown_retried_at IS NOT NULL ORDER BY id LIMIT $1`,
    [UNKNOWN_BATCH],
  );
  if (retried.length > 0)
    await queue.enqueueMany(
      retried.map(({ id }) => ({
        jobName: 'send-email',
        data: { outboxIds: [Number(id)] },
        options: { jobId: `email-again-${id}` },
      })),
    );
  return again.length;
}

export interface EmailWorkerOptions {
  pool: pg.Pool;
  databaseUrl: string;
  redisUrl?: string | undefined;
  /** SMTP_URL; without it the embedded catcher receives everything. */
  smtpUrl?: string | undefined;
  from: string;
  publicUrl: string;
  logger: Logger;
  /** The catcher's port (0: any free one). */
  catcherPort?: number;
  /** Test seams (sender.ts). */
  hooks?: SenderDependencies['hooks'];
  /** A test's own transport (an SMTP server it started, or one that fails). */
  transport?: MailTransport;
  backoffMs?: number;
  /** How long a killed worker's job waits for another worker (JobQueueOptions.stalledAfterMs). */
  stalledAfterMs?: number;
  /** How long a row left 'unknown' waits for its one more try (EMAIL_UNKNOWN_RETRY_MS). */
  unknownRetryAfterMs?: number;
}

export interface EmailWorker {
  /** What mail written elsewhere (the notifications projection) needs: the public address, the unsubscribe key. */
  settings: EmailSettings;
  /** The embedded catcher (standalone), or null when mail goes to SMTP_URL. */
  catcher: SmtpCatcher | null;
  queue: JobQueue<EmailJob>;
  /** Relays now instead of at the next tick. */
  relay(): Promise<number>;
  /** Looks for rows left 'unknown' to try once more now instead of at the next tick (retryUnknownRows). */
  retryUnknown(): Promise<number>;
  close(): Promise<void>;
}

export async function startEmailWorker(options: EmailWorkerOptions): Promise<EmailWorker> {
  const { pool, logger } = options;
  await prepareEmailTables(pool);
  const catcher =
    options.transport || options.smtpUrl ? null : await startSmtpCatcher(pool, { port: options.catcherPort });
  const transport =
    options.transport ?? (options.smtpUrl ? smtpTransport(options.smtpUrl) : catcherTransport(catcher!.port, pool));
  const queue = await createJobQueue<EmailJob>({
    name: JOB_QUEUES.email,
    backend: selectJobBackend({ databaseUrl: options.databaseUrl, redisUrl: options.redisUrl }),
    attempts: EMAIL_ATTEMPTS,
    backoffMs: options.backoffMs ?? 2000,
    stalledAfterMs: options.stalledAfterMs,
    logger,
  });
  const sender: SenderDependencies = {
    pool,
    transport,
    from: options.from,
    messageIdDomain: new URL(options.publicUrl).hostname,
    hooks: options.hooks,
  };
  queue.process(
    async (job) => {
      const outcomes = await sendOutboxRows(sender, rowsOf(job.data), {
        jobId: job.id,
        number: job.attempt,
        last: job.attempt >= EMAIL_ATTEMPTS,
      });
      for (const [outboxId, outcome] of outcomes)
        if (outcome === 'unknown' || outcome === 'failed') logger.warn({ outboxId, outcome }, 'an email was not sent');
    },
    { concurrency: EMAIL_JOBS_AT_ONCE },
  );

  const relayer = startOutboxRelay({
    databaseUrl: options.databaseUrl,
    channel: EMAIL_OUTBOX_CHANNEL,
    relayOnce: () => relayOutbox(pool, queue),
    logger,
    what: 'email',
  });
  const { relay } = relayer;
  let retrying: Promise<number> | null = null;
  const retryUnknown = (): Promise<number> =>
    (retrying ??= retryUnknownRows(sender, queue, options.unknownRetryAfterMs ?? EMAIL_UNKNOWN_RETRY_MS)
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'retrying unknown email failed; it tries again in a second');
        return 0;
      })
      .finally(() => {
        retrying = null;
      }));
  const timer = setInterval(() => {
    void relay();
    void retryUnknown();
  }, RELAY_INTERVAL_MS);
  timer.unref();

  return {
    settings: { publicUrl: options.publicUrl, unsubscribeKey: await loadUnsubscribeKey(pool) },
    catcher,
    queue,
    relay,
    retryUnknown,
    close: async () => {
      clearInterval(timer);
      await relayer.close();
      await retrying;
      await queue.close();
      await transport.close();
      await catcher?.close();
    },
  };
}
