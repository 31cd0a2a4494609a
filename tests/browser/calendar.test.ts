/**
 * Calendar feeds in the browser (issue #31): a player gets their private feed address on the profile,
 * copies it and finds the game they joined in it; makes a new one after being told the old one stops
 * working; and downloads one game from its page with 'Add to calendar'. Every screen passes axe, at
 * desktop and phone width.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_TEXTS } from '@playtime/shared/contract/calendar';
import { demoPlayerInGame } from '../support/game-loop';
import { browserSuite } from './support/suite';
import { PHONE, screenshot } from './support/browser';

describe('calendar feeds in the browser', () => {
  const suite = browserSuite();
  let gameId: string;

  beforeAll(async () => {
    ({ gameId } = await demoPlayerInGame(
      suite.app.url,
      { name: 'Feed Fields', address: '9 Calendar Ave', subFieldName: 'East' },
      { name: 'Subscribed Sunday', from: 19, to: 21, team: 2 },
    ));
  }, 120_000);

  it('gives a player their feed address, with their game in it, and a new one that ends the old', async () => {
    const { context, page } = await suite.signedIn('player@playtime.test');
    await page.getByRole('link', { name: 'Profile' }).first().click();
    const card = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: CALENDAR_TEXTS.feedTitle }) });
    await card.getByRole('button', { name: CALENDAR_TEXTS.makeFeed }).click();
    const address = card.getByLabel('Feed address');
    await address.waitFor();
    const first = await address.inputValue();
    expect(first).toMatch(/\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const feed = await fetch(first);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Subscribed Sunday');
    await card.getByRole('button', { name: CALENDAR_TEXTS.copy }).waitFor();
    await screenshot(page, 'calendar-feed-desktop');

    // A new address only after the warning, pressed with the keyboard.
    await card.getByRole('button', { name: CALENDAR_TEXTS.rotateFeed }).click();
    await card.getByText(CALENDAR_TEXTS.rotateConfirm).waitFor();
    await screenshot(page, 'calendar-feed-confirm-desktop');
    await card.getByRole('button', { name: CALENDAR_TEXTS.rotateFeed }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => address.inputValue()).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(await address.inputValue())).status).toBe(200);

    await page.setViewportSize(PHONE);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'calendar-feed-phone');
    await context.close();
  });

  it("downloads one game from its page with 'Add to calendar', as a guest too", async () => {
    for (const viewport of [undefined, PHONE]) {
      const { context, page } = await suite.window(viewport);
      await page.goto(suite.url(`/game-details/${gameId}`));
      const link = page.getByRole('link', { name: CALENDAR_TEXTS.addToCalendar });
      await link.waitFor();
      await screenshot(page, `calendar-game-link-${viewport ? 'phone' : 'desktop'}`);
      const downloading = page.waitForEvent('download');
      await link.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('Subscribed Sunday.ics');
      const body = await readFile((await download.path())!, 'utf8');
      expect(body).toContain('BEGIN:VCALENDAR');
      expect(body).toContain('SUMMARY:Subscribed Sunday');
      await context.close();
    }
  });
});
