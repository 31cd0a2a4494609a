import type { Logger } from '../logging';
import { createJobQueue } from './bullmq-job-queue';
import type { JobBackend } from './port';
import type { JobQueueName } from './queues';

/**
 * Runs `run` every `everyMinutes` as a job: each time slot has one job id, so every process of a
 * deployment may schedule it and it still runs once per slot; each run schedules the next slot
 * first, so a run that fails for good does not end the chain. The first slot runs at once.
 */
export async function startRepeatingJob(options: {
  queue: JobQueueName;
  backend: JobBackend;
  everyMinutes: number;
  logger: Logger;
  run: () => Promise<void>;
  now?: () => Date;
}): Promise<{ close(): Promise<void> }> {
  const periodMs = options.everyMinutes * 60_000;
  const now = options.now ?? (() => new Date());
  const queue = await createJobQueue<{ slot: number }>({
    name: options.queue,
    backend: options.backend,
    attempts: 5,
    backoffMs: 5_000,
    keepCompletedDays: 1,
    logger: options.logger,
  });
  const schedule = (slot: number) =>
    queue.enqueue(
      options.queue,
      { slot },
      { jobId: `${options.queue}-${slot}`, delayMs: Math.max(0, slot * periodMs - now().getTime()) },
    );
  const worker = queue.process(async (job) => {
    await schedule(job.data.slot + 1);
    await options.run();
  });
  await schedule(Math.floor(now().getTime() / periodMs));
  return {
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
