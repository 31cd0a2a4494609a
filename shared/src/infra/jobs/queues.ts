/**
 * Every job queue of the product by name: where each is created, and what the admin's System tab
 * (and /metrics) counts and retries.
 */
import type { Logger } from '../logging';
import { createJobQueue } from './bullmq-job-queue';
import { selectJobBackend, type JobBackend, type JobQueue } from './port';

export const JOB_QUEUES = {
  /** Hold expiry, games made from bookings, released slots and refunds of cancelled games. */
  gameLoop: 'game-loop',
  /** A deleted account's fields withdrawn and its upcoming games cancelled. */
  accountWithdrawal: 'account-withdrawal',
  /** The simulated card processor's webhooks on their way to the app. */
  simulatedPaymentWebhooks: 'simulated-payment-webhooks',
  paymentReconciliation: 'payment-reconciliation',
  /** The published partner spreadsheet, read again every PARTNER_SHEET_MINUTES. */
  partnerSheetImport: 'partner-sheet-import',
  /** Outbox rows on their way to the SMTP server (infra/email). */
  email: 'email',
  /** Push outbox rows on their way to the devices' push services (infra/push, issue #46). */
  push: 'push',
} as const;

export type JobQueueName = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];
export const JOB_QUEUE_NAMES: JobQueueName[] = Object.values(JOB_QUEUES);

/** Handles on every queue, for counting and retrying (no workers). */
export async function openJobQueues(
  backend: JobBackend,
  logger: Logger,
): Promise<{ queues: Record<JobQueueName, JobQueue>; close(): Promise<void> }> {
  const entries = await Promise.all(
    JOB_QUEUE_NAMES.map(async (name) => [name, await createJobQueue({ name, backend, logger })] as const),
  );
  const queues = Object.fromEntries(entries) as Record<JobQueueName, JobQueue>;
  return { queues, close: async () => void (await Promise.all(entries.map(([, queue]) => queue.close()))) };
}

/** The handles on the backend a service's configuration picks: Redis with REDIS_URL, else the database. */
export function openConfiguredJobQueues(
  settings: { databaseUrl: string; redisUrl?: string | undefined },
  logger: Logger,
): ReturnType<typeof openJobQueues> {
  return openJobQueues(selectJobBackend(settings), logger);
}
