/**
 * Issue #41: a reminder in the bell, and a mail read in Admin → Mail. A reminder's map is a short
 * link, and nothing in the bell is wider than the bell's list, at phone and laptop widths; reading a
 * mail opens it in a drawer in view, with the focus inside, and closing it gives the focus back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { NOTIFICATION_UI_TEXTS as TEXTS } from '@playtime/shared/contract/notifications';
import { demoPlayerInGame } from '../support/game-loop';
import { at } from '../support/time';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { browserSuite } from './support/suite';

/** The game's reminder comes due this long after the suite starts: time to book it and join it first. */
const REMINDER_DUE_AFTER_MS = 60_000;
const LAPTOP = { width: 1366, height: 768 };

/** How far any element inside `box` reaches past its right edge, and whether anything in it can scroll sideways. */
const overflowOf = (box: Locator) =>
  box.evaluate((root) => {
    const right = root.getBoundingClientRect().right;
    const beyond = Math.max(
      0,
      ...[...root.querySelectorAll('*')].map((node) => node.getBoundingClientRect().right - right),
    );
    const scrollsSideways = [root, ...root.querySelectorAll('*')].some(
      (node) =>
        node.scrollWidth > node.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(node).overflowX),
    );
    return { beyond: Math.round(beyond), scrollsSideways };
  });

/** Whether the whole of `target` lies inside the window. */
const inView = (page: Page, target: Locator) =>
  target.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    return (
      rect.top >= 0 && rect.left >= 0 && rect.bottom <= window.innerHeight + 1 && rect.right <= window.innerWidth + 1
    );
  });

describe('the bell and the mail drawer', () => {
  const suiteStart = Date.now();
  const suite = browserSuite({
    // The setting, in hours, that makes the 19:00 game's reminder come due during the suite.
    env: () => ({ REMINDER_HOURS: String((Date.parse(at(19)) - (suiteStart + REMINDER_DUE_AFTER_MS)) / 3_600_000) }),
  });

  beforeAll(async () => {
    await demoPlayerInGame(
      suite.app.url,
      { name: 'Reminder Meadows', address: '11 Long Street Name Avenue', subFieldName: 'East' },
      { name: 'Reminded Kickabout', from: 19, to: 20, team: 2 },
    );
  }, 120_000);

  it("shows a reminder's map as a short link, and nothing in the bell is cut off or scrolls sideways", async () => {
    const player = await suite.signedIn('player@playtime.test', { viewport: LAPTOP });
    const bell = player.page.getByRole('button', { name: /^Notifications/ });
    const list = player.page.getByRole('dialog', { name: TEXTS.title });
    const reminder = list.getByRole('button', { name: /^Unread: Reminder: Reminded Kickabout on / });
    for (const viewport of [LAPTOP, PHONE]) {
      await player.page.setViewportSize(viewport);
      // The list's closing transition may take seconds on a busy machine (the project's poll waits 15 s).
      await expect.poll(() => list.isVisible()).toBe(false);
      await bell.click();
      // Opening the bell again until the reminder is there: its job comes due a minute into the suite.
      await expect
        .poll(
          async () => {
            if (await reminder.isVisible()) return true;
            await player.page.keyboard.press('Escape');
            await expect.poll(() => list.isVisible(), { timeout: 10_000 }).toBe(false);
            await bell.click();
            return false;
          },
          { timeout: REMINDER_DUE_AFTER_MS + 90_000, interval: 2_000 },
        )
        .toBe(true);
      const map = list.getByRole('link', { name: TEXTS.mapLink });
      expect(await map.textContent()).toBe(TEXTS.mapLink);
      expect(await map.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
      expect(await list.textContent()).not.toContain('https://');
      await expect.poll(() => list.evaluate((node) => getComputedStyle(node).opacity)).toBe('1');
      expect(await overflowOf(list)).toEqual({ beyond: 0, scrollsSideways: false });
      await screenshot(player.page, `bell-reminder-${viewport.width}`);
      await player.page.keyboard.press('Escape');
    }
    await player.context.close();
  }, 240_000);

  it('reads a mail in a drawer in view, with the focus inside it and back on Read when it closes', async () => {
    const admin = await suite.signedIn('admin@playtime.test', { then: '/admin?tab=mail' });
    for (const viewport of [DESKTOP, PHONE]) {
      await admin.page.setViewportSize(viewport);
      const read = admin.page.getByRole('button', {
        name: 'Read "Playtime: you joined a game" to player@playtime.test',
      });
      await read.waitFor({ timeout: 30_000 });
      await read.click();
      const drawer = admin.page.getByRole('dialog', { name: 'Playtime: you joined a game' });
      await drawer.waitFor();
      await admin.page.getByRole('tab', { name: 'Plain text' }).click();
      await drawer.getByRole('tabpanel').filter({ hasText: 'You joined Reminded Kickabout on' }).waitFor();
      expect(await inView(admin.page, drawer.getByRole('heading', { name: 'Playtime: you joined a game' }))).toBe(true);
      expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      await screenshot(admin.page, `mail-drawer-${viewport.width}`);
      await admin.page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => read.evaluate((node) => node === document.activeElement)).toBe(true);
    }
    await admin.context.close();
  }, 120_000);
});
