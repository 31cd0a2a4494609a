/**
 * The jobs port: side effects (emails, refunds, notifications) that reactors and services hand
 * off to run outside the request or projection that decided them, with retries.
 *
 * Jobs are enqueued under a deterministic id derived from what caused them (usually the event id
 * plus the effect's name). Enqueuing an id that the queue already holds is a no-op, and finished
 * jobs are kept for days, so a replayed event never runs its side effect twice. Every adapter
 * passes `job-queue.contract.ts`.
 */

import { deploymentNamespace } from '../runtime/deployment-namespace';

export interface Job<Data = unknown> {
  id: string;
  name: string;
  data: Data;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
}

/** Throwing fails this attempt; the job is retried with backoff until its attempts run out. */
export type JobHandler<Data = unknown> = (job: Job<Data>) => Promise<void>;

export interface EnqueueOptions {
  /** Deterministic and unique per side effect; no `:` and not a plain integer (BullMQ reserves both). */
  jobId: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
}

export interface JobToEnqueue<Data = unknown> {
  jobName: string;
  data: Data;
  options: EnqueueOptions;
}

export interface JobWorker {
  /** Stops taking jobs and waits for the running ones to finish. */
  close(): Promise<void>;
}

/** How many of a queue's jobs are in each state (finished ones only while they are kept). */
export interface JobCounts {
  waiting: number;
  delayed: number;
  active: number;
  failed: number;
  completed: number;
}

/** A job whose attempts ran out, kept for someone to look at and retry. */
export interface FailedJob {
  id: string;
  name: string;
  /** The last attempt's error message. */
  reason: string;
  attempts: number;
  failedAt: string | null;
}

export interface JobQueue<Data = unknown> {
  /** Adds the job, unless a job with this id already exists (waiting, running or finished): then nothing changes. */
  enqueue(jobName: string, data: Data, options: EnqueueOptions): Promise<void>;
  /**
   * Adds each job as `enqueue` would, in as few round trips as the backend does cheaply (a reactor's
   * batch asks for many at once). The ids must differ from each other; an id the queue already holds
   * is left as it is. A call that fails may have added some of the jobs: calling it again adds the rest.
   */
  enqueueMany(jobs: readonly JobToEnqueue<Data>[]): Promise<void>;
  process(handler: JobHandler<Data>, options?: { concurrency?: number }): JobWorker;
  counts(): Promise<JobCounts>;
  /** The newest failed jobs first. */
  failed(limit: number): Promise<FailedJob[]>;
  /** Runs a failed job again from its first attempt; false when no failed job has this id. */
  retry(jobId: string): Promise<boolean>;
  /** Closes every worker started by `process` (letting running jobs finish), then the queue. */
  close(): Promise<void>;
}

/** `prefix`: the Redis keys' namespace (see `deploymentNamespace`). */
export type JobBackend =
  { kind: 'postgres'; connectionString: string } | { kind: 'redis'; url: string; prefix?: string };

/** PostgreSQL (BullMQ's PostgreSQL backend) unless a Redis URL is configured. */
export function selectJobBackend(config: { databaseUrl: string; redisUrl?: string | undefined }): JobBackend {
  if (config.redisUrl) return { kind: 'redis', url: config.redisUrl, prefix: deploymentNamespace(config.databaseUrl) };
  return { kind: 'postgres', connectionString: config.databaseUrl };
}

export function assertValidJobId(jobId: string): void {
  if (jobId.length === 0 || jobId.includes(':') || String(parseInt(jobId, 10)) === jobId) {
    throw new Error(`Job id "${jobId}" is not usable: it must be non-empty, contain no ":" and not be a plain integer`);
  }
}
