import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { SubFieldTimeline } from '@playtime/shared/contract/availability';
import { ApiClient } from '../support/api-client';
import { addNewYorkField } from '../support/game-loop';
import { browserSuite } from './support/suite';
import { clockIn } from '../support/time';
import { DESKTOP, expectAccessible, logIn, PHONE, SCREENSHOTS, screenshot } from './support/browser';

/** The owner's browser is in London; the field is in New York, and the form asks for New York times. */
const BROWSER_ZONE = 'Europe/London';
const DAY = 24 * 3_600_000;

const dateIn = (ms: number, timeZone: string) => new Date(ms).toLocaleDateString('en-CA', { timeZone });

/** An open dialog at desktop width and at 390 px, once its opening transition is over; held to axe-core at both. */
async function dialogScreenshots(page: Page, dialog: Locator, name: string): Promise<void> {
  await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size}.png`) });
    await expectAccessible(page);
  }
  await page.setViewportSize(DESKTOP);
}

describe('an owner publishes weekly availability in the browser', () => {
  const suite = browserSuite();
  let owner: ApiClient;
  let fieldId: string;

  beforeAll(async () => {
    owner = await suite.api('owner');
    fieldId = await addNewYorkField(owner, { name: 'Evening Meadow', address: '9 Meadow Ln' });
    const sub = await owner.post('/api/add-subfield', { masterFieldId: fieldId, name: 'Meadow Pitch' });
    expect(sub.status, sub.text).toBe(200);
  }, 120_000);

  it('creates weekday evenings for a month through the Repeat form, previewed before saving', async () => {
    const { context, page } = await suite.window(DESKTOP, { timezoneId: BROWSER_ZONE });
    await page.goto(suite.url());
    await logIn(page, 'owner@playtime.test');
    await page.getByRole('link', { name: 'Field Management' }).first().click();
    await page.getByRole('heading', { name: 'Fields Page' }).waitFor();
    await page.getByRole('tab', { name: 'Schedule Management' }).click();
    await page.getByRole('heading', { name: 'Field Selection' }).waitFor();
    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Evening Meadow' }).click();

    await page.getByRole('button', { name: 'Add Availability' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Availability' });
    await dialog.getByRole('switch', { name: 'Repeat' }).check();
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await dialog.getByRole('checkbox', { name: day }).check();
    await dialog.getByLabel('From', { exact: true }).fill('18:00');
    await dialog.getByLabel('To', { exact: true }).fill('22:00');
    const start = dateIn(Date.now() + 2 * DAY, 'America/New_York');
    const end = dateIn(Date.now() + 32 * DAY, 'America/New_York');
    await dialog.getByLabel('Start date').fill(start);
    await dialog.getByLabel('End date').fill(end);
    await expect.poll(() => dialog.getByText('America/New_York').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('status', { name: 'Preview' });
    await preview.waitFor();
    const created = Number(/(\d+) windows will be created/.exec(await preview.innerText())![1]);
    expect(created).toBeGreaterThanOrEqual(20);
    expect(created).toBeLessThanOrEqual(23);

    await dialogScreenshots(page, dialog, 'owner-weekly-availability');

    await dialog.getByRole('button', { name: `Save ${created} windows` }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('button', { name: /^Available · / })
      .first()
      .waitFor();

    const timeline = (await owner.get(`/api/get-field-schedules?fieldId=${fieldId}`)).json as SubFieldTimeline[];
    const windows = timeline[0]!.data.filter((entry) => entry.type === 'schedule');
    expect(windows).toHaveLength(created);
    // 18:00–22:00 where the pitch is, not where the owner's browser is.
    for (const window of windows) {
      expect(clockIn(window.startDate, 'America/New_York')).toBe('18:00');
      expect(clockIn(window.endDate, 'America/New_York')).toBe('22:00');
      const weekday = new Date(window.startDate).toLocaleDateString('en-US', {
        timeZone: 'America/New_York',
        weekday: 'short',
      });
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(weekday);
    }

    // Closing a day of the set: its window goes, the rest stay. The form's day is the field's.
    const closedDay = windows[1]!.startDate;
    await page.getByLabel('Close for a day').fill(dateIn(Date.parse(closedDay), 'America/New_York'));
    await page.getByRole('button', { name: 'Close the day' }).click();
    await page
      .getByText(/^Closed on \d+ \w{3}$/)
      .first()
      .waitFor();
    await screenshot(page, 'owner-weekly-closed-day-desktop');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Close the day' }).waitFor();
    await screenshot(page, 'owner-weekly-closed-day-phone');
    await page.setViewportSize(DESKTOP);
    const afterClose = async () =>
      ((await owner.get(`/api/get-field-schedules?fieldId=${fieldId}`)).json as SubFieldTimeline[])[0]!.data;
    await expect.poll(async () => (await afterClose()).length).toBe(created - 1);
    expect((await afterClose()).map((entry) => entry.startDate)).not.toContain(closedDay);

    // Deleting the set from a window on: the dialog previews how many windows go before deleting them.
    await page
      .getByRole('button', { name: /^Available · / })
      .first()
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Availability' });
    await edit.getByRole('radio', { name: 'This and every later window of the set' }).check();
    await edit.getByRole('button', { name: 'Delete Availability' }).click();
    const deletePreview = edit.getByRole('status', { name: 'Preview' });
    await deletePreview.waitFor();
    const removed = Number(/(\d+) windows will be deleted/.exec(await deletePreview.innerText())![1]);
    expect(removed).toBeGreaterThan(0);
    await dialogScreenshots(page, edit, 'owner-weekly-delete-set');
    await edit.getByRole('button', { name: `Delete ${removed} windows` }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await afterClose()).length).toBe(created - 1 - removed);
    await context.close();
  });
});
