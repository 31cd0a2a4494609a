import type { SystemStatus } from '@playtime/shared/contract/operations';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import type { HttpAnswer } from '../e2e/http';
import { nowMs } from './timing';
import { ok } from './venue';

/** How long a phase's leftover work may take to finish before the bench says it had not. */
export const BACKLOG_WAIT_MS = 120_000;

const DELIVERIES = new Set<string>([JOB_QUEUES.email, JOB_QUEUES.push]);

/**
 * Waits until the app has no work left from the phases before, as its System tab shows it: no
 * webhook waiting or running, no game-loop job ready or running (hold expiries wait for their time
 * and do not count), every read model caught up. Mail and push deliveries do not count: they go at
 * the pace of the servers receiving them (20,000 joins' mails take minutes), and no read model or push
 * waits for them. False when that did not happen within BACKLOG_WAIT_MS.
 */
export async function waitForBacklogDrained(
  readSystem: () => Promise<HttpAnswer>,
  log: (line: string) => void,
): Promise<boolean> {
  const deadline = nowMs() + BACKLOG_WAIT_MS;
  let last = '';
  while (nowMs() < deadline) {
    const answer = await readSystem();
    ok(answer, 'read the system status');
    const system = JSON.parse(answer.body) as SystemStatus;
    // Webhooks wait a moment (a random delay, a retry): they count. Hold expiries and repeating jobs wait for their time.
    const queued = system.jobs.filter(
      (jobs) =>
        !DELIVERIES.has(jobs.queue) &&
        jobs.waiting + jobs.active + (jobs.queue === JOB_QUEUES.simulatedPaymentWebhooks ? jobs.delayed : 0) > 0,
    );
    const behind = system.projections.filter((projection) => projection.behind > 0);
    if (queued.length === 0 && behind.length === 0) return true;
    last = [
      ...queued.map((jobs) => `${jobs.queue}: ${jobs.waiting} waiting, ${jobs.active} active, ${jobs.delayed} delayed`),
      ...behind.map((projection) => `${projection.name} ${projection.behind} behind`),
    ].join('; ');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`  still there after ${BACKLOG_WAIT_MS / 1000} s: ${last}`);
  return false;
}
