/**
 * The rough edges a first user hit (issue 27): a guest browsing games, a logged-in reload at
 * 127.0.0.1, and the smaller screens fixed with them, each looked at on a desktop and a phone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addAvailableField, bookPaidGame, demoPeople } from '../support/game-loop';
import { browserSuite } from './support/suite';
import { DESKTOP, logIn, PHONE, screenshot, sidewaysOverflow } from './support/browser';
import { at } from '../support/time';

const HALF_HOUR = 30 * 60_000;

describe('rough edges a first user hit', () => {
  const suite = browserSuite();
  let gameId: string;
  let subFieldId: string;

  beforeAll(async () => {
    const { clients } = await demoPeople(suite.app.url);
    clients.captain.seesWritesOf(clients.owner);
    ({ subFieldId } = await addAvailableField(clients.owner, {
      name: 'Chelsea Park',
      address: '10 W 28th St',
      subFieldName: 'North Pitch',
      startDate: at(8),
      endDate: at(23),
    }));
    // A window running now: it began an hour and a half before the current half hour.
    const halfHour = Math.floor(Date.now() / HALF_HOUR) * HALF_HOUR;
    const running = await clients.owner.post('/api/add-field-schedule', {
      subFieldId,
      startDate: new Date(halfHour - 3 * HALF_HOUR).toISOString(),
      endDate: new Date(halfHour + 2 * HALF_HOUR).toISOString(),
    });
    expect(running.status, running.text).toBe(200);
    ({ gameId } = await bookPaidGame(clients.captain, clients.anonymous, subFieldId, 18, 19.5, {
      name: 'Evening Cup',
      maxPlayers: 14,
      price: '',
    }));
    // One slot taken, so the pitch's two teams differ (a taken slot used to be taller than an open one).
    clients.player.seesWritesOf(clients.captain);
    expect((await clients.player.post('/api/join-game', { gameId, team: 0 })).status).toBe(200);
    expect((await clients.player.post('/api/join-game', { gameId, team: 1 })).status).toBe(200);
  }, 180_000);

  it('lets a guest search for games and open one, and asks them to log in to join', async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { context, page } = await suite.window(viewport);
      await page.goto(suite.url());
      await page.getByRole('link', { name: 'Find a game' }).click();
      await page.waitForURL('**/search');
      await page.getByLabel('Location').fill('10001');
      await page.getByLabel('Location').press('Enter');
      await page.getByText('Evening Cup').first().waitFor();
      await screenshot(page, `rough-edges-guest-search-${suffix}`);
      await page.getByText('Evening Cup').first().click();
      await page.waitForURL(`**/game-details/${gameId}`);
      await page.getByText('Log in to join this game.').waitFor();
      await page.getByRole('region', { name: 'Team 1' }).getByText('player').waitFor();
      // Both teams' slot rows stay in line with a slot taken: a player's slot is as tall as an open one.
      // (Each team shows the open places it may still take, so the two need not count alike.)
      const rowTops = (team: string) =>
        page
          .getByRole('region', { name: team })
          .locator('.mantine-SimpleGrid-root > *')
          .evaluateAll((slots) => slots.map((slot) => Math.round(slot.getBoundingClientRect().height)));
      expect(new Set([...(await rowTops('Team 1')), ...(await rowTops('Team 2'))]).size).toBe(1);
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
    const { context, page } = await suite.window();
    const loopback = suite.app.url.replace('localhost', '127.0.0.1');
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
    // The profile itself, not the moment its code is still loading.
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await screenshot(page, 'rough-edges-reload-127');
    await context.close();
  });

  it('fits the admin tabs in two rows and the users as cards on a phone', async () => {
    const { context, page } = await suite.signedIn('admin@playtime.test', { then: '/admin' });
    await page.getByText('User Management').waitFor();
    await screenshot(page, 'rough-edges-admin-desktop');
    await page.setViewportSize(PHONE);
    await page.getByRole('list', { name: 'Users' }).waitFor();
    const tabTops = await page
      .getByRole('tab')
      .evaluateAll((tabs) => [...new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)))]);
    expect(tabTops.length).toBeLessThanOrEqual(2);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'rough-edges-admin-phone');
    await context.close();
  });

  it('sets four landing cards in one row, and preloads Organize from the navigation', async () => {
    const { context, page } = await suite.window();
    await page.goto(suite.url());
    const users = page.getByRole('region', { name: 'Users' });
    await users.getByText('Your Player Profile').waitFor();
    const tops = await users
      .locator('.mantine-SimpleGrid-root > *')
      .evaluateAll((cards) => new Set(cards.map((card) => Math.round(card.getBoundingClientRect().top))).size);
    expect(tops).toBe(1);
    await screenshot(page, 'rough-edges-landing-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'rough-edges-landing-phone');
    await page.setViewportSize(DESKTOP);

    // The Organize link's code loads before it is followed: on the first idle moment, or on hover.
    const organizeChunk = page.waitForRequest((request) => /organize-layout[^/]*\.js$/.test(request.url()), {
      timeout: 15_000,
    });
    await logIn(page, 'captain@playtime.test');
    await page.getByRole('link', { name: 'Organize' }).first().hover();
    await organizeChunk;
    await context.close();
  });

  it("opens the owner's timeline with what runs now whole, and keeps a tile's label in view", async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { context, page } = await suite.signedIn('owner@playtime.test', {
        viewport: viewport,
        then: '/FieldOwner',
      });
      await page.getByRole('tab', { name: 'Schedule Management' }).click();
      const tile = page.getByRole('button', { name: /^Available · / }).first();
      await tile.waitFor();
      const resourceColumn = page.locator('[title="North Pitch"]').locator('xpath=..');
      const columnRight = async () => {
        const box = (await resourceColumn.boundingBox())!;
        return box.x + box.width;
      };
      // The running window starts inside the view, after the resource column.
      await expect.poll(async () => (await tile.boundingBox())!.x).toBeGreaterThanOrEqual(await columnRight());
      await screenshot(page, `rough-edges-timeline-${suffix}`);

      // Scrolled so the tile starts under the resource column, its label still starts in view.
      const scroller = page.locator('[data-testid="scheduler-scroller"]');
      const tileLeft = (await tile.boundingBox())!.x;
      await scroller.evaluate((el, by) => (el.scrollLeft += by), tileLeft - (await columnRight()) + 30);
      const title = tile.getByText('Available', { exact: true });
      await expect.poll(async () => (await title.boundingBox())!.x).toBeGreaterThanOrEqual(await columnRight());
      await screenshot(page, `rough-edges-timeline-scrolled-${suffix}`);

      await context.close();
    }
  });
});
