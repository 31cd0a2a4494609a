/**
 * The admin's System tab over HTTP: projections with position, lag and state; a rebuild asked for
 * from the API and done by the projector while reads go on; job queues with a failed job to retry;
 * reconciliation's findings; and the same numbers on /metrics. Only admins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemStatus } from '@playtime/shared/contract/operations';
import { PROJECTION_NAMES } from '@playtime/shared/contract/projections';
import { createPool } from '@playtime/shared/infra/db/pool';
import { createJobQueue } from '@playtime/shared/infra/jobs/bullmq-job-queue';
import { selectJobBackend } from '@playtime/shared/infra/jobs/port';
import { JOB_QUEUE_NAMES, JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import { demoClients } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { watchUnpaidPayment } from '../support/payments';
import { startTestApp, type TestApp } from '../support/standalone-app';

describe('system operations over HTTP', () => {
  let app: TestApp;
  let anonymous: ApiClient;
  let player: ApiClient;
  let admin: ApiClient;

  const system = () => admin.read<SystemStatus>('/api/admin/system');

  beforeAll(async () => {
    // The demo data gives the log something to rebuild from.
    app = await startTestApp({ SEED_DEMO: 'true' });
    anonymous = new ApiClient(app.url, null);
    [player, admin] = await demoClients(app.url, 'player', 'admin');
  }, 180_000);

  afterAll(async () => {
    await app?.dispose();
  });

  it('answers only admins, for every call', async () => {
    for (const client of [anonymous, player]) {
      const expected = client === anonymous ? 401 : 403;
      expect((await client.get('/api/admin/system')).status).toBe(expected);
      expect((await client.post('/api/admin/rebuild-projection', { projection: 'games' })).status).toBe(expected);
      expect((await client.post('/api/admin/retry-job', { queue: JOB_QUEUES.gameLoop, jobId: 'x-1' })).status).toBe(
        expected,
      );
    }
    const refused = await player.get('/api/admin/system');
    expect(refused.json).toMatchObject({ error: { message: 'Only admins can see and run the system.' } });
  });

  it('shows every projection live at the head of the log, every job queue and reconciliation', async () => {
    // The demo's jobs keep appending events, so a projection is at the head once it catches up.
    await expect
      .poll(
        async () => {
          const { projections } = await system();
          return (
            projections.every((projection) => projection.state === 'live') &&
            projections.find((projection) => projection.name === 'games')?.behind === 0
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const status = await system();
    expect(status.projections.map((projection) => projection.name).sort()).toEqual([...PROJECTION_NAMES].sort());
    const games = status.projections.find((projection) => projection.name === 'games')!;
    expect(games).toMatchObject({ rebuild: null });
    expect(games.position).toBeGreaterThan(0);
    expect(status.jobs.map((queue) => queue.queue).sort()).toEqual([...JOB_QUEUE_NAMES].sort());
    // Reconciliation is scheduled once per slot: its next run waits in its queue.
    expect(
      status.jobs.find((queue) => queue.queue === JOB_QUEUES.paymentReconciliation)!.delayed +
        status.jobs.find((queue) => queue.queue === JOB_QUEUES.paymentReconciliation)!.completed,
    ).toBeGreaterThan(0);
    expect(status.reconciliation).toMatchObject({ lastError: null, needsAttention: 0, watching: 0, differences: [] });

    // A payment reconciliation passed before it was paid is watched (shared/src/game-loop/payments/reconciliation.ts writes this).
    const pool = createPool(app.databaseUrl);
    const watched = await watchUnpaidPayment(pool);
    try {
      expect((await system()).reconciliation.watching).toBe(1);
      expect(await (await fetch(`${app.url}/metrics`)).text()).toContain('playtime_payments_watched 1');
    } finally {
      await pool.query('DELETE FROM payment_reconciliation_watch WHERE payment_id = $1', [watched]);
      await pool.end();
    }
  });

  it('rebuilds a projection an admin asks for, while its readers keep being answered', async () => {
    const bad = await admin.post('/api/admin/rebuild-projection', { projection: 'everything' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('projection must be one of: users, fields');

    const before = (await system()).projections.find((projection) => projection.name === 'games')!;
    const asked = await admin.post('/api/admin/rebuild-projection', { projection: 'games' });
    expect(asked.status).toBe(202);
    const search = '/api/get-games?latitude=40.7506&longitude=-73.9972&distance=50';
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          expect((await anonymous.get(search)).status).toBe(200);
          const games = (await system()).projections.find((projection) => projection.name === 'games')!;
          seen.add(games.state);
          return games.lastRebuild?.finishedAt !== before.lastRebuild?.finishedAt && games.state === 'live';
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe(true);
    const after = (await system()).projections.find((projection) => projection.name === 'games')!;
    expect(after.lastRebuild!.events).toBeGreaterThan(0);
    expect(after.position).toBeGreaterThanOrEqual(before.position);
    const found = await anonymous.get(search);
    expect((found.json as unknown[]).length).toBeGreaterThan(0);
  });

  it('lists a job whose attempts ran out with its reason, and retries it from its first attempt', async () => {
    // A refund of a payment the processor never made fails every time; one attempt, so it fails at once.
    const queue = await createJobQueue({
      name: JOB_QUEUES.gameLoop,
      backend: selectJobBackend({ databaseUrl: app.databaseUrl, redisUrl: process.env.REDIS_URL }),
      attempts: 1,
    });
    try {
      await queue.enqueue(
        'refund',
        { kind: 'refund', paymentId: 'pi_never_made', idempotencyKey: 'refund-test-never', reason: 'game_cancelled' },
        { jobId: 'refund-never-made' },
      );
      await expect
        .poll(async () => (await system()).jobs.find((jobs) => jobs.queue === JOB_QUEUES.gameLoop)!.failed, {
          timeout: 30_000,
        })
        .toBe(1);
      const [failed] = (await system()).jobs.find((jobs) => jobs.queue === JOB_QUEUES.gameLoop)!.failedJobs;
      expect(failed).toMatchObject({
        id: 'refund-never-made',
        name: 'refund',
        attempts: 1,
        reason: expect.stringMatching(/payment/i),
      });

      expect((await admin.post('/api/admin/retry-job', { queue: 'nope', jobId: 'refund-never-made' })).status).toBe(
        404,
      );
      const missing = await admin.post('/api/admin/retry-job', { queue: JOB_QUEUES.gameLoop, jobId: 'no-such-job' });
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('There is no failed job with this id in that queue');
      expect(
        (await admin.post('/api/admin/retry-job', { queue: JOB_QUEUES.gameLoop, jobId: 'refund-never-made' })).status,
      ).toBe(202);
      // It ran again and failed again, later: listed once more, with its new failure's time.
      await expect
        .poll(
          async () => (await system()).jobs.find((jobs) => jobs.queue === JOB_QUEUES.gameLoop)!.failedJobs[0]?.failedAt,
          { timeout: 30_000 },
        )
        .toSatisfy((failedAt) => typeof failedAt === 'string' && failedAt !== failed!.failedAt);
    } finally {
      await queue.close();
    }
  });

  it('/metrics exports the same numbers', async () => {
    const status = await system();
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    const games = status.projections.find((projection) => projection.name === 'games')!;
    expect(metrics).toContain(`playtime_projection_position{projection="games"} ${games.position}`);
    const gameLoop = status.jobs.find((jobs) => jobs.queue === JOB_QUEUES.gameLoop)!;
    expect(metrics).toContain(`playtime_jobs{queue="game-loop",state="failed"} ${gameLoop.failed}`);
  });
});
