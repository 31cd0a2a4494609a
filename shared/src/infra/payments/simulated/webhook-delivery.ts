/**
 * Delivers the simulated processor's webhooks to the app through the jobs port, signed at each
 * attempt with Stripe's scheme and retried with backoff until the app answers 2xx. Like Stripe, it
 * sometimes delivers an event twice and delivers events out of order (a random delay each), so the
 * app's webhook path is exercised the way production will exercise it. `random` makes that seedable.
 */
import { Coalescing } from '../../coalescing';
import type { JobQueue, JobToEnqueue, JobWorker } from '../../jobs/port';
import { SIGNATURE_HEADER, signWebhook } from '../stripe-webhooks';
import type { SendWebhook } from './simulated-processor';

export interface WebhookDeliveryJob {
  eventId: string;
  payload: string;
}

export interface WebhookDeliveryOptions {
  queue: JobQueue<WebhookDeliveryJob>;
  /** The app's `POST /api/payments/webhook`. */
  url: string;
  /** Read when a delivery is signed (the processor may resolve its secret after this is built). */
  secret: () => string;
  /** Chance that an event is delivered a second time. */
  duplicateChance?: number;
  /** Each delivery waits a random time up to this, which reorders events close in time. */
  maxDelayMs?: number;
  random?: () => number;
}

/** A small seedable generator (mulberry32), so a test's "twice and out of order" is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class WebhookDelivery {
  private worker: JobWorker | null = null;
  private readonly random: () => number;
  /** Events sent while an enqueue is under way go to the queue together in the next one. */
  private readonly deliveries: Coalescing<JobToEnqueue<WebhookDeliveryJob>>;

  constructor(private readonly options: WebhookDeliveryOptions) {
    this.random = options.random ?? Math.random;
    this.deliveries = new Coalescing((jobs) => {
      // An event handed over twice at once (a restart's hand-over meeting a live one) is one delivery.
      const byId = new Map(jobs.map((job) => [job.options.jobId, job]));
      return options.queue.enqueueMany([...byId.values()]);
    });
  }

  readonly send: SendWebhook = async ({ eventId, payload }) => {
    const { duplicateChance = 0.1, maxDelayMs = 300 } = this.options;
    const delivery = (jobId: string): JobToEnqueue<WebhookDeliveryJob> => ({
      jobName: 'deliver-webhook',
      data: { eventId, payload },
      options: { jobId, delayMs: Math.floor(this.random() * maxDelayMs) },
    });
    const sent = [this.deliveries.add(delivery(`webhook-${eventId}`))];
    if (this.random() < duplicateChance) sent.push(this.deliveries.add(delivery(`webhook-${eventId}-again`)));
    await Promise.all(sent);
  };

  start(concurrency = 4): void {
    this.worker ??= this.options.queue.process(
      async (job) => {
        const response = await fetch(this.options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signWebhook(job.data.payload, this.options.secret()),
          },
          body: job.data.payload,
          signal: AbortSignal.timeout(10_000),
        });
        // Read the body so the connection is released; a non-2xx answer is a failed attempt, retried later.
        const answer = await response.text();
        if (!response.ok)
          throw new Error(`webhook ${job.data.eventId} answered ${response.status}: ${answer.slice(0, 200)}`);
      },
      { concurrency },
    );
  }

  async close(): Promise<void> {
    await this.worker?.close();
    this.worker = null;
  }
}
