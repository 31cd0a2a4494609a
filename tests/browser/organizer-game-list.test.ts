/**
 * Issue #41: the organizer finds every game and series on Organize, a page at a time, with a series'
 * weeks under it, and cancels a week of a series that the soonest four leave out, through the usual
 * confirmation; from the keyboard, with axe, at desktop and phone width.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZER_GAME_LIST_TEXTS as TEXTS } from '@playtime/shared/contract/organizer-games';
import { addAvailableField, bookPaidGame, bookWeeklySeries, demoPeople } from '../support/game-loop';
import { browserSuite } from './support/suite';
import { at } from '../support/time';
import { PHONE, screenshot } from './support/browser';

describe("the organizer's list of games and series in the browser", () => {
  const suite = browserSuite();

  beforeAll(async () => {
    const { clients } = await demoPeople(suite.app.url);
    // Ten single games in the day, then a weekly series of three in its evening: eleven entries, two pages.
    const { subFieldId: day } = await addAvailableField(clients.owner, {
      name: 'Paging Park',
      address: '5 Page Rd',
      subFieldName: 'North',
      startDate: at(6),
      endDate: at(17),
    });
    for (let hour = 6; hour < 16; hour++)
      await bookPaidGame(clients.captain, clients.anonymous, day, hour, hour + 1, { name: `Morning ${hour}` });
    await bookWeeklySeries(
      clients,
      { name: 'Paging Park Weekly', address: '6 Page Rd', subFieldName: 'South' },
      { name: 'Thursday Regulars', weeks: 3 },
    );
  }, 180_000);

  it('pages to the new series, shows its weeks, and cancels one of them', async () => {
    const { page, context } = await suite.signedIn('captain@playtime.test', { then: '/organize/games' });
    const list = page.getByRole('region', { name: TEXTS.title });
    await list.getByRole('link', { name: 'Morning 6' }).waitFor({ timeout: 30_000 });
    expect(await list.getByRole('link', { name: 'Thursday Regulars' }).count()).toBe(0);
    await screenshot(page, 'organizer-list-desktop');

    // From the keyboard: the next page holds the series, its three weeks under its name.
    const next = list.getByRole('button', { name: 'Next page' });
    await next.focus();
    await page.keyboard.press('Enter');
    const series = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Thursday Regulars' }) });
    await series.waitFor({ timeout: 15_000 });
    await series.getByText(TEXTS.weeklySeries(3)).waitFor();
    const weeks = series.getByRole('list', { name: 'Weeks of Thursday Regulars' });
    expect(await weeks.getByRole('link').allTextContents()).toEqual(['Week 1 of 3', 'Week 2 of 3', 'Week 3 of 3']);

    // Cancel week 2 with the usual confirmation.
    await weeks
      .getByRole('listitem')
      .nth(1)
      .getByRole('button', { name: /^Cancel Thursday Regulars, / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete this game?' });
    await dialog.getByRole('button', { name: 'Delete this week' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await weeks.getByRole('listitem').nth(1).getByText(TEXTS.cancelled).waitFor({ timeout: 15_000 });
    expect(await weeks.getByText(TEXTS.cancelled).count()).toBe(1);
    await screenshot(page, 'organizer-list-series-desktop');

    // Nothing has been played yet.
    await list.getByText(TEXTS.past, { exact: true }).click();
    await list.getByText(TEXTS.noPast).waitFor();

    await page.setViewportSize(PHONE);
    await list.getByText(TEXTS.upcoming, { exact: true }).click();
    await list.getByRole('link', { name: 'Morning 6' }).waitFor();
    await list.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // A Cancel button under the pointer reads on its hover tint too (the pointer once rested on one here).
    await list
      .getByRole('button', { name: /^Cancel / })
      .first()
      .hover();
    await screenshot(page, 'organizer-list-phone');
    await context.close();
  });
});
