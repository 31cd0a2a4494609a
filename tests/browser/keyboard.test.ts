/**
 * Keyboard only (issue 27): a captain books a game through the organize wizard and pays the rental by
 * card, a player finds that game, joins it and pays the entry, and the field owner opens the new game's
 * tile on the timeline, all with Tab, Shift+Tab, Enter, Space and the arrow keys (no mouse, no
 * `.click()`). On the way: focus returns to the control that opened a dialog, and the owner's timeline
 * and the game page announce the changes another browser makes in their polite live regions. Also by
 * keyboard: Add Availability's refused dates, the partner form's way onward from its thank-you, the
 * profile's payouts card, and the admin's tabs on a phone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { HOUR, hhmm, nextGameStart, sameUtcDay, addPitchAround } from './support/slots';
import { browserSuite } from './support/suite';
import { logInByKeyboard, payByCardWithKeyboard, tabTo, tabToAndPress, tabToAndType } from './support/keyboard';

/** The game: from the next half hour plus an hour. */
const gameStart = nextGameStart();

/**
 * Types an instant (UTC) into a datetime-local input the way a keyboard user does in Chromium (en-US):
 * month, day and year, then Tab to the hour, minutes and AM/PM.
 */
async function typeDateTime(page: Page, field: Locator, ms: number): Promise<void> {
  const date = new Date(ms);
  const two = (value: number) => String(value).padStart(2, '0');
  const hour = date.getUTCHours() % 12 || 12;
  await tabTo(page, field);
  await page.keyboard.type(`${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${date.getUTCFullYear()}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`${two(hour)}${two(date.getUTCMinutes())}${date.getUTCHours() < 12 ? 'A' : 'P'}`);
  expect(await field.inputValue()).toBe(date.toISOString().slice(0, 16));
}

describe('using Playtime with the keyboard alone', () => {
  const suite = browserSuite();
  let owner: Page;
  let captain: Page;
  let gameUrl: string;

  /** A page signed in as `email` with the keyboard alone, reading times in UTC. */
  async function keyboardPage(path: string, email: string): Promise<Page> {
    const { page } = await suite.window(DESKTOP, { timezoneId: 'UTC' });
    await page.goto(suite.url(path));
    await logInByKeyboard(page, email);
    return page;
  }

  beforeAll(async () => {
    await addPitchAround(
      await suite.api('owner'),
      { name: 'Riverside Keyboard Park', address: '1 Riverside Dr' },
      gameStart,
    );
  }, 120_000);

  it('books and pays a game through the organize wizard, while the owner hears the booking arrive', async () => {
    owner = await keyboardPage('/', 'owner@playtime.test');
    await tabToAndPress(owner, owner.getByRole('link', { name: 'Field Management' }).first());
    // The tabs are one stop: the arrow keys move between them.
    await tabToAndPress(owner, owner.getByRole('tab', { selected: true }), 'ArrowRight');
    await expect.poll(() => owner.getByRole('tab', { name: 'Schedule Management', selected: true }).count()).toBe(1);
    await owner
      .getByRole('button', { name: /^Available · / })
      .first()
      .waitFor();

    captain = await keyboardPage('/', 'captain@playtime.test');
    await tabToAndPress(captain, captain.getByRole('link', { name: 'Organize' }).first());
    await tabToAndPress(captain, captain.getByRole('button', { name: 'Create New Game' }));
    await tabToAndType(captain, captain.getByLabel('Venue name'), 'Keyboard');
    await tabToAndPress(captain, captain.getByRole('button', { name: /Riverside Keyboard Park/ }));
    await captain.getByRole('button', { name: 'Pitch A' }).waitFor();
    await screenshot(captain, 'keyboard-select-field');
    await tabToAndPress(captain, captain.getByRole('button', { name: 'Pitch A' }), 'Space');
    await captain.getByRole('listbox', { name: 'Half-hour slots' }).waitFor();
    await screenshot(captain, 'keyboard-select-time');
    if (!sameUtcDay(gameStart, Date.now()))
      await tabToAndPress(captain, captain.getByRole('button', { name: 'Next day' }));
    await tabToAndPress(captain, captain.getByRole('option', { name: `${hhmm(gameStart)} Free` }));
    await expect.poll(() => captain.getByRole('option', { name: `${hhmm(gameStart)} Selected` }).count()).toBe(1);
    await tabToAndPress(captain, captain.getByRole('button', { name: 'Done' }));

    // Configure: the slider moves with the arrow keys, the price is typed.
    await expect.poll(() => captain.getByLabel('Game Name').inputValue()).toBe("captain's Game");
    await screenshot(captain, 'keyboard-configure');
    const slider = captain.getByRole('slider', { name: 'Max Players' });
    const maxPlayers = Number(await slider.getAttribute('aria-valuenow'));
    await tabTo(captain, slider);
    await captain.keyboard.press('ArrowLeft');
    await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeLessThan(maxPlayers);
    await tabToAndType(captain, captain.getByLabel('Price'), '5');
    await tabToAndPress(captain, captain.getByRole('button', { name: 'Done' }));

    // Confirm, then the rental by card; the overlay's button leads on to the captain's games.
    await captain.getByText('$40.00').first().waitFor();
    await screenshot(captain, 'keyboard-confirm');
    await tabToAndPress(captain, captain.getByRole('button', { name: 'Confirm', exact: true }).last());
    await payByCardWithKeyboard(captain, '$40.00');
    await captain.getByText('Game Created').waitFor({ timeout: 30_000 });
    await tabToAndPress(captain, captain.getByRole('button', { name: 'Go to my games' }));
    await captain.waitForURL(/\/organize\/games$/);

    // The owner's page, never touched, announced the booking politely.
    await expect
      .poll(() => owner.getByTestId('timeline-announcement').textContent(), { timeout: 30_000 })
      .toContain('New booking on Pitch A');
    expect(await owner.getByTestId('timeline-announcement').getAttribute('aria-live')).toBe('polite');

    // The captain opens the new game's page from their games.
    await tabToAndPress(captain, captain.getByRole('link', { name: "Open captain's Game" }));
    await captain.waitForURL(/\/game-details\//);
    gameUrl = captain.url();
    await captain.getByText('Game has not started yet.').waitFor();
  }, 180_000);

  it("opens the game's tile on the owner's timeline, and the focus returns to it when the dialog closes", async () => {
    const tile = owner.getByRole('button', { name: /^Game · / }).first();
    await tabTo(owner, tile);
    // The focused tile shows where the focus is.
    expect(await tile.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    await owner.keyboard.press('Enter');
    const dialog = owner.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(owner, 'keyboard-owner-game-dialog');
    await owner.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => tile.evaluate((element) => element === document.activeElement)).toBe(true);
  }, 60_000);

  it('finds the game, joins it and pays the entry, while the captain hears the player arrive', async () => {
    const player = await keyboardPage('/', 'player@playtime.test');
    await tabToAndPress(player, player.getByRole('link', { name: 'Search', exact: true }).first());
    await tabToAndType(player, player.getByLabel('Location'), '10001');
    await tabToAndPress(player, player.getByRole('link', { name: "Open captain's Game" }));
    await player.waitForURL(gameUrl);

    await tabToAndPress(player, player.getByRole('button', { name: 'Join Game' }));
    await payByCardWithKeyboard(player, '$5.00');
    await tabToAndPress(player, player.getByRole('button', { name: 'Join Team 1' }), 'Space');
    await expect.poll(() => player.getByRole('button', { name: 'Join Team 1' }).isDisabled()).toBe(true);

    // The captain's game page, never touched, said who came and where they went.
    const announcement = captain.getByTestId('roster-announcement');
    await expect.poll(() => announcement.textContent()).toContain('player moved to Team 1');
    expect(await announcement.getAttribute('aria-live')).toBe('polite');
    await screenshot(player, 'keyboard-player-joined');
  }, 120_000);

  it('says beside the dates why Add Availability refused them, keeping what was typed', async () => {
    await tabToAndPress(owner, owner.getByRole('button', { name: 'Add Availability' }));
    const dialog = owner.getByRole('dialog', { name: 'Add Availability' });
    await dialog.waitFor();
    // Yesterday, 10:00 to 12:00: the server refuses a window that is already over.
    const start = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 1, 10);
    await typeDateTime(owner, dialog.getByLabel('Start Date'), start);
    await typeDateTime(owner, dialog.getByLabel('End Date'), start + 2 * HOUR);
    await owner.keyboard.press('Enter');
    const endDate = dialog.getByRole('textbox', { name: 'End Date' });
    await expect.poll(() => endDate.getAttribute('aria-invalid')).toBe('true');
    // The message is the end date's description, so a screen reader says it on the field.
    const described = await endDate.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain('This availability is already over.');
    expect(await dialog.getByLabel('Start Date').inputValue()).toBe(new Date(start).toISOString().slice(0, 16));
    await screenshot(owner, 'keyboard-availability-refused');
    await tabToAndPress(owner, dialog.getByRole('button', { name: 'Close' }));
    await dialog.waitFor({ state: 'hidden' });
  }, 60_000);

  it("goes on from the partner form's thank-you to the home page", async () => {
    const player = await keyboardPage('/', 'player@playtime.test');
    await tabToAndPress(player, player.getByRole('button', { name: 'Request to Become a Partnered Field' }));
    const form = player.getByRole('form', { name: 'Partner application' });
    await tabToAndType(player, form.getByLabel('Contact name'), 'Keyboard Player');
    await tabToAndType(player, form.getByLabel('Phone'), '(212) 555-0101');
    await tabToAndType(player, form.getByLabel('Field name'), 'Keyboard Park');
    await tabToAndType(player, form.getByLabel('Street address'), '2 Key St');
    await tabToAndType(player, form.getByLabel('Zip Code'), '10016');
    await tabToAndType(player, form.getByLabel('City'), 'New York');
    await tabToAndType(player, form.getByLabel('Number of sub-fields'), '1');
    await tabToAndPress(player, form.getByRole('button', { name: 'Send application' }));
    await player.getByText('Thank you! Your application was sent.').waitFor();
    await tabToAndPress(player, player.getByRole('link', { name: 'Back to the home page' }));
    await player.waitForURL(suite.url('/'));
    await player.getByRole('button', { name: 'Request to Become a Partnered Field' }).waitFor();
  }, 60_000);

  it("adds bank details from the profile's payouts card, then moves between the admin's tabs on a phone", async () => {
    // The admin receives nothing yet (the captain's entry fees above have set theirs up already).
    const admin = await keyboardPage('/', 'admin@playtime.test');
    await tabToAndPress(admin, admin.getByRole('link', { name: 'Profile' }).first());
    await admin.getByText('Add your bank details to receive entry fees and field rentals.').waitFor();
    await tabToAndPress(admin, admin.getByRole('button', { name: 'Add bank details' }));
    await admin.waitForURL(/\/profile\?payouts=done$/);
    await admin.getByText('Ready: the money you collect is paid to your bank account.').waitFor();

    // On a phone the links are in the menu the burger opens.
    await admin.setViewportSize(PHONE);
    await tabToAndPress(admin, admin.getByRole('button', { name: 'Toggle navigation' }));
    await tabToAndPress(admin, admin.getByRole('link', { name: 'Admin' }));
    await admin.waitForURL(suite.url('/admin'));
    await tabTo(admin, admin.getByRole('tab', { selected: true }));
    for (const name of ['Field Owners Applications', 'Event History', 'System', 'Mail']) {
      await admin.keyboard.press('ArrowRight');
      await expect.poll(() => admin.getByRole('tab', { name, selected: true }).count()).toBe(1);
      // The focus moves with the selection, so the next arrow key moves on from here.
      expect(await admin.getByRole('tab', { name }).evaluate((tab) => tab === document.activeElement)).toBe(true);
    }
    await admin.keyboard.press('ArrowRight');
    await expect.poll(() => admin.getByRole('tab', { name: 'Users', selected: true }).count()).toBe(1);
    await screenshot(admin, 'keyboard-admin-tabs-phone');
  }, 90_000);

  it('turns the animations off for a visitor who asks for reduced motion', async () => {
    const { context, page } = await suite.window(DESKTOP, { reducedMotion: 'reduce' });
    await page.goto(suite.url());
    const button = page.getByRole('button', { name: 'Log In' }).first();
    await button.waitFor();
    const seconds = (value: string) => Math.max(...value.split(',').map((part) => parseFloat(part)));
    expect(seconds(await button.evaluate((element) => getComputedStyle(element).transitionDuration))).toBeLessThan(
      0.01,
    );
    await context.close();
  }, 60_000);
});
