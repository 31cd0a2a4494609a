import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSuite, type BrowserSuite, type BrowserWindow } from './support/suite';
import { DESKTOP, expectAccessible, PHONE, SCREENSHOTS, screenshot } from './support/browser';

/**
 * A change made on the page shows once its command, its read model and the page's read have gone
 * through: on a busy machine (the browser suites run side by side) that takes more than the poll's
 * default second.
 */

/** The owner's browsers run in New York time, so messages with times prove the X-Time-Zone header works. */
const TIME_ZONE = 'America/New_York';
const HALF_HOUR = 30 * 60_000;
const HOUR = 2 * HALF_HOUR;

/** 'YYYY-MM-DDTHH:mm' of an instant in a time zone: what a datetime-local input holds there. */
function dateTimeLocal(ms: number, timeZone = TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

const clock = (ms: number) => dateTimeLocal(ms).slice(11);

/** Tomorrow, on the half-hour grid: the next half hour from now, one day later. */
const windowStart = Math.ceil(Date.now() / HALF_HOUR) * HALF_HOUR + 24 * HOUR;
const windowEnd = windowStart + 2 * HOUR;

/** A browser of the demo field owner, in New York time, on the owner area. */
async function ownerPage(suite: BrowserSuite): Promise<BrowserWindow> {
  const window = await suite.signedIn('owner@playtime.test', { timezoneId: TIME_ZONE });
  await openOwnerArea(window.page);
  return window;
}

async function openOwnerArea(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Field Management' }).first().click();
  await page.getByRole('heading', { name: 'Fields Page' }).waitFor();
}

async function openScheduleTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Schedule Management' }).click();
  await page.getByRole('heading', { name: 'Field Selection' }).waitFor();
}

/**
 * Opens the collapsible Add Field form and waits for its opening transition to end: while the
 * collapse still clips the form, scrolling its buttons into view would shift them under the pointer.
 */
async function openAddFieldForm(page: Page) {
  await page.getByRole('button', { name: 'Add Field' }).click();
  const form = page.getByRole('form', { name: 'Add Field' });
  await expect.poll(() => form.evaluate((element) => element.parentElement!.style.overflow)).not.toBe('hidden');
  return form;
}

/** Adds a field through the Add Field form; resolves to its row in the table once it is listed. */
async function addField(
  page: Page,
  field: { name: string; address: string; zipCode: string; city: string; price: string },
): Promise<Locator> {
  const form = await openAddFieldForm(page);
  await form.getByLabel('Field Name').fill(field.name);
  await form.getByLabel('Street Address').fill(field.address);
  await form.getByLabel('Zip Code').fill(field.zipCode);
  await form.getByLabel('City').fill(field.city);
  await form.getByLabel('Price').fill(field.price);
  await form.getByRole('button', { name: 'Submit' }).click();
  const row = page.getByRole('row').filter({ hasText: field.name });
  await row.waitFor();
  return row;
}

/** A Mantine notification with exactly this message. */
const notification = (page: Page, message: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: message });

/**
 * Closes every notification, so screenshots show the page. A toast can still arrive after the last one
 * closed (it is shown once the notifications' code has loaded, after the step that caused it), and one
 * closing stays on the page through its exit transition: so each look closes what is there, until a
 * look finds none.
 */
async function dismissNotifications(page: Page): Promise<void> {
  const shown = page.locator('.mantine-Notification-root');
  const close = shown.locator('.mantine-Notification-closeButton');
  await expect
    .poll(
      async () => {
        if ((await close.count()) > 0)
          await close
            .first()
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        return shown.count();
      },
      { interval: 250 },
    )
    .toBe(0)
    .catch(async (error: Error) => {
      error.message += `; still shown: ${JSON.stringify(await shown.allInnerTexts())}`;
      throw error;
    });
}

/** Waits for the notification with this message, then closes every notification (they sit over the page's top right). */
async function seeNotification(page: Page, message: string): Promise<void> {
  await notification(page, message).first().waitFor();
  await dismissNotifications(page);
}

/** A locator's box on the screen; fails when it is not rendered. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box on the screen`);
  return found;
}

type Box = Awaited<ReturnType<typeof box>>;

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the element lies wholly inside the window, so a person sees and reaches it without scrolling sideways. */
async function insideViewport(page: Page, locator: Locator): Promise<boolean> {
  const { x, y, width, height } = await box(locator);
  const viewport = page.viewportSize()!;
  return x >= 0 && y >= 0 && x + width <= viewport.width && y + height <= viewport.height;
}

/** Whether the element lies within the window's width, so a person sees it without scrolling sideways. */
async function withinScreenWidth(page: Page, locator: Locator): Promise<boolean> {
  const { x, width } = await box(locator);
  return x >= 0 && x + width <= page.viewportSize()!.width;
}

/** Whether the element shows all of its content (a shrunk button or cell clips its text). */
const showsAllContent = (locator: Locator) => locator.evaluate((element) => element.scrollWidth <= element.clientWidth);

/** A toast with this message has this title, and lies below the header rather than over its buttons. */
async function expectToastBelowHeader(page: Page, message: string, title: string): Promise<void> {
  const toast = notification(page, message).first();
  await toast.waitFor();
  expect(await toast.locator('.mantine-Notification-title').innerText()).toBe(title);
  // Wait for the toast's entering transition to end before measuring where it sits.
  await expect
    .poll(() =>
      toast.evaluate((element) => `${getComputedStyle(element).opacity} ${getComputedStyle(element).transform}`),
    )
    .toMatch(/^1 (none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  const appHeader = page.locator('header.mantine-AppShell-header');
  const header = await box(appHeader);
  const toastBox = await box(toast);
  expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
  for (const button of await appHeader.getByRole('button').all()) {
    if (await button.isVisible()) expect(overlaps(toastBox, await box(button))).toBe(false);
  }
}

/** A full-page screenshot from the top (the fixed header stays where it belongs). */
async function pageScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** A viewport screenshot of an open dialog, once its opening transition is over; held to axe-core too. */
async function dialogScreenshot(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog').last();
  await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  await expectAccessible(page);
}

const availableTile = (page: Page) => page.getByRole('button', { name: /^Available · / });

/** The tile of the window from `start` to `end` (its label names the times; the end carries a date when on another day). */
const windowTile = (page: Page, start: number, end: number) =>
  page.getByRole('button', { name: new RegExp(`^Available · [^·]*, ${clock(start)} – ([^·]*, )?${clock(end)}$`) });

describe('the field owner area in the browser', () => {
  const suite = browserSuite();

  it('adds a field after showing each validation message, then manages its sub-fields', async () => {
    const { context, page } = await ownerPage(suite);
    expect(await page.getByRole('tab', { name: 'Field Management' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('No Fields Available').waitFor();
    // On a phone the empty table says so in full, not 'No Fi…' cut off by a table wider than the screen.
    await page.setViewportSize(PHONE);
    await expect.poll(() => withinScreenWidth(page, page.getByText('No Fields Available'))).toBe(true);
    await page.setViewportSize(DESKTOP);

    // The collapsible form: an empty submit shows every message, without asking the server.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/add-field')) posts.push(request.url());
    });
    const form = await openAddFieldForm(page);
    await form.getByRole('button', { name: 'Submit' }).click();
    for (const message of [
      'Field name is required',
      'Street address is required',
      'Zip Code must be 5 digits',
      'City is required',
      'Price is required',
    ]) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    expect(posts).toEqual([]);

    await form.getByLabel('Field Name').fill('Riverside Park');
    await form.getByLabel('Street Address').fill('1 Riverside Dr');
    await form.getByLabel('City').fill('New York');
    // The zip input takes five characters at most; a price of 0 counts as missing.
    await form.getByLabel('Zip Code').pressSequentially('1000123');
    expect(await form.getByLabel('Zip Code').inputValue()).toBe('10001');
    await form.getByLabel('Zip Code').fill('100');
    await form.getByLabel('Price').fill('0');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Zip Code must be 5 digits', { exact: true }).waitFor();
    await form.getByText('Price is required', { exact: true }).waitFor();
    expect(await form.getByText('Field name is required').count()).toBe(0);
    expect(posts).toEqual([]);

    // The server's refusal is shown in a notification and on the input it concerns.
    await form.getByLabel('Zip Code').fill('00000');
    await form.getByLabel('Price').fill('45');
    await form.getByRole('button', { name: 'Submit' }).click();
    const unknownZip = 'We could not find the ZIP code 00000. Check it and try again.';
    await expectToastBelowHeader(page, unknownZip, 'Check the form');
    await seeNotification(page, unknownZip);
    await expect.poll(() => form.getByLabel('Zip Code').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Zip Code').fill('10001');
    await form.getByRole('button', { name: 'Submit' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Riverside Park' });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      'Riverside Park',
      '1 Riverside Dr',
      '10001',
      'New York',
      expect.stringContaining('Edit'),
    ]);

    // The details card: no description and no picture.
    await row.getByRole('button', { name: 'Details of Riverside Park' }).click();
    const card = page.getByTestId('field-card');
    await card.getByText('No description provided').waitFor();
    expect(await card.getByRole('img', { name: 'Sample field picture' }).getAttribute('src')).toBe(
      '/field-placeholder.svg',
    );

    // The booking policy under the card: the server's rule shown before sending, then saved; free rentals are an admin's.
    const policy = page.getByTestId('booking-policy');
    const windowHours = policy.getByLabel('Cancellation window (hours)');
    await windowHours.fill('200');
    await policy.getByText('The cancellation window is a whole number of hours from 0 to 168.').waitFor();
    expect(await policy.getByRole('button', { name: 'Save policy' }).isDisabled()).toBe(true);
    await windowHours.fill('48');
    await policy.getByRole('button', { name: 'Save policy' }).click();
    await expect.poll(() => policy.getByRole('button', { name: 'Save policy' }).isDisabled()).toBe(true);
    expect(await policy.getByRole('switch', { name: 'Rentals are free' }).count()).toBe(0);
    await page.reload();
    await page
      .getByRole('row')
      .filter({ hasText: 'Riverside Park' })
      .getByRole('button', { name: 'Details of Riverside Park' })
      .click();
    expect(await page.getByTestId('booking-policy').getByLabel('Cancellation window (hours)').inputValue()).toBe('48');

    // Edit Field Info: sub-fields appear in the open dialog as they are added.
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Field Info' });
    await dialog.getByText('Manage Subfields').waitFor();
    await dialog.getByText('No Subfields Available').waitFor();
    const subFields = dialog.getByRole('list', { name: 'Subfields' });
    await dialog.getByLabel('New Subfield Name').fill('Pitch A');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await subFields.getByText('Pitch A', { exact: true }).waitFor();
    expect(await dialog.getByLabel('New Subfield Name').inputValue()).toBe('');
    // An empty name: the server calls it 'New Subfield'.
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await subFields.getByText('New Subfield', { exact: true }).waitFor();
    await dialog.getByLabel('New Subfield Name').fill('Pitch B');
    await dialog.getByLabel('New Subfield Name').press('Enter');
    await subFields.getByText('Pitch B', { exact: true }).waitFor();
    // A duplicate name is refused with the server's message; the dialog stays open.
    await dialog.getByLabel('New Subfield Name').fill('pitch a');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const duplicate = 'This field already has a sub-field named Pitch A. Choose another name.';
    await expectToastBelowHeader(page, duplicate, 'Already taken');
    await seeNotification(page, duplicate);
    await dialog.getByRole('button', { name: 'Remove New Subfield' }).click();
    const listed = async () =>
      (await subFields.getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0]);
    await expect.poll(listed).toEqual(['Pitch A', 'Pitch B']);

    // Save: a refused edit keeps the dialog open with the message on the input; a good one closes it.
    await dialog.getByLabel('City').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('City is required').waitFor();
    await dialog.getByLabel('City').fill('Brooklyn');
    await dialog.getByLabel('Description').fill('Floodlit, artificial grass');
    await dismissNotifications(page);
    await dialogScreenshot(page, 'owner-edit-field-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('cell', { name: 'Brooklyn', exact: true }).waitFor();
    await card.getByText('Floodlit, artificial grass').waitFor();

    // The screenshots show the (still open, now empty) Add Field form above the table.
    await dismissNotifications(page);
    await pageScreenshot(page, 'owner-fields-desktop');
    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { name: 'Fields Page' }).waitFor();
    await pageScreenshot(page, 'owner-fields-phone');
    // On a phone the row's name, address and buttons are all on the screen, none cut off (the
    // field's card, open below it, is a row too).
    const fieldRow = row.first();
    const onScreen = [
      fieldRow.getByRole('button', { name: 'Details of Riverside Park' }),
      fieldRow.getByText('1 Riverside Dr, 10001 Brooklyn', { exact: true }),
      fieldRow.getByRole('button', { name: 'Edit' }),
      fieldRow.getByRole('button', { name: 'Delete' }),
    ];
    for (const shown of onScreen) {
      await expect.poll(() => withinScreenWidth(page, shown)).toBe(true);
    }
    // On a phone the dialog fills the screen; Close and Save stay reachable at its bottom while it scrolls.
    await row.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByText('Manage Subfields').waitFor();
    const longName = 'Floodlit training ground next to the clubhouse';
    await dialog.getByLabel('New Subfield Name').fill(longName);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const remove = dialog.getByRole('button', { name: `Remove ${longName}` });
    await remove.waitFor();
    await remove.scrollIntoViewIfNeeded();
    await expect.poll(() => insideViewport(page, remove)).toBe(true);
    expect(await showsAllContent(remove)).toBe(true);
    await dialog.getByLabel(/^Field Name/).scrollIntoViewIfNeeded();
    for (const name of ['Close', 'Save']) {
      await expect.poll(() => insideViewport(page, dialog.getByRole('button', { name, exact: true }))).toBe(true);
    }
    await dialogScreenshot(page, 'owner-edit-field-phone');
    await remove.click();
    await expect.poll(listed).toEqual(['Pitch A', 'Pitch B']);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it("publishes availability, refuses an overlap with its message, and shows the new window in the owner's other browser live", async () => {
    const first = await ownerPage(suite);
    const second = await ownerPage(suite);
    for (const { page } of [first, second]) {
      await openScheduleTab(page);
      // The first field is selected on load, with its sub-fields as timeline rows.
      expect(await page.getByRole('combobox', { name: 'Field' }).inputValue()).toBe('Riverside Park');
      await page.getByText('Pitch B', { exact: true }).first().waitFor();
    }
    expect(await availableTile(second.page).count()).toBe(0);

    const { page } = first;
    await dismissNotifications(page);
    await page.getByRole('button', { name: 'Add Availability' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Availability' });
    expect(await dialog.getByRole('combobox', { name: 'Subfield' }).inputValue()).toBe('Pitch A');
    await dialog.getByLabel('Start Date').fill(dateTimeLocal(windowStart));
    await dialog.getByLabel('End Date').fill(dateTimeLocal(windowEnd));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await availableTile(page).first().waitFor();
    expect(await availableTile(page).count()).toBe(1);

    // The owner's other browser shows it without a reload.
    await availableTile(second.page).first().waitFor({ timeout: 15_000 });

    // An overlapping window is refused with the server's message, in the browser's time zone, beside
    // the dates; the dialog stays open and keeps what the owner typed (issue 27).
    await dismissNotifications(page);
    await page.getByRole('button', { name: 'Add Availability' }).click();
    await dialog.getByLabel('Start Date').fill(dateTimeLocal(windowStart + HOUR));
    await dialog.getByLabel('End Date').fill(dateTimeLocal(windowEnd + HOUR));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const overlap = `This availability overlaps another window on Pitch A from ${clock(windowStart)} to ${clock(windowEnd)}`;
    await seeNotification(page, overlap);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByText(overlap).waitFor();
    expect(await dialog.getByLabel('Start Date').inputValue()).toBe(dateTimeLocal(windowStart + HOUR));
    expect(await dialog.getByLabel('End Date').inputValue()).toBe(dateTimeLocal(windowEnd + HOUR));
    await dialogScreenshot(page, 'owner-availability-refused-desktop');
    await page.setViewportSize(PHONE);
    await dialogScreenshot(page, 'owner-availability-refused-phone');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await availableTile(page).count()).toBe(1);

    // The same time on Pitch B is free.
    await dismissNotifications(page);
    await page.getByRole('button', { name: 'Add Availability' }).click();
    await dialog.getByRole('combobox', { name: 'Subfield' }).click();
    await page.getByRole('option', { name: 'Pitch B' }).click();
    await dialog.getByLabel('Start Date').fill(dateTimeLocal(windowStart + HOUR));
    await dialog.getByLabel('End Date').fill(dateTimeLocal(windowEnd + HOUR));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => availableTile(page).count()).toBe(2);
    await expect.poll(() => availableTile(second.page).count()).toBe(2);

    await dismissNotifications(page);
    await pageScreenshot(page, 'owner-schedule-desktop');
    // The resource column is 212 px on a desktop; on a phone it narrows so the hours keep most of the width.
    const resourceColumn = page.locator('[title="Pitch A"]').locator('xpath=..');
    expect((await box(resourceColumn)).width).toBe(212);
    await page.setViewportSize(PHONE);
    await availableTile(page).first().waitFor();
    await expect.poll(async () => (await box(resourceColumn)).width).toBeLessThan(PHONE.width / 3);
    await pageScreenshot(page, 'owner-schedule-phone');
    await page.setViewportSize(DESKTOP);

    await first.context.close();
    await second.context.close();
  });

  it('edits and deletes an availability window from its tile', async () => {
    const { context, page } = await ownerPage(suite);
    await openScheduleTab(page);
    await availableTile(page).first().waitFor();
    const before = await availableTile(page).count();

    // The Pitch A window: its tile's label names the times.
    await windowTile(page, windowStart, windowEnd).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Availability' });
    expect(await dialog.getByLabel('Subfield').inputValue()).toBe('Pitch A');
    expect(await dialog.getByLabel('Start Date').inputValue()).toBe(dateTimeLocal(windowStart));
    expect(await dialog.getByLabel('End Date').inputValue()).toBe(dateTimeLocal(windowEnd));

    // A refused edit keeps the dialog open and puts the saved dates back.
    await dialog.getByLabel('End Date').fill(dateTimeLocal(windowEnd + 15 * 60_000));
    await dialog.getByRole('button', { name: 'Edit Availability' }).click();
    await expectToastBelowHeader(page, 'Start and end must be on the hour or half hour.', 'Check the form');
    await seeNotification(page, 'Start and end must be on the hour or half hour.');
    await expect.poll(() => dialog.getByLabel('End Date').inputValue()).toBe(dateTimeLocal(windowEnd));

    await dialog.getByLabel('End Date').fill(dateTimeLocal(windowEnd + HOUR));
    await dialog.getByRole('button', { name: 'Edit Availability' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await windowTile(page, windowStart, windowEnd + HOUR).click();
    await dialog.getByRole('button', { name: 'Delete Availability' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => availableTile(page).count()).toBe(before - 1);
    await context.close();
  });

  it("asks 'Are you sure?' before deleting a field, and shows a field without sub-fields as such", async () => {
    const { context, page } = await ownerPage(suite);
    // A second field, without sub-fields.
    const row = await addField(page, {
      name: 'Harbour Field',
      address: '2 Harbour St',
      zipCode: '02108',
      city: 'Boston',
      price: '37.5',
    });

    await openScheduleTab(page);
    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Harbour Field' }).click();
    await page.getByText('No Subfields Available').waitFor();
    expect(await page.getByRole('button', { name: 'Add Availability' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Field Management' }).click();
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText('Do you really want to delete this field? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);

    await row.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    expect(await page.getByRole('row').filter({ hasText: 'Riverside Park' }).count()).toBe(1);
    await context.close();
  });

  it('keeps the timeline where it was when zooming out and back in', async () => {
    const { context, page } = await ownerPage(suite);
    await openScheduleTab(page);
    const first = availableTile(page).first();
    await first.waitFor();
    // One tile by its full name: the same element on screen before and after, whatever the zooms render.
    const tile = page.getByRole('button', { name: (await first.getAttribute('aria-label'))!, exact: true });
    const scroller = page.getByTestId('scheduler-scroller');
    // Left between two hours, as a person's scrolling leaves it (not on the column grid).
    await scroller.evaluate((el) => (el.scrollLeft += 137));
    await page.waitForTimeout(300);
    const before = (await tile.boundingBox())!.x;

    await page.getByRole('button', { name: /−$/ }).click();
    await page.waitForTimeout(400);
    await page.getByRole('button', { name: /\+$/ }).click();
    // The same time at the same place: the tile where it was, not a column (an hour) off.
    await expect.poll(async () => Math.abs((await tile.boundingBox())!.x - before)).toBeLessThanOrEqual(1);
    await context.close();
  });

  it('returns the timeline to its first page when its search is cleared', async () => {
    const { context, page } = await ownerPage(suite);
    const row = await addField(page, {
      name: 'Paging Park',
      address: '3 Paging Rd',
      zipCode: '10001',
      city: 'New York',
      price: '20',
    });
    // Eleven courts: one more than the owner timeline's ten a page.
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Field Info' });
    const courts = Array.from({ length: 11 }, (_, index) => `Court ${String(index + 1).padStart(2, '0')}`);
    for (const court of courts) {
      await dialog.getByLabel('New Subfield Name').fill(court);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.getByText(court, { exact: true }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await openScheduleTab(page);
    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Paging Park' }).click();
    const resource = (court: string) => page.locator(`[title="${court}"]`);
    const pageInfo = page.getByText(/^\d+ \/ \d+$/);
    await resource('Court 01').waitFor();
    expect(await pageInfo.innerText()).toBe('1 / 2');

    await page.getByRole('button', { name: 'Load next' }).click();
    await resource('Court 11').waitFor();
    expect(await pageInfo.innerText()).toBe('2 / 2');

    const search = page.getByRole('textbox', { name: 'Search' });
    // Nine matches fit one page: the pager goes.
    await search.fill('court 0');
    await resource('Court 01').waitFor();
    await pageInfo.waitFor({ state: 'detached' });
    await search.fill('');
    // Cleared: the pager comes back on the first page, not on the second one turned before searching.
    await pageInfo.waitFor();
    expect(await pageInfo.innerText()).toBe('1 / 2');
    await resource('Court 01').waitFor();
    expect(await resource('Court 11').count()).toBe(0);
    await context.close();
  });
});
