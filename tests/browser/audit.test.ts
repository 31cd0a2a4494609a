/**
 * The admin's Event History tab in the browser: the log newest first with readable lines, a player's
 * join in another browser arriving live, filters kept in the address, the detail drawer, phone width.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { browserSuite } from './support/suite';
import { addAvailableField } from '../support/game-loop';
import { bookFreeGame, makeRentalFree } from '../support/free-rental';
import { expectAccessible, PHONE, screenshot, sidewaysOverflow } from './support/browser';
import { at, clockIn } from '../support/time';
import { appendPartnerApplications } from '../support/partner-applications';

const READER_ZONE = 'America/New_York';

describe('the event history in the browser', () => {
  const suite = browserSuite();
  let gameId: string;
  let player: ApiClient;

  beforeAll(async () => {
    const [owner, admin, captain] = [await suite.api('owner'), await suite.api('admin'), await suite.api('captain')];
    player = await suite.api('player');
    const { fieldId, subFieldId } = await addAvailableField(owner, {
      name: 'Audit Park',
      address: '4 Main St',
      subFieldName: 'Pitch A',
      startDate: at(8),
      endDate: at(23),
    });
    await makeRentalFree(admin, fieldId);
    captain.seesWritesOf(admin);
    gameId = await bookFreeGame(captain, subFieldId, 18, 19, { name: 'Audit Match', price: 0 });
  }, 180_000);

  it("shows the log with readable lines, a join from another browser live, filters in the address and an event's data", async () => {
    // The admin reads in New York time: a line's times are in the reader's zone, not the server's.
    const admin = await suite.signedIn('admin@playtime.test', { timezoneId: READER_ZONE, then: '/admin?tab=history' });
    const table = admin.page.getByRole('table', { name: 'Event history' });
    await table.getByText(/"Audit Match" scheduled at Audit Park · Pitch A/).waitFor();
    const booked = `${clockIn(at(18), READER_ZONE)}–${clockIn(at(19), READER_ZONE)}`;
    await table.getByText(new RegExp(`captain@playtime\\.test booked Pitch A .*${booked} for "Audit Match"`)).waitFor();

    // The player joins from elsewhere: the line arrives without a reload.
    expect((await player.post('/api/join-game', { gameId, team: 0 })).status).toBe(200);
    await table.getByText('player joined').waitFor({ timeout: 15_000 });
    await screenshot(admin.page, 'audit-history-desktop');
    await expectAccessible(admin.page);

    // A filtered view is an address an admin can share.
    await admin.page.goto(suite.url('/admin?tab=history&type=PlayerJoined'));
    await table.getByText('player joined').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2); // the header and the one join
    await table.getByText('player joined').click();
    const drawer = admin.page.getByRole('dialog', { name: /^PlayerJoined #\d+$/ });
    await drawer.getByText(`"gameId": "${gameId}"`, { exact: false }).waitFor();
    // As it stood: the game right after the join, then one step back, before anyone had joined.
    const asOf = drawer.getByTestId('as-of');
    await asOf.getByText(/^Sideline: player \(0 min\)$/).waitFor();
    await asOf.getByRole('button', { name: 'Step back' }).click();
    await asOf.getByText(/^Sideline: —$/).waitFor();
    await screenshot(admin.page, 'audit-as-of-drawer');
    await drawer.getByRole('button', { name: "This stream's events" }).click();
    await expect.poll(() => new URL(admin.page.url()).searchParams.get('stream')).toBe(`game-${gameId}`);

    // From the game's page: 'As of…' ten minutes ago (before it existed), then replayed step by step.
    await admin.page.goto(suite.url(`/game-details/${gameId}`));
    await admin.page.getByRole('button', { name: 'As of…' }).click();
    const travel = admin.page.getByRole('dialog', { name: 'Audit Match as it stood' }).getByTestId('as-of');
    await travel.getByText(/^After 0 events; next GameScheduled$/).waitFor();
    await travel.getByRole('button', { name: 'Step forward' }).click();
    await travel.getByText(/^Sideline: —$/).waitFor();
    await travel.getByRole('button', { name: 'Step forward' }).click();
    await travel.getByText(/^Sideline: player \(0 min\)$/).waitFor();
    await travel.getByRole('slider', { name: 'Time' }).waitFor();
    // While dragging, the moment is written out on a line of its own, inside the drawer (a tooltip
    // over the thumb was cut off at the drawer's edge).
    const thumb = await travel.getByRole('slider', { name: 'Time' }).boundingBox();
    await admin.page.mouse.move(thumb!.x + thumb!.width / 2, thumb!.y + thumb!.height / 2);
    await admin.page.mouse.down();
    await admin.page.mouse.move(thumb!.x - 40, thumb!.y + thumb!.height / 2, { steps: 4 });
    const moving = travel.getByText(/^Moving to /);
    await moving.waitFor();
    const drawerBox = (await admin.page.getByRole('dialog', { name: 'Audit Match as it stood' }).boundingBox())!;
    const movingBox = (await moving.boundingBox())!;
    expect(movingBox.x).toBeGreaterThanOrEqual(drawerBox.x);
    expect(movingBox.x + movingBox.width).toBeLessThanOrEqual(drawerBox.x + drawerBox.width);
    await screenshot(admin.page, 'game-as-of-drawer-sliding');
    await admin.page.mouse.up();
    await screenshot(admin.page, 'game-as-of-drawer');
    await admin.context.close();

    // Logged in at desktop width (the phone's header hides Log Out in its menu), then read on a phone.
    const phone = await suite.signedIn('admin@playtime.test', { viewport: PHONE, then: '/admin?tab=history' });
    await phone.page.getByRole('table', { name: 'Event history' }).getByText('player joined').waitFor();
    expect(await sidewaysOverflow(phone.page)).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'audit-history-phone');
    await phone.context.close();
  }, 120_000);

  it('takes 5,000 events arriving at 1,000 a second in batches, rendering only the rows in view', async () => {
    const admin = await suite.signedIn('admin@playtime.test', { then: '/admin?tab=history' });
    const table = admin.page.getByRole('table', { name: 'Event history' });
    await table.getByText('player joined').waitFor();
    // The page's main thread, watched while the events pour in (reported, not asserted: timing belongs to the bench).
    await admin.page.evaluate(() => {
      const longest = { ms: 0 };
      (window as unknown as { longestTask: typeof longest }).longestTask = longest;
      new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => (longest.ms = Math.max(longest.ms, entry.duration))),
      ).observe({ type: 'longtask', buffered: false });
    });

    const TOTAL = 5000;
    await appendPartnerApplications(suite.app.databaseUrl, TOTAL, { label: 'Tail', perSecond: 1000 });
    // Every event arrived: the scroll height covers them all, and the newest is on top.
    const scroller = admin.page.getByTestId('history-scroller');
    await expect
      .poll(async () => (await table.locator('tbody tr').first().textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/^\d+.*Tail \d+ \(tail\d+@fields\.test\) applied/);
    await expect
      .poll(() => scroller.evaluate((element) => element.scrollHeight), { timeout: 30_000 })
      .toBeGreaterThan(TOTAL * 30);
    // Only the rows in view (and a few around them) are in the page.
    expect(await table.locator('tbody tr:not([aria-hidden])').count()).toBeLessThan(80);
    // Scrolling deep into the tail renders the rows there.
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight / 2));
    await expect.poll(() => table.getByText(/Tail \d+ \(tail\d+@fields\.test\) applied/).count()).toBeGreaterThan(5);
    const longestTaskMs = await admin.page.evaluate(
      () => (window as unknown as { longestTask: { ms: number } }).longestTask.ms,
    );
    console.info(`event history under 1,000 events/s: longest main-thread task ${Math.round(longestTaskMs)} ms`);
    await screenshot(admin.page, 'audit-history-tail');
    await admin.context.close();
  }, 180_000);
});
