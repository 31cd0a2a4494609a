import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { DESKTOP, launchBrowser, logIn, newPage, PHONE, screenshot } from './support/browser';

describe('identity, profile and admin in the browser', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.dispose();
  });

  it('shows the landing page with its sections and the partner button, on desktop and phone', async () => {
    for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(app.url);
      await expect(page.getByRole('heading', { name: 'Playtime Made Easy' })).toBeTruthy();
      await page.getByRole('heading', { name: 'Playtime Made Easy' }).waitFor();
      await page.getByRole('button', { name: 'Request to Become a Partnered Field' }).or(page.getByRole('link', { name: 'Request to Become a Partnered Field' })).first().waitFor();
      expect(await page.getByRole('button', { name: 'Log In' }).count()).toBeGreaterThan(0);
      await screenshot(page, `landing-${label}`);
      await context.close();
    }
  });

  it('logs a player in through the provider page, edits the bio and still sees it after a reload', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(app.url);
    await logIn(page, 'player@playtime.test');
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByLabel('Username').waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe('player');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Bio').fill('Left back. Sundays at the park.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.reload();
    await page.getByLabel('Bio').waitFor();
    await expect.poll(() => page.getByLabel('Bio').inputValue(), { timeout: 15_000 }).toBe('Left back. Sundays at the park.');
    await page.getByText('No Recent Games').waitFor();
    await screenshot(page, 'profile-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'profile-phone');
    await context.close();
  });

  it("shows an admin's role change in the player's open browser without a reload", async () => {
    const player = await newPage(browser);
    await player.page.goto(app.url);
    await logIn(player.page, 'captain@playtime.test');
    await player.page.getByRole('link', { name: 'Organize' }).first().waitFor();
    expect(await player.page.getByRole('link', { name: 'Field Management' }).count()).toBe(0);

    const admin = await newPage(browser);
    await admin.page.goto(app.url);
    await logIn(admin.page, 'admin@playtime.test');
    await admin.page.getByRole('link', { name: 'Admin' }).first().click();
    await admin.page.getByText('User Management').waitFor();
    const row = admin.page.getByRole('row').filter({ hasText: 'captain@playtime.test' });
    await row.getByRole('button', { name: 'Edit' }).click();
    await admin.page.getByLabel('Role of captain').first().click();
    await admin.page.getByRole('option', { name: 'field owner' }).click();
    await screenshot(admin.page, 'admin-desktop');
    await row.getByRole('button', { name: 'Save' }).click();

    // The captain's navigation follows the new role live.
    await player.page.getByRole('link', { name: 'Field Management' }).first().waitFor({ timeout: 15_000 });
    expect(await player.page.getByRole('link', { name: 'Organize' }).count()).toBe(0);
    await admin.page.setViewportSize(PHONE);
    await screenshot(admin.page, 'admin-phone');
    await player.context.close();
    await admin.context.close();
  });
});
