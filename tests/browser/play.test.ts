/**
 * Playing in the browser on the standalone app: a player finds the captain's game near '10001', opens
 * it, joins, picks Team 1 and pays a priced game's entry with 4242…, while the captain's own browser
 * sees every change live (no reload); the share dialog's QR code; the game page at phone width.
 */
import { leaveRule } from '@playtime/shared/contract/credit';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpPlayer } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { addAvailableField, bookPaidGame, payInFull } from '../support/game-loop';
import { browserSuite } from './support/suite';
import {
  DESKTOP,
  expectAccessible,
  fillCard,
  logIn,
  payByCard,
  PHONE,
  screenshot,
  sidewaysOverflow,
} from './support/browser';
import { at } from '../support/time';

describe('playing in the browser', () => {
  const suite = browserSuite();
  let freeGameId: string;
  let paidGameId: string;

  beforeAll(async () => {
    const owner = await suite.api('owner');
    const captain = await suite.api('captain');
    captain.seesWritesOf(owner);
    const { subFieldId } = await addAvailableField(owner, {
      name: 'Chelsea Park',
      address: '10 W 28th St',
      subFieldName: 'North Pitch',
      startDate: at(8),
      endDate: at(23),
    });

    /** Holds, pays the rental with 4242… and books a game as the captain, the way the Confirm step does. */
    const bookGame = async (from: number, to: number, draft: Record<string, unknown>) =>
      (await bookPaidGame(captain, new ApiClient(suite.app.url, null), subFieldId, from, to, draft)).gameId;
    freeGameId = await bookGame(10, 11.5, { name: 'Morning Kickabout', maxPlayers: 14, price: '' });
    // Issue #45: free cancellation ends 72 hours before the start, so a leave keeps the entry (a free rejoin).
    paidGameId = await bookGame(18, 19.5, {
      name: 'Evening Cup',
      maxPlayers: 14,
      price: '5',
      freeCancellationHours: 72,
    });
  }, 180_000);

  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  it('finds the game by ZIP, joins, picks Team 1 and shares it, while the captain watches live', async () => {
    // Search is for signed-in players (spec §5): log in, then open it.
    const player = await suite.signedIn('player@playtime.test');
    await player.page.getByRole('link', { name: 'Search', exact: true }).first().click();
    await player.page.getByLabel('Location').fill('10001');
    const card = player.page.getByRole('link', { name: 'Open Morning Kickabout' });
    await card.waitFor({ timeout: 20_000 });
    expect(await card.innerText()).toContain('Free');
    expect(await card.innerText()).toContain('No players yet');
    expect(await player.page.getByRole('link', { name: 'Open Evening Cup' }).innerText()).toContain('$5.00');
    await screenshot(player.page, 'play-search-desktop');

    const captain = await suite.signedIn('captain@playtime.test', { at: `/game-details/${freeGameId}` });
    await captain.page.getByText('Game has not started yet.').waitFor();

    await card.click();
    await player.page.waitForURL(`**/game-details/${freeGameId}`);
    await player.page.getByText('Game has not started yet.').waitFor();
    await player.page.getByRole('button', { name: 'Join Game' }).click();
    await player.page.getByRole('button', { name: 'Join Team 1' }).waitFor();
    expect(await player.page.getByRole('button', { name: 'Join Sideline' }).isDisabled()).toBe(true);

    // The captain's page shows the player arrive on the sideline without a reload.
    await region(captain.page, 'Sideline').getByText('player', { exact: true }).first().waitFor({ timeout: 15_000 });
    expect(await region(captain.page, 'Team 1').getByText('player', { exact: true }).count()).toBe(0);

    await player.page.getByRole('button', { name: 'Join Team 1' }).click();
    await expect.poll(() => player.page.getByRole('button', { name: 'Join Team 1' }).isDisabled()).toBe(true);
    await region(captain.page, 'Team 1').getByText('player', { exact: true }).first().waitFor({ timeout: 15_000 });
    await captain.page.getByText('1 / 14 players').waitFor();
    await screenshot(captain.page, 'play-game-captain-desktop');
    await expectAccessible(captain.page);

    // The organizer moves the player back to the sideline from the Manage dialog; the player's page follows.
    await region(captain.page, 'Team 1').getByRole('button', { name: 'Manage player' }).click();
    const manage = captain.page.getByRole('dialog', { name: 'Manage player' });
    await manage.getByText('Play time: 0 minutes').waitFor();
    await manage.getByRole('button', { name: 'Sideline' }).click();
    await manage.waitFor({ state: 'hidden' });
    await expect.poll(() => player.page.getByRole('button', { name: 'Join Sideline' }).isDisabled()).toBe(true);

    await player.page.getByRole('button', { name: 'Share' }).click();
    const share = player.page.getByRole('dialog', { name: 'Scan to Share This Game' });
    await share.waitFor();
    // The QR code: a 150 px svg whose modules are drawn as paths.
    const qr = share.locator('svg[height="150"][width="150"]');
    await qr.waitFor();
    expect(await qr.locator('path').count()).toBeGreaterThan(0);
    expect(await qr.locator('title').textContent()).toBe("QR code of this game's page");
    expect(await share.innerText()).toContain(`/game-details/${freeGameId}`);
    await screenshot(player.page, 'play-share-dialog');

    await player.context.close();
    await captain.context.close();
  }, 120_000);

  it('pays a priced game with 4242 4242 4242 4242, joins it, and finds it in the profile', async () => {
    const player = await suite.window(DESKTOP);
    await player.page.goto(suite.url(`/game-details/${paidGameId}`));
    await player.page.getByText('$5.00').first().waitFor();
    await logIn(player.page, 'player@playtime.test');
    await player.page.getByRole('button', { name: 'Join Game' }).click();
    const dialog = player.page.getByRole('dialog', { name: 'Pay by card' });
    await fillCard(dialog);
    await screenshot(player.page, 'play-pay-entry');
    await dialog.getByRole('button', { name: 'Pay $5.00' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    await player.page.getByRole('button', { name: 'Join Team 2' }).waitFor();
    await region(player.page, 'Sideline').getByText('player', { exact: true }).first().waitFor();

    // The profile's recent games list both games as cards, with their prices in dollars.
    await player.page.getByRole('link', { name: 'Profile', exact: true }).first().click();
    const paidCard = player.page.getByRole('link', { name: 'Open Evening Cup' });
    await paidCard.waitFor();
    expect(await paidCard.innerText()).toContain('$5.00');
    expect(await player.page.getByRole('link', { name: 'Open Morning Kickabout' }).innerText()).toContain('Free');
    await player.context.close();
  }, 60_000);

  it('removes a paid player after a confirmation naming them, refunds and keeps them out until allowed back; a player who leaves rejoins for free', async () => {
    // The player paid and joined the priced game in the test before.
    const player = await suite.signedIn('player@playtime.test', { at: `/game-details/${paidGameId}` });
    await player.page.getByRole('button', { name: 'Leave Game' }).waitFor();
    const captain = await suite.signedIn('captain@playtime.test', { at: `/game-details/${paidGameId}` });
    await captain.page.getByText('0 / 14 players · 1 on the sideline').waitFor();

    await region(captain.page, 'Sideline').getByRole('button', { name: 'Manage player' }).click();
    const manage = captain.page.getByRole('dialog', { name: 'Manage player' });
    await manage.getByRole('button', { name: 'Remove' }).click();
    await manage.getByText('Remove player from this game?').waitFor();
    await manage
      .getByText('Their entry fee of $5.00 is refunded in full. player cannot rejoin until you allow them back.')
      .waitFor();
    await screenshot(captain.page, 'play-remove-confirm');
    await manage.getByRole('button', { name: 'Remove player' }).click();
    await manage.waitFor({ state: 'hidden' });

    // The player's own page says why, live; the organizer's lists them with 'Allow back'.
    await player.page
      .getByText('The organizer removed you from this game. Your entry fee was refunded.')
      .waitFor({ timeout: 15_000 });
    expect(await player.page.getByRole('button', { name: 'Join Game' }).count()).toBe(0);
    await screenshot(player.page, 'play-removed-player');
    await expectAccessible(player.page);
    const removed = captain.page.getByRole('region', { name: 'Removed players' });
    await removed.getByText('Entry fee refunded').waitFor();
    await screenshot(captain.page, 'play-removed-list');
    await expectAccessible(captain.page);
    await removed.getByRole('button', { name: 'Allow back' }).click();
    await removed.waitFor({ state: 'hidden' });

    // Allowed back, the refund stands: joining takes a new payment.
    await player.page.getByRole('button', { name: 'Join Game' }).click({ timeout: 15_000 });
    await payByCard(player.page, '$5.00');

    // Leaving keeps the entry: the dialog says so, and Join Game then asks for no payment.
    await player.page.getByRole('button', { name: 'Leave Game' }).click();
    const leave = player.page.getByRole('dialog', { name: 'Leave Game' });
    await leave.getByText('Are you sure you want to leave the game? You will not be able to get a refund.').waitFor();
    await leave.getByText(leaveRule({ free: false, held: false, amountCents: 500 })).waitFor();
    await screenshot(player.page, 'play-leave-dialog');
    await leave.getByRole('button', { name: 'Leave' }).click();
    await leave.waitFor({ state: 'hidden' });
    await player.page.getByRole('button', { name: 'Join Game' }).click();
    await player.page.getByRole('button', { name: 'Join Team 1' }).waitFor({ timeout: 15_000 });
    expect(await player.page.getByRole('dialog', { name: 'Pay by card' }).count()).toBe(0);
    await region(captain.page, 'Sideline').getByText('player', { exact: true }).waitFor({ timeout: 15_000 });
    await player.context.close();
    await captain.context.close();
  }, 180_000);

  it("substitutes a sideline player for the on-pitch player of the Replace list, seen on the player's page", async () => {
    // The admin plays too: on Team 2 of the free game, where the player waits on the sideline.
    const admin = await suite.api('admin');
    expect((await admin.post('/api/join-game', { gameId: freeGameId, team: 0 })).status).toBe(200);
    expect((await admin.post('/api/join-game', { gameId: freeGameId, team: 2 })).status).toBe(200);

    const player = await suite.signedIn('player@playtime.test', { at: `/game-details/${freeGameId}` });
    await expect.poll(() => player.page.getByRole('button', { name: 'Join Sideline' }).isDisabled()).toBe(true);

    const captain = await suite.signedIn('captain@playtime.test', { at: `/game-details/${freeGameId}` });
    await region(captain.page, 'Team 2').getByText('admin', { exact: true }).waitFor();
    await region(captain.page, 'Sideline').getByRole('button', { name: 'Manage player' }).click();
    const manage = captain.page.getByRole('dialog', { name: 'Manage player' });
    await manage.getByRole('button', { name: 'Substitute' }).click();
    const replace = manage.getByRole('list', { name: 'Replace' });
    await replace.getByRole('listitem').filter({ hasText: 'admin' }).click();
    await manage.waitFor({ state: 'hidden' });

    // The player took the admin's place on Team 2; the admin sits on the sideline, on both pages.
    await expect.poll(() => player.page.getByRole('button', { name: 'Join Team 2' }).isDisabled()).toBe(true);
    await region(player.page, 'Team 2').getByText('player', { exact: true }).waitFor();
    expect(await region(player.page, 'Team 2').getByText('admin', { exact: true }).count()).toBe(0);
    await region(captain.page, 'Team 2').getByText('player', { exact: true }).waitFor();
    await player.context.close();
    await captain.context.close();
  }, 90_000);

  it("finds games by city and near the browser's own position, says when a place is unknown or has no games, and a declined card leaves the player out of a priced game", async () => {
    const { context, page } = await suite.window(DESKTOP, {
      geolocation: { latitude: 40.7484, longitude: -73.9967 },
      permissions: ['geolocation'],
    });
    await page.goto(suite.url());
    await logIn(page, 'admin@playtime.test');
    await page.getByRole('link', { name: 'Search', exact: true }).first().click();
    await page.getByLabel('Location').fill('Nowhereville, ZZ');
    await page.getByText('No results found for the provided location.').waitFor();
    await page.getByLabel('Location').fill('Manhattan, NY');
    await page.getByRole('link', { name: 'Open Evening Cup' }).waitFor();
    await page.getByLabel('Location').fill('Austin, TX');
    await page.getByText('No games found. Try adjusting your search criteria.').waitFor();
    await page.getByRole('button', { name: 'Use my location' }).click();
    // The browser answers with its position asynchronously; then the typed place gives way to it.
    await expect.poll(() => page.getByLabel('Location').inputValue()).toBe('');
    await page.getByRole('link', { name: 'Open Evening Cup' }).click();

    await page.getByRole('button', { name: 'Join Game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay by card' });
    await fillCard(dialog, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Pay $5.00' }).click();
    await dialog.getByText('Your card was declined.', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Join Game' }).waitFor();
    expect(await region(page, 'Sideline').getByText('admin', { exact: true }).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('shows the game page whole at phone width', async () => {
    const phone = await suite.window(PHONE);
    // Anyone may view a game: no login at phone width.
    await phone.page.goto(suite.url(`/game-details/${freeGameId}`));
    await region(phone.page, 'Team 1').waitFor();
    await phone.page.getByText('Game Length').waitFor();
    expect(await sidewaysOverflow(phone.page)).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'play-game-phone');
    await expectAccessible(phone.page);
    await phone.page.setViewportSize(DESKTOP);
    await logIn(phone.page, 'player@playtime.test');
    await phone.page.getByRole('link', { name: 'Search', exact: true }).first().click();
    await phone.page.setViewportSize(PHONE);
    await phone.page.getByLabel('Location').fill('10001');
    await phone.page.getByRole('link', { name: 'Open Morning Kickabout' }).waitFor({ timeout: 20_000 });
    await screenshot(phone.page, 'play-search-phone');
    await phone.context.close();
  }, 60_000);
});

describe('a live game in three browsers', () => {
  // The demo data's game that is live now, on the demo owner's field: what a newcomer finds first.
  const suite = browserSuite({ env: { SEED_DEMO: 'true' } });
  let liveGameId: string;

  beforeAll(async () => {
    const player = await suite.api('player');
    const near = (await player.get('/api/get-games?latitude=40.7685&longitude=-73.9822&distance=16.09')).json as {
      game_id: string;
      name: string;
    }[];
    liveGameId = near.find((game) => game.name === 'Riverside Pick-up (live now)')!.game_id;
  }, 180_000);

  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  it('shows a paid join, a move, a second player and ticking play time to the organizer, a guest and the players, live; then the cancellation', async () => {
    const captain = await suite.signedIn('captain@playtime.test', { at: `/game-details/${liveGameId}` });
    // A guest may watch a game without logging in.
    const guest = await suite.window(PHONE);
    await guest.page.goto(suite.url(`/game-details/${liveGameId}`));
    const countdown = guest.page.getByText(/^Game started: \d+h \d+m \d+s$/);
    await countdown.waitFor();
    const firstReading = await countdown.innerText();
    await expect.poll(() => countdown.innerText(), { timeout: 5_000 }).not.toBe(firstReading);
    // The ticking line is in no live region (a screen reader would say it every second): only the game's
    // start and end are announced, and it was live already when the page opened.
    expect(await countdown.evaluate((line) => line.closest('[aria-live]') === null)).toBe(true);
    expect(await guest.page.getByTestId('countdown-announcement').textContent()).toBe('');

    const player = await suite.signedIn('player@playtime.test', { at: `/game-details/${liveGameId}` });
    await player.page.getByRole('button', { name: 'Join Game' }).click();
    await payByCard(player.page, '$5.00');
    await player.page.getByRole('button', { name: 'Join Team 1' }).click();
    await expect.poll(() => player.page.getByRole('button', { name: 'Join Team 1' }).isDisabled()).toBe(true);

    // The organizer and the guest see the player arrive on Team 1 without a reload.
    for (const watcher of [captain.page, guest.page])
      await region(watcher, 'Team 1').getByText('player', { exact: true }).waitFor({ timeout: 15_000 });

    // A second player pays and joins (through the API, as their own browser would): everyone sees them on the sideline.
    const second = await signUpPlayer(suite.app, 'second-player@playtime.test', 'Second');
    const paymentId = await payInFull(
      second,
      new ApiClient(suite.app.url, null),
      { kind: 'entry', gameId: liveGameId },
      500,
    );
    expect((await second.post('/api/join-game', { gameId: liveGameId, team: 0, paymentId })).status).toBe(200);
    for (const watcher of [captain.page, guest.page, player.page])
      await region(watcher, 'Sideline').getByText('Second', { exact: true }).waitFor({ timeout: 15_000 });

    // Play time runs from the server's clock while the player is on the pitch: the organizer's Manage
    // dialog ticks past half a minute to '1 minutes' without a reload.
    await region(captain.page, 'Team 1').getByRole('button', { name: 'Manage player' }).click();
    const manage = captain.page.getByRole('dialog', { name: 'Manage player' });
    await manage.getByText('Play time: 0 minutes').waitFor();
    await manage.getByText('Play time: 1 minutes').waitFor({ timeout: 60_000 });
    await screenshot(captain.page, 'play-live-manage-play-time');
    await captain.page.keyboard.press('Escape');
    await screenshot(guest.page, 'play-live-guest-phone');

    // The organizer cancels the game from their games: the players' and the guest's pages say so at once.
    await captain.page.goto(suite.url('/organize/games'));
    const liveCard = captain.page.getByRole('link', { name: 'Open Riverside Pick-up (live now)' });
    await liveCard.waitFor();
    await liveCard.locator('xpath=..').getByRole('button', { name: 'Delete' }).click();
    const confirmDelete = captain.page.getByRole('dialog', { name: 'Delete this game?' });
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await confirmDelete.waitFor({ state: 'hidden' });
    for (const watcher of [player.page, guest.page])
      await watcher.getByText('This game was cancelled.').waitFor({ timeout: 15_000 });
    await player.context.close();
    await guest.context.close();
    await captain.context.close();
  }, 240_000);
});
