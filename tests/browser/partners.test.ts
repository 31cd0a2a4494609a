/**
 * A partner application in the browser: a logged-in player fills the landing page's form (told what
 * to fix first), sees their application waiting; an admin approves it in 'Field Owners Applications';
 * the player's open browser becomes a field owner's without a reload and reaches the owner's area.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { launchBrowser, logIn, newPage, PHONE, screenshot } from './support/browser';

describe('partner applications in the browser', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.dispose();
  });

  it('takes an application from the landing page to approval and the new owner area, live', async () => {
    const player = await newPage(browser);
    await player.page.goto(app.url);
    await logIn(player.page, 'player@playtime.test');
    await player.page.goto(app.url);
    await player.page.getByRole('button', { name: 'Request to Become a Partnered Field' }).click();
    await player.page.waitForURL('**/partner-application');
    const form = player.page.getByRole('form', { name: 'Partner application' });
    await form.getByLabel('Zip Code').fill('123');
    await form.getByRole('button', { name: 'Send application' }).click();
    await form.getByText('Contact name is required').waitFor();
    await form.getByText('Zip Code must be 5 digits').waitFor();
    await form.getByLabel('Contact name').fill('Player One');
    await form.getByLabel('Email').fill('player@playtime.test');
    await form.getByLabel('Phone').fill('(212) 555-0100');
    await form.getByLabel('Field name').fill('Player Park');
    await form.getByLabel('Street address').fill('1 Park Ave');
    await form.getByLabel('Zip Code').fill('10016');
    await form.getByLabel('City').fill('New York');
    await form.getByLabel('Number of sub-fields').fill('2');
    await form.getByLabel('Message').fill('Two small pitches.');
    await screenshot(player.page, 'partner-form-desktop');
    await form.getByRole('button', { name: 'Send application' }).click();
    await player.page.getByText('Thank you! Your application was sent.').waitFor();
    await player.page.getByText('Waiting for an answer').waitFor();
    expect(await player.page.getByRole('link', { name: 'Field Management' }).count()).toBe(0);

    const admin = await newPage(browser);
    await admin.page.goto(app.url);
    await logIn(admin.page, 'admin@playtime.test');
    await admin.page.goto(`${app.url}/admin?tab=applications`);
    const table = admin.page.getByRole('table', { name: 'Field Owners Applications' });
    const row = table.getByRole('row').filter({ hasText: 'Player Park' });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      expect.any(String),
      'Player One',
      'player@playtime.test',
      '(212) 555-0100',
      'Player Park\n\nTwo small pitches.',
      '1 Park Ave, New York 10016',
      '2',
      expect.stringContaining('Approve'),
    ]);
    await screenshot(admin.page, 'partner-applications-admin');
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.getByText('approved').waitFor();

    // The player's open browser is a field owner's now, and their application says so.
    await player.page.getByRole('link', { name: 'Field Management' }).first().waitFor({ timeout: 15_000 });
    await player.page.getByRole('link', { name: 'Field Management' }).first().click();
    await player.page.getByText('Fields Page').waitFor();
    await player.page.goto(`${app.url}/partner-application`);
    await player.page.getByText('Approved: you are a field owner').waitFor();

    await admin.page.setViewportSize(PHONE);
    // On a phone the application is a card: its email and answer on screen, nothing scrolled off to the side.
    const card = admin.page.getByRole('listitem').filter({ hasText: 'Player One' });
    for (const text of ['player@playtime.test', 'approved']) {
      const box = await card.getByText(text).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${text} on screen`).toBe(true);
    }
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(admin.page, 'partner-applications-admin-phone');
    await player.context.close();
    await admin.context.close();
  }, 120_000);
});
