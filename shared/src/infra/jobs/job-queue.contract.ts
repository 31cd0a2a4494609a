/**
 * The contract every job queue backend passes. A backend's test file calls `describeJobQueueContract`
 * with a factory for the backend; each test opens its own uniquely named queue on it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from './bullmq-job-queue';
import type { Job, JobBackend, JobQueue } from './port';

export interface JobQueueHarness {
  backend: JobBackend;
  /** Redis key prefix for this run, so runs never see each other's keys. */
  prefix?: string;
  teardown(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** Long enough for a wrongly duplicated job to have been picked up by an idle worker. */
const SETTLE_MS = 500;

export function describeJobQueueContract(backendName: string, createHarness: () => Promise<JobQueueHarness>): void {
  describe(`job queue contract: ${backendName}`, () => {
    let harness: JobQueueHarness;
    const opened: JobQueue<{ n: number }>[] = [];

    beforeAll(async () => {
      harness = await createHarness();
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((queue) => queue.close()));
    });
    afterAll(async () => {
      await harness.teardown();
    });

    async function openQueue(): Promise<JobQueue<{ n: number }>> {
      const queue = await createJobQueue<{ n: number }>({
        name: `contract-${randomUUID()}`,
        backend: harness.backend,
        prefix: harness.prefix,
        attempts: 3,
        backoffMs: 50,
      });
      opened.push(queue);
      return queue;
    }

    /** Processes jobs until `count` ran, then waits a moment more; the list goes on recording any run after. */
    async function processRuns(queue: JobQueue<{ n: number }>, count: number): Promise<Job<{ n: number }>[]> {
      const seen: Job<{ n: number }>[] = [];
      queue.process(async (job) => {
        seen.push(job);
      });
      await waitFor(() => seen.length === count);
      await sleep(SETTLE_MS);
      return seen;
    }

    /** Expects one job waiting, then processes it; the list also shows any run after it (a repeat that should not happen). */
    async function runTheOneWaitingJob(queue: JobQueue<{ n: number }>): Promise<Job<{ n: number }>[]> {
      expect(await queue.counts()).toMatchObject({ waiting: 1 });
      return processRuns(queue, 1);
    }

    it('processes an enqueued job once, with its name and data', async () => {
      const queue = await openQueue();
      const running = processRuns(queue, 1);
      await queue.enqueue('send-receipt', { n: 1 }, { jobId: 'receipt-e1' });
      expect(await running).toEqual([{ id: 'receipt-e1', name: 'send-receipt', data: { n: 1 }, attempt: 1 }]);
    });

    it('keeps one job per id: a repeat while it waits and after it completed is ignored', async () => {
      const queue = await openQueue();
      await queue.enqueue('refund', { n: 1 }, { jobId: 'refund-e2' });
      await queue.enqueue('refund', { n: 2 }, { jobId: 'refund-e2' });
      const seen = await runTheOneWaitingJob(queue);
      await queue.enqueue('refund', { n: 3 }, { jobId: 'refund-e2' });
      await sleep(SETTLE_MS);
      expect(seen.map((job) => job.data.n)).toEqual([1]);
    });

    it('enqueues concurrently with one id: exactly one add wins', async () => {
      const queue = await openQueue();
      await Promise.all(Array.from({ length: 8 }, (_, n) => queue.enqueue('notify', { n }, { jobId: 'notify-e3' })));
      expect(await runTheOneWaitingJob(queue)).toHaveLength(1);
    });

    it('enqueues many in one call: each new one runs once, with its delay; an id the queue holds is left as it is', async () => {
      const queue = await openQueue();
      await queue.enqueue('expire', { n: 1 }, { jobId: 'expire-e10' });
      await queue.enqueueMany([]);
      await queue.enqueueMany([
        { jobName: 'expire', data: { n: 2 }, options: { jobId: 'expire-e10' } },
        { jobName: 'expire', data: { n: 3 }, options: { jobId: 'expire-e11' } },
        { jobName: 'expire', data: { n: 4 }, options: { jobId: 'expire-e12', delayMs: 60_000 } },
      ]);
      expect(await queue.counts()).toMatchObject({ waiting: 2, delayed: 1 });
      const seen = await processRuns(queue, 2);
      expect(seen.map((job) => [job.id, job.data.n]).sort()).toEqual([
        ['expire-e10', 1],
        ['expire-e11', 3],
      ]);
      await queue.enqueueMany([{ jobName: 'expire', data: { n: 5 }, options: { jobId: 'expire-e11' } }]);
      await sleep(SETTLE_MS);
      expect(seen).toHaveLength(2);
      expect(await queue.counts()).toMatchObject({ waiting: 0, delayed: 1, completed: 2 });
    });

    it('enqueues a large batch the same way as a small one', async () => {
      // An adapter may add small and large batches by different means; both keep the same promises.
      const queue = await openQueue();
      await queue.enqueue('notify', { n: 0 }, { jobId: 'batch-e0' });
      await queue.enqueueMany(
        Array.from({ length: 30 }, (_, n) => ({
          jobName: 'notify',
          data: { n: n + 100 },
          options: { jobId: `batch-e${n}`, ...(n === 29 ? { delayMs: 60_000 } : {}) },
        })),
      );
      expect(await queue.counts()).toMatchObject({ waiting: 29, delayed: 1 });
      const seen = await processRuns(queue, 29);
      const expected = Array.from({ length: 29 }, (_, n) => [`batch-e${n}`, n === 0 ? 0 : n + 100] as const);
      expect(seen.map((job) => [job.id, job.data.n]).sort()).toEqual([...expected].sort());
    });

    it('retries a failing job with backoff until it succeeds', async () => {
      const queue = await openQueue();
      const attempts: number[] = [];
      const times: number[] = [];
      queue.process(async (job) => {
        attempts.push(job.attempt);
        times.push(Date.now());
        if (job.attempt < 3) throw new Error(`attempt ${job.attempt} fails`);
      });
      await queue.enqueue('flaky', { n: 1 }, { jobId: 'flaky-e4' });
      await waitFor(() => attempts.length === 3);
      await sleep(SETTLE_MS);
      expect(attempts).toEqual([1, 2, 3]);
      // Exponential from 50 ms: at least 50 ms before the first retry, 100 ms before the second.
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(45);
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(95);
    });

    it('gives up after the last attempt', async () => {
      const queue = await openQueue();
      let runs = 0;
      queue.process(async () => {
        runs += 1;
        throw new Error('always fails');
      });
      await queue.enqueue('doomed', { n: 1 }, { jobId: 'doomed-e5' });
      await waitFor(() => runs === 3);
      await sleep(SETTLE_MS);
      expect(runs).toBe(3);
    });

    it('counts jobs by state, lists a failed job with its reason, and retries it from its first attempt', async () => {
      const queue = await openQueue();
      expect(await queue.counts()).toEqual({ waiting: 0, delayed: 0, active: 0, failed: 0, completed: 0 });
      await queue.enqueue('later', { n: 0 }, { jobId: 'later-e9', delayMs: 60_000 });
      let healthy = false;
      const attempts: number[] = [];
      queue.process(async (job) => {
        if (job.data.n === 0) return;
        attempts.push(job.attempt);
        if (!healthy) throw new Error('the mail server is away');
      });
      await queue.enqueue('notify', { n: 1 }, { jobId: 'notify-e8' });
      await waitFor(() => attempts.length === 3);
      await expect
        .poll(() => queue.counts(), { timeout: 10_000 })
        .toMatchObject({ failed: 1, delayed: 1, waiting: 0, active: 0 });
      expect(await queue.failed(10)).toEqual([
        {
          id: 'notify-e8',
          name: 'notify',
          reason: 'the mail server is away',
          attempts: 3,
          failedAt: expect.any(String),
        },
      ]);

      healthy = true;
      expect(await queue.retry('unknown-e8')).toBe(false);
      expect(await queue.retry('later-e9')).toBe(false);
      expect(await queue.retry('notify-e8')).toBe(true);
      await waitFor(() => attempts.length === 4);
      expect(attempts).toEqual([1, 2, 3, 1]);
      await expect
        .poll(() => queue.counts(), { timeout: 10_000 })
        .toMatchObject({ failed: 0, completed: 1, delayed: 1 });
      expect(await queue.retry('notify-e8')).toBe(false);
    });

    it('runs up to `concurrency` jobs at once', async () => {
      const queue = await openQueue();
      let running = 0;
      let most = 0;
      let done = 0;
      queue.process(
        async () => {
          running += 1;
          most = Math.max(most, running);
          await sleep(200);
          running -= 1;
          done += 1;
        },
        { concurrency: 4 },
      );
      await Promise.all(Array.from({ length: 4 }, (_, n) => queue.enqueue('slow', { n }, { jobId: `slow-${n}` })));
      await waitFor(() => done === 4);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(4);
    });

    it('closes cleanly: a running job finishes, nothing runs or enqueues afterwards', async () => {
      const queue = await openQueue();
      let started = 0;
      let finished = 0;
      queue.process(async () => {
        started += 1;
        await sleep(300);
        finished += 1;
      });
      await queue.enqueue('slow', { n: 1 }, { jobId: 'slow-e6' });
      await waitFor(() => started === 1);
      await queue.close();
      expect(finished).toBe(1);
      await expect(queue.enqueue('slow', { n: 2 }, { jobId: 'slow-e7' })).rejects.toThrow(/closed/);
      await sleep(SETTLE_MS);
      expect(started).toBe(1);
    });

    it('refuses job ids BullMQ cannot store', async () => {
      const queue = await openQueue();
      await expect(queue.enqueue('x', { n: 1 }, { jobId: 'a:b' })).rejects.toThrow(/not usable/);
      await expect(queue.enqueue('x', { n: 1 }, { jobId: '42' })).rejects.toThrow(/not usable/);
      // One bad id refuses the whole call, so none of it is added.
      await expect(
        queue.enqueueMany([
          { jobName: 'x', data: { n: 1 }, options: { jobId: 'fine-e13' } },
          { jobName: 'x', data: { n: 2 }, options: { jobId: 'a:b' } },
        ]),
      ).rejects.toThrow(/not usable/);
      expect(await queue.counts()).toMatchObject({ waiting: 0 });
    });
  });
}
