/**
 * The rough edges a first user hit (issue 27): a guest browsing games, a logged-in reload at
 * 127.0.0.1, and the smaller screens fixed with them, each looked at on a desktop and a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { bookPaidGame, demoPeople } from '../support/game-loop';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { DESKTOP, launchBrowser, logIn, newPage, PHONE, screenshot } from './support/browser';
import { at } from '../support/time';

describe('rough edges a first user hit', () => {
  let app: TestApp;
  let browser: Browser;
  let gameId: string;
  let subFieldId: string;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser();
    const { clients } = await demoPeople(app.url);
    clients.captain.seesWritesOf(clients.owner);
    const field = await clients.owner.post('/api/add-field', {
      name: 'Chelsea Park',
      description: '',
      address: '10 W 28th St',
      zipCode: '10001',
      city: 'New York',
      price: 40,
      picture: '',
    });
    expect(field.status, field.text).toBe(200);
    const { fieldId } = field.json as { fieldId: string };
    subFieldId = (await clients.owner.post('/api/add-subfield', { masterFieldId: fieldId, name: 'North Pitch' })).text;
    const window = await clients.owner.post('/api/add-field-schedule', {
      subFieldId,
      startDate: at(8),
      endDate: at(23),
    });
    expect(window.status, window.text).toBe(200);
    ({ gameId } = await bookPaidGame(clients.captain, clients.anonymous, subFieldId, 18, 19.5, {
      name: 'Evening Cup',
      maxPlayers: 14,
      price: '',
    }));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.dispose();
  });

  it('lets a guest search for games and open one, and asks them to log in to join', async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(app.url);
      await page.getByRole('link', { name: 'Find a game' }).click();
      await page.waitForURL('**/search');
      await page.getByLabel('Location').fill('10001');
      await page.getByLabel('Location').press('Enter');
      await page.getByText('Evening Cup').first().waitFor();
      await screenshot(page, `rough-edges-guest-search-${suffix}`);
      await page.getByText('Evening Cup').first().click();
      await page.waitForURL(`**/game-details/${gameId}`);
      await page.getByText('Log in to join this game.').waitFor();
      await screenshot(page, `rough-edges-guest-game-${suffix}`);
      const popup = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Join Game' }).click();
      const login = await popup;
      await login.waitForLoadState();
      await login.getByLabel('Email').waitFor();
      await context.close();
    }
  });

  it('keeps a player logged in across a reload at 127.0.0.1', async () => {
    const { context, page } = await newPage(browser);
    const loopback = app.url.replace('localhost', '127.0.0.1');
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${loopback}/`);
    await logIn(page, 'player@playtime.test');
    await page.goto(`${loopback}/profile`);
    await page.getByRole('button', { name: 'Log Out' }).first().waitFor({ timeout: 10_000 });
    await page.reload();
    await page.getByRole('button', { name: 'Log Out' }).first().waitFor({ timeout: 10_000 });
    expect(page.url()).toBe(`${loopback}/profile`);
    expect(errors.filter((text) => text.includes('frame-ancestors'))).toEqual([]);
    await screenshot(page, 'rough-edges-reload-127');
    await context.close();
  });
});
