/**
 * The organize journey in the browser (spec §2 Organize wizard, §4 Confirm flow): a captain picks a
 * pitch and a time, pays the rental with the simulated card form (a declined card first, which keeps
 * the slot held), and the field owner's open timeline shows the game appear, live.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeRentalFree } from '../support/free-rental';
import { waitFor } from '../support/wait';
import { expectAccessible, fillCard, PHONE, screenshot } from './support/browser';
import { openOwnerTimeline, openPitch, selectSlot, type WizardPitch } from './support/screens';
import { HOUR, nextGameStart, sameUtcDay, addPitchAround } from './support/slots';
import { browserSuite } from './support/suite';

/** The game: from the next half hour plus an hour, with the hour after it free for the second test's game. */
const gameStart = nextGameStart(2);

const PITCH_A: WizardPitch = { search: 'Wizard', field: /Riverside Wizard Park/, subField: 'Pitch A' };

/** Picks the hour starting at `start` on Pitch A and goes on to Configure. */
async function pickHour(captain: Page, start: number): Promise<void> {
  await selectSlot(captain, PITCH_A, start);
  await captain.getByRole('button', { name: 'Done' }).click();
}

describe('organizing a game in the browser', () => {
  const suite = browserSuite();
  let subFieldId: string;
  let fieldId: string;

  beforeAll(async () => {
    const owner = await suite.api('owner');
    ({ fieldId, subFieldId } = await addPitchAround(
      owner,
      { name: 'Riverside Wizard Park', address: '1 Riverside Dr' },
      gameStart,
    ));
  }, 120_000);

  it('books and pays a slot while the owner watches the game tile arrive on the timeline', async () => {
    const owner = await suite.signedInPage('owner@playtime.test', { timezoneId: 'UTC' });
    await openOwnerTimeline(owner);

    const captain = await suite.signedInPage('captain@playtime.test', { timezoneId: 'UTC' });
    await captain.getByRole('link', { name: 'Organize' }).first().click();
    await pickHour(captain, gameStart);
    await captain.getByLabel('Game Name').waitFor();
    await expect.poll(() => captain.getByLabel('Game Name').inputValue()).toBe("captain's Game");
    await captain.getByRole('button', { name: 'Done' }).click();
    await captain.getByText('$40.00').first().waitFor();
    // The step's own button, after the stepper's 'Confirm' step.
    await captain.getByRole('button', { name: 'Confirm', exact: true }).last().click();

    // A declined card is told to the captain, and the slot stays held for them.
    const dialog = captain.getByRole('dialog', { name: 'Pay by card' });
    await fillCard(dialog, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: /^Pay \$40\.00/ }).click();
    await dialog.getByText('Payment failed').waitFor();
    await screenshot(captain, 'organize-declined-desktop');
    const admin = await suite.api('admin');
    const held = await waitFor('the hold to show', async () => {
      const entries = (await admin.get(`/api/get-subfield-schedules?subFieldId=${subFieldId}`)).json as {
        type: string;
        startDate: string;
      }[];
      return entries.some((entry) => entry.type === 'hold' && Date.parse(entry.startDate) === gameStart) || undefined;
    });
    expect(held).toBe(true);

    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: /^Pay \$40\.00/ }).click();
    await captain.getByText('Game Created').waitFor({ timeout: 30_000 });
    await screenshot(captain, 'organize-created-desktop');

    // The owner's timeline, never reloaded, shows the game.
    await owner
      .getByRole('button', { name: /^Game · / })
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(owner, 'organize-owner-timeline-desktop');

    await captain.getByText('Game Created').click();
    await captain.waitForURL(/\/organize\/games$/);
    await captain.getByText("captain's Game").first().waitFor();
  });

  it('books a slot an admin made free without a payment step', async () => {
    const admin = await suite.api('admin');
    await makeRentalFree(admin, fieldId);
    // The hour after the first test's game.
    const freeStart = gameStart + HOUR;
    const captain = await suite.signedInPage('captain@playtime.test', { timezoneId: 'UTC' });
    await captain.goto(suite.url('/organize/games'));
    await pickHour(captain, freeStart);
    await captain.getByLabel('Game Name').fill('Free Kick-about');
    await captain.getByRole('button', { name: 'Done' }).click();
    // The server's price for the slot: nothing.
    await captain.getByText('$0.00').first().waitFor();
    await screenshot(captain, 'organize-free-rental-desktop');
    await expectAccessible(captain);
    await captain.getByRole('button', { name: 'Confirm', exact: true }).last().click();
    await captain.getByText('Game Created').waitFor({ timeout: 30_000 });
    expect(await captain.getByRole('dialog', { name: 'Pay by card' }).count()).toBe(0);
    await captain.getByText('Game Created').click();
    await captain.waitForURL(/\/organize\/games$/);
    await captain.getByText('Free Kick-about').first().waitFor();

    // Booked for nothing: the game's slot is on the sub-field's schedule, and no payment was taken.
    const entries = (await admin.get(`/api/get-subfield-schedules?subFieldId=${subFieldId}`)).json as {
      type: string;
      startDate: string;
    }[];
    expect(entries.some((entry) => entry.type === 'game' && Date.parse(entry.startDate) === freeStart)).toBe(true);
  });

  it("works at phone width: the wizard's steps and buttons stay on screen", async () => {
    const captain = await suite.signedInPage('captain@playtime.test', { timezoneId: 'UTC', viewport: PHONE });
    await captain.goto(suite.url('/organize/games'));
    await openPitch(captain, PITCH_A);
    // The first free slot is the next half hour (an hour before the game's): tomorrow, late in a UTC day.
    if (!sameUtcDay(gameStart - HOUR, Date.now())) await captain.getByRole('button', { name: 'Next day' }).click();
    const slots = captain.getByRole('listbox', { name: 'Half-hour slots' });
    await slots.waitFor();
    // The list opens at the first free slot, not at the day's grey early hours (issue 27).
    const firstFree = slots.getByRole('option', { name: / Free$/ }).first();
    await firstFree.waitFor();
    await expect
      .poll(async () => {
        const list = (await slots
          .locator('xpath=ancestor::*[contains(@class, "ScrollArea-viewport")][1]')
          .boundingBox())!;
        const row = (await firstFree.boundingBox())!;
        return row.y >= list.y && row.y + row.height <= list.y + list.height;
      })
      .toBe(true);
    const done = await captain.getByRole('button', { name: 'Done' }).boundingBox();
    expect(done).not.toBeNull();
    expect(done!.x + done!.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(captain, 'organize-select-time-phone');
  });
});
