/**
 * Notifications in the browser (issue #31): the player's bell lights up, live, when the captain in
 * another browser moves them; the list reads what happened and opening it goes to the game; the
 * admin reads the matching email in the Mail tab; the profile's preferences switch a kind off. Every
 * screen passes axe, at desktop and phone width, and the bell works from the keyboard.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NOTIFICATION_UI_TEXTS as TEXTS } from '@playtime/shared/contract/notifications';
import { demoPlayerInGame } from '../support/game-loop';
import { browserSuite } from './support/suite';
import { PHONE, expectAccessible, screenshot } from './support/browser';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Waits for the list's fade-in to end, so its picture shows it as a person sees it. */
const settled = (page: Page) =>
  expect
    .poll(() => page.getByRole('dialog', { name: TEXTS.title }).evaluate((node) => getComputedStyle(node).opacity))
    .toBe('1');

describe('notifications in the browser', () => {
  const suite = browserSuite();
  let gameId: string;

  beforeAll(async () => {
    ({ gameId } = await demoPlayerInGame(
      suite.app.url,
      { name: 'Bell Fields', address: '3 Notice Rd', subFieldName: 'West' },
      { name: 'Bell Ringers', from: 19, to: 20, team: 1 },
    ));
  }, 120_000);

  it("lights the player's bell when the captain moves them, and the admin reads the mail", async () => {
    const player = await suite.signedIn('player@playtime.test');
    const bell = player.page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    // Read what is there so far (the join), so the move is what lights the bell.
    await bell.click();
    const list = player.page.getByRole('dialog', { name: TEXTS.title });
    // Unread ones start with 'Unread: ' for screen readers.
    await list.getByText(/You joined Bell Ringers on /).waitFor({ timeout: 30_000 });
    await list.getByRole('button', { name: TEXTS.markAllRead }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(TEXTS.bell);
    await player.page.keyboard.press('Escape');
    await expect.poll(() => list.isVisible()).toBe(false);

    // The captain, in another browser, moves the player to Team 2.
    const captain = await suite.signedIn('captain@playtime.test', { at: `/game-details/${gameId}` });
    await region(captain.page, 'Team 1').getByRole('button', { name: 'Manage player' }).click();
    const manage = captain.page.getByRole('dialog', { name: 'Manage player' });
    await manage.getByRole('button', { name: 'Team 2' }).click();
    await manage.waitFor({ state: 'hidden' });

    // The player's open page lights up without a reload.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 30_000 }).toBe(TEXTS.bellWithUnread(1));
    // Said politely to a screen reader, once.
    await player.page
      .getByRole('status')
      .filter({ hasText: /^The organizer moved you to Team 2 in Bell Ringers on .*\.$/ })
      .waitFor({ state: 'attached' });
    await screenshot(player.page, 'notifications-bell-lit-desktop');
    // Opened from the keyboard: the list takes the focus, Escape gives it back to the bell.
    await bell.focus();
    await player.page.keyboard.press('Enter');
    const moved = list.getByRole('button', { name: /The organizer moved you to Team 2 in Bell Ringers on / });
    await moved.waitFor();
    await settled(player.page);
    await screenshot(player.page, 'notifications-list-desktop');
    await expectAccessible(player.page);
    await moved.click();
    await player.page.waitForURL(`**/game-details/${gameId}`);
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(TEXTS.bell);

    // The same news by mail, in the admin's Mail tab.
    const admin = await suite.signedIn('admin@playtime.test', { then: '/admin?tab=mail' });
    const read = admin.page.getByRole('button', {
      name: 'Read "Playtime: you were moved to another team" to player@playtime.test',
    });
    await read.waitFor({ timeout: 30_000 });
    await read.click();
    await admin.page.getByRole('tab', { name: 'Plain text' }).click();
    await admin.page
      .getByRole('tabpanel')
      .filter({ hasText: 'The organizer moved you to Team 2 in Bell Ringers on' })
      .last()
      .waitFor({ timeout: 15_000 });
    await screenshot(admin.page, 'notifications-mail-desktop');
    for (const open of [player, captain, admin]) await open.context.close();
  });

  it('lets a player switch a kind off on the profile, at phone width too', async () => {
    const player = await suite.signedIn('player@playtime.test');
    await player.page.getByRole('link', { name: 'Profile' }).first().click();
    const email = player.page.getByRole('checkbox', { name: 'You joined a game: Email' });
    await email.waitFor();
    expect(await email.isChecked()).toBe(true);
    await email.focus();
    await player.page.keyboard.press('Space');
    await expect.poll(() => email.isChecked()).toBe(false);
    await player.page.reload();
    await expect.poll(() => email.isChecked()).toBe(false);
    await email.scrollIntoViewIfNeeded();
    await screenshot(player.page, 'notifications-preferences-desktop');
    await expectAccessible(player.page);

    await player.page.setViewportSize(PHONE);
    await email.scrollIntoViewIfNeeded();
    await screenshot(player.page, 'notifications-preferences-phone');
    await expectAccessible(player.page);
    const bell = player.page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const list = player.page.getByRole('dialog', { name: TEXTS.title });
    await list.getByRole('button', { name: /The organizer moved you/ }).waitFor();
    await settled(player.page);
    await screenshot(player.page, 'notifications-list-phone');
    await expectAccessible(player.page);
    await player.context.close();
  });
});
