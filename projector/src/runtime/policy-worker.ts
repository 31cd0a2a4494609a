import type { JobPolicy } from '@playtime/shared/game-loop/policy';
import { createJobQueue, type JobQueueOptions } from '@playtime/shared/infra/jobs/bullmq-job-queue';
import { selectJobBackend, type JobHandler } from '@playtime/shared/infra/jobs/port';
import type { Logger } from '@playtime/shared/infra/logging';
import type { Projection } from './projection';
import { policyReactor, reactorProjection } from './reactor';

/** A use case of the game loop at work in a projector process. */
export interface PolicyWorker {
  /** The reactor on the projection runtime: its own checkpoint, one owner among projector processes. */
  projection: Projection;
  close(): Promise<void>;
}

/**
 * The wiring of a use case of shared/src/game-loop: its queue (BullMQ on PostgreSQL, or Redis when
 * configured), a worker that runs its handler, and a reactor that puts on the queue the jobs its
 * policy asks for.
 */
export async function startPolicyWorker<Job>(options: {
  /** The reactor's name: its checkpoint is kept under it. */
  reactor: string;
  policy: JobPolicy<Job>;
  handler: JobHandler<Job>;
  queue: Pick<JobQueueOptions, 'name' | 'attempts' | 'backoffMs'> & { concurrency: number };
  databaseUrl: string;
  redisUrl?: string | undefined;
  logger: Logger;
}): Promise<PolicyWorker> {
  const { concurrency, ...retries } = options.queue;
  const queue = await createJobQueue<Job>({
    ...retries,
    backend: selectJobBackend({ databaseUrl: options.databaseUrl, redisUrl: options.redisUrl }),
    logger: options.logger,
  });
  queue.process(options.handler, { concurrency });
  return {
    projection: reactorProjection(policyReactor(options.reactor, options.policy, queue)),
    close: () => queue.close(),
  };
}
