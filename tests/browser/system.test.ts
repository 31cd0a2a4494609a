/**
 * The admin's System tab in the browser: every read model live, a rebuild started with a click whose
 * progress bar moves while the applications table keeps answering, a failed job retried, the payments
 * reconciliation watches, phone width.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@playtime/shared/infra/db/pool';
import { createJobQueue } from '@playtime/shared/infra/jobs/bullmq-job-queue';
import { selectJobBackend } from '@playtime/shared/infra/jobs/port';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import { appendPartnerApplications } from '../support/partner-applications';
import { watchUnpaidPayment } from '../support/payments';
import { browserSuite } from './support/suite';
import { PHONE, screenshot, sidewaysOverflow } from './support/browser';

/** Applications in the log; rebuilt one event per transaction, their rebuild lasts long enough to watch. */
const APPLICATIONS = 2500;

describe('the system tab in the browser', () => {
  const suite = browserSuite({ env: { PROJECTION_REBUILD_BATCH_SIZE: '1' } });

  beforeAll(async () => {
    await appendPartnerApplications(suite.app.databaseUrl, APPLICATIONS, { label: 'Applicant' });
  }, 240_000);

  it('rebuilds a read model with a moving progress bar, retries a failed job, and fits a phone', async () => {
    const admin = await suite.signedIn('admin@playtime.test', { then: '/admin?tab=system' });
    const projections = admin.page.getByRole('table', { name: 'Projections' });
    const row = projections.getByRole('row').filter({ hasText: 'partner_applications' });
    await row.getByText('live').waitFor({ timeout: 60_000 });

    // The page's live answers (here the bell's) are asked for again once the rebuilt tables take over.
    const notificationsAsked: string[] = [];
    admin.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/notifications') notificationsAsked.push(request.url());
    });
    await row.getByRole('button', { name: 'Rebuild' }).click();
    const progress = row.getByText(/^[\d,]+ \/ [\d,]+ events · [\d,]+\/s/);
    await progress.waitFor({ timeout: 15_000 });
    const first = await progress.textContent();
    await admin.page.getByText('rebuilding').first().waitFor();
    await screenshot(admin.page, 'system-rebuild-desktop');
    // Readers are answered from the current tables meanwhile.
    const reader = await suite.api('admin');
    const page = await reader.get('/api/admin/partner-applications?page=0&pageSize=10');
    expect(page.status).toBe(200);
    expect((page.json as unknown[]).length).toBe(10);
    // The bar moves, then the new tables take over.
    await expect
      .poll(() => progress.textContent().catch(() => 'finished'), { timeout: 30_000, interval: 200 })
      .not.toBe(first);
    await row.getByText(/^Last rebuilt .*: [\d,]+ events in/).waitFor({ timeout: 120_000 });
    await row.getByText('live').waitFor();
    await expect.poll(() => notificationsAsked.length, { timeout: 30_000 }).toBeGreaterThan(0);

    // A job whose attempts ran out, retried from the tab.
    const queue = await createJobQueue({
      name: JOB_QUEUES.gameLoop,
      backend: selectJobBackend({ databaseUrl: suite.app.databaseUrl, redisUrl: process.env.REDIS_URL }),
      attempts: 1,
    });
    try {
      await queue.enqueue(
        'refund',
        {
          kind: 'refund',
          paymentId: 'pi_never_made',
          idempotencyKey: 'refund-browser-never',
          reason: 'game_cancelled',
        },
        { jobId: 'refund-browser-never' },
      );
      const failed = admin.page.getByRole('alert').filter({ hasText: 'game-loop: refund (refund-browser-never)' });
      await failed.waitFor({ timeout: 30_000 });
      await screenshot(admin.page, 'system-failed-job');
      await failed.getByRole('button', { name: 'Retry' }).click();
      await admin.page.getByText('The job runs again.').waitFor();
    } finally {
      await queue.close();
    }
    await admin.context.close();

    // A payment reconciliation passed before it was paid, as reconciliation records it.
    const pool = createPool(suite.app.databaseUrl);
    await watchUnpaidPayment(pool);
    await pool.end();

    const phone = await suite.signedIn('admin@playtime.test', { viewport: PHONE, then: '/admin?tab=system' });
    // On a phone each read model is a card, its Rebuild button on screen.
    const card = phone.page
      .getByRole('list', { name: 'Projections' })
      .getByRole('listitem', { name: 'partner_applications' });
    const rebuildButton = await card.getByRole('button', { name: 'Rebuild' }).boundingBox();
    expect(rebuildButton && rebuildButton.x >= 0 && rebuildButton.x + rebuildButton.width <= PHONE.width).toBe(true);
    expect(await sidewaysOverflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.page
      .getByText('Watching 1 payment not paid yet, looked at again on each run for a week.', { exact: false })
      .waitFor();
    await screenshot(phone.page, 'system-phone');
    await phone.context.close();
  }, 300_000);
});
