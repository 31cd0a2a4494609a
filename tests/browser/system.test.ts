/**
 * The admin's System tab in the browser: every read model live, a rebuild started with a click whose
 * progress bar moves while the applications table keeps answering, a failed job retried, the payments
 * reconciliation watches, phone width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createPool } from '@playtime/shared/infra/db/pool';
import { createJobQueue } from '@playtime/shared/infra/jobs/bullmq-job-queue';
import { selectJobBackend } from '@playtime/shared/infra/jobs/port';
import { JOB_QUEUES } from '@playtime/shared/infra/jobs/queues';
import { appendPartnerApplications } from '../support/partner-applications';
import { ApiClient, accessTokenFor } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { DESKTOP, launchBrowser, logIn, newPage, PHONE, screenshot } from './support/browser';

/** Applications in the log; rebuilt one event per transaction, their rebuild lasts long enough to watch. */
const APPLICATIONS = 2500;

describe('the system tab in the browser', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({ PROJECTION_REBUILD_BATCH_SIZE: '1' });
    browser = await launchBrowser();
    await appendPartnerApplications(app.databaseUrl, APPLICATIONS, { label: 'Applicant' });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.dispose();
  });

  it('rebuilds a read model with a moving progress bar, retries a failed job, and fits a phone', async () => {
    const admin = await newPage(browser, DESKTOP);
    await admin.page.goto(app.url);
    await logIn(admin.page, 'admin@playtime.test');
    await admin.page.goto(`${app.url}/admin?tab=system`);
    const projections = admin.page.getByRole('table', { name: 'Projections' });
    const row = projections.getByRole('row').filter({ hasText: 'partner_applications' });
    await row.getByText('live').waitFor({ timeout: 60_000 });

    await row.getByRole('button', { name: 'Rebuild' }).click();
    const progress = row.getByText(/^[\d,]+ \/ [\d,]+ events · [\d,]+\/s/);
    await progress.waitFor({ timeout: 15_000 });
    const first = await progress.textContent();
    await admin.page.getByText('rebuilding').first().waitFor();
    await screenshot(admin.page, 'system-rebuild-desktop');
    // Readers are answered from the current tables meanwhile.
    const reader = new ApiClient(app.url, await accessTokenFor(app.url, 'admin@playtime.test'));
    const page = await reader.get('/api/admin/partner-applications?page=0&pageSize=10');
    expect(page.status).toBe(200);
    expect((page.json as unknown[]).length).toBe(10);
    // The bar moves, then the new tables take over.
    await expect
      .poll(() => progress.textContent().catch(() => 'finished'), { timeout: 30_000, interval: 200 })
      .not.toBe(first);
    await row.getByText(/^Last rebuilt .*: [\d,]+ events in/).waitFor({ timeout: 120_000 });
    await row.getByText('live').waitFor();

    // A job whose attempts ran out, retried from the tab.
    const queue = await createJobQueue({
      name: JOB_QUEUES.gameLoop,
      backend: selectJobBackend({ databaseUrl: app.databaseUrl, redisUrl: process.env.REDIS_URL }),
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
    const pool = createPool(app.databaseUrl);
    await pool.query(
      `INSERT INTO payment_reconciliation_watch (payment_id, created_at, looked_at) VALUES ('pi_sim_unpaid', now(), now())`,
    );
    await pool.end();

    const phone = await newPage(browser, DESKTOP);
    await phone.page.goto(app.url);
    await logIn(phone.page, 'admin@playtime.test');
    await phone.page.setViewportSize(PHONE);
    await phone.page.goto(`${app.url}/admin?tab=system`);
    // On a phone each read model is a card, its Rebuild button on screen.
    const card = phone.page
      .getByRole('list', { name: 'Projections' })
      .getByRole('listitem', { name: 'partner_applications' });
    const rebuildButton = await card.getByRole('button', { name: 'Rebuild' }).boundingBox();
    expect(rebuildButton && rebuildButton.x >= 0 && rebuildButton.x + rebuildButton.width <= PHONE.width).toBe(true);
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.page
      .getByText('Watching 1 payment not paid yet, looked at again on each run for a week.', { exact: false })
      .waitFor();
    await screenshot(phone.page, 'system-phone');
    await phone.context.close();
  }, 300_000);
});
