/**
 * The jobs port over BullMQ, on its PostgreSQL backend (the standalone default: no extra server)
 * or on Redis (distributed deployments). Both run the same Queue/Worker code; only the backend
 * factory and the connection options differ.
 */
import {
  createPostgresBackend,
  createRedisBackend,
  withBackend,
  type BackendClasses,
  type ConnectionOptions,
  type IQueueBackend,
  type PostgresConnectionOptions,
  type PostgresQueueBackend,
  type RedisQueueBackend,
} from 'bullmq';
import { createLogger, type Logger } from '../logging';
import { migrateJobSchema } from './postgres-job-schema';
import { assertValidJobId, type JobBackend, type JobQueue, type JobToEnqueue, type JobWorker } from './port';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * From how many jobs an enqueueMany on PostgreSQL goes as one addBulk. BullMQ's set-based bulk insert
 * builds and drops temporary tables on every call: about 2.4 ms of server CPU before the first job.
 * One add per job costs about 0.35 ms of server and 0.2 ms of Node CPU, so below about 8 jobs the
 * adds are cheaper (measured on this project's machine; reactors mostly hand over one or two).
 */
const POSTGRES_BULK_FROM = 8;

export interface JobQueueOptions {
  name: string;
  backend: JobBackend;
  /** Runs per job, the first included. */
  attempts?: number;
  /** Delay before the first retry; each further retry waits twice as long. */
  backoffMs?: number;
  /**
   * How long completed jobs stay. Their ids are what makes a repeated enqueue a no-op, so this
   * bounds how late a replayed event may come without re-running its side effect.
   */
  keepCompletedDays?: number;
  /** Failed jobs (attempts exhausted) stay longer, for someone to look at. */
  keepFailedDays?: number;
  /**
   * How long a running job's worker may go silent before another worker takes the job over (BullMQ's
   * lock, renewed at half this, and its stall check, every this often). BullMQ's 30 s by default: a
   * worker process killed mid-job holds its jobs up to twice that.
   */
  stalledAfterMs?: number;
  /** Redis key prefix (tests use a unique one). The PostgreSQL backend namespaces by schema and ignores it. */
  prefix?: string;
  logger?: Logger;
}

/** What BullMQ stores as job data: the port's data in a wrapper, the shape jobs already queued have (once with an enqueue id beside it). */
interface StoredJob<Data> {
  data: Data;
}

type ConnectionRole = { role: 'queue' } | { role: 'worker'; concurrency: number };

export async function createJobQueue<Data = unknown>(options: JobQueueOptions): Promise<JobQueue<Data>> {
  const { backend } = options;
  if (backend.kind === 'postgres') {
    await migrateJobSchema(backend.connectionString);
    return openJobQueue<Data, PostgresQueueBackend, PostgresConnectionOptions>(
      withBackend(createPostgresBackend),
      (use) => ({
        connectionString: backend.connectionString,
        // Each Queue and Worker owns a pool (plus one LISTEN connection outside it); a worker runs
        // up to `concurrency` jobs and also renews locks and checks for stalled jobs.
        max: use.role === 'worker' ? use.concurrency + 2 : 4,
        application_name: `playtime-jobs-${options.name}`,
      }),
      options,
    );
  }
  return openJobQueue<Data, RedisQueueBackend, ConnectionOptions>(
    withBackend(createRedisBackend),
    // Workers block on Redis and must retry commands forever (BullMQ requires it); producers keep
    // ioredis' default so an enqueue fails rather than hangs while Redis is away.
    (use) => (use.role === 'worker' ? { url: backend.url, maxRetriesPerRequest: null } : { url: backend.url }),
    options,
  );
}

function openJobQueue<Data, B extends IQueueBackend, C>(
  classes: BackendClasses<B, C>,
  connection: (use: ConnectionRole) => C,
  options: JobQueueOptions,
): JobQueue<Data> {
  const { name } = options;
  const prefix = options.prefix ?? (options.backend.kind === 'redis' ? options.backend.prefix : undefined);
  const logger = options.logger ?? createLogger('jobs');
  const queue = new classes.Queue<StoredJob<Data>, void>(name, {
    connection: connection({ role: 'queue' }),
    prefix,
    defaultJobOptions: {
      attempts: options.attempts ?? 8,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 1000 },
      removeOnComplete: { age: (options.keepCompletedDays ?? 14) * DAY_SECONDS },
      removeOnFail: { age: (options.keepFailedDays ?? 30) * DAY_SECONDS },
    },
  });
  queue.on('error', (error: Error) => logger.error({ err: error, queue: name }, 'job queue error'));
  const workers = new Set<JobWorker>();
  let closed = false;
  // A port job as BullMQ takes it, alone or in bulk.
  const bullJob = ({ jobName, data, options: { jobId, delayMs } }: JobToEnqueue<Data>) => ({
    name: jobName,
    data: { data },
    opts: { jobId, delay: delayMs },
  });
  // BullMQ ignores an add whose job id exists (and answers as if it had added it).
  const add = async (job: JobToEnqueue<Data>) => {
    const { name: jobName, data, opts } = bullJob(job);
    await queue.add(jobName, data, opts);
  };

  return {
    async enqueue(jobName, data, options) {
      if (closed) throw new Error(`Job queue ${name} is closed`);
      assertValidJobId(options.jobId);
      await add({ jobName, data, options });
    },

    async enqueueMany(jobs) {
      if (closed) throw new Error(`Job queue ${name} is closed`);
      if (jobs.length === 0) return;
      for (const job of jobs) assertValidJobId(job.options.jobId);
      if (options.backend.kind === 'postgres' && jobs.length < POSTGRES_BULK_FROM) {
        // Each add is kept on its own when it succeeds; a retried call adds only what is missing.
        await Promise.all(jobs.map(add));
        return;
      }
      // addBulk skips an existing id as add does (PostgreSQL: one INSERT … ON CONFLICT; Redis: the same add script per job, pipelined).
      await queue.addBulk(jobs.map(bullJob));
    },

    process(handler, { concurrency = 1 } = {}) {
      if (closed) throw new Error(`Job queue ${name} is closed`);
      const worker = new classes.Worker<StoredJob<Data>, void>(
        name,
        async (job) => {
          await handler({ id: job.id!, name: job.name, data: job.data.data, attempt: job.attemptsMade + 1 });
        },
        {
          connection: connection({ role: 'worker', concurrency }),
          prefix,
          concurrency,
          ...(options.stalledAfterMs === undefined
            ? {}
            : { lockDuration: options.stalledAfterMs, stalledInterval: options.stalledAfterMs }),
        },
      );
      worker.on('error', (error: Error) => logger.error({ err: error, queue: name }, 'job worker error'));
      worker.on('failed', (job, error: Error) =>
        logger.warn({ err: error, queue: name, jobId: job?.id, attempt: job?.attemptsMade }, 'job attempt failed'),
      );
      const handle: JobWorker = {
        close: async () => {
          workers.delete(handle);
          await worker.close();
        },
      };
      workers.add(handle);
      return handle;
    },

    async counts() {
      const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'failed', 'completed');
      return {
        waiting: counts.waiting ?? 0,
        delayed: counts.delayed ?? 0,
        active: counts.active ?? 0,
        failed: counts.failed ?? 0,
        completed: counts.completed ?? 0,
      };
    },

    async failed(limit) {
      const jobs = await queue.getFailed(0, Math.max(0, limit - 1));
      return jobs.map((job) => ({
        id: job.id!,
        name: job.name,
        reason: job.failedReason ?? '',
        attempts: job.attemptsMade,
        failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      }));
    },

    async retry(jobId) {
      const job = await queue.getJob(jobId);
      if (!job || !(await job.isFailed())) return false;
      await job.retry('failed', { resetAttemptsMade: true });
      return true;
    },

    async close() {
      closed = true;
      await Promise.all([...workers].map((worker) => worker.close()));
      await queue.close();
    },
  };
}
