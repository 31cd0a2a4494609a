import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PICTURE_REFUSALS } from '@playtime/shared/contract/pictures';
import { browserSuite } from './support/suite';
import { catchFileChoosers, DESKTOP, logIn, PHONE, screenshot } from './support/browser';

const UPLOADED = /^\/api\/pictures\/[0-9a-f]{64}$/;

describe('pictures in the browser: a field photo and a profile avatar', () => {
  const suite = browserSuite();
  const files = mkdtempSync(path.join(tmpdir(), 'playtime-pictures-'));
  const photo = path.join(files, 'pitch.jpg');
  const notAPicture = path.join(files, 'notes.png');

  beforeAll(async () => {
    // A green pitch with a white halfway line, as a camera would save it.
    const pitch = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f8f46' } })
      .composite([
        { input: { create: { width: 12, height: 800, channels: 3, background: '#ffffff' } }, left: 594, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    writeFileSync(photo, pitch);
    // A text file named like a picture.
    writeFileSync(notAPicture, 'not a picture at all\n');
  });

  /** Waits until the page's picture named `name` has loaded from the app (CSP and all) and has pixels. */
  async function expectLoaded(page: Page, name: string): Promise<string> {
    const image = page.getByRole('main').getByRole('img', { name, exact: true });
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    return (await image.getAttribute('src')) ?? '';
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`lets an owner upload a field photo, and shows the server's refusal of a file that is not one (${label})`, async () => {
      const { context, page } = await suite.window();
      const choosers = catchFileChoosers(page);
      await page.goto(suite.url());
      await logIn(page, 'owner@playtime.test');
      await page.getByRole('link', { name: 'Field Management' }).first().click();
      await page.getByRole('heading', { name: 'Fields Page' }).waitFor();
      await page.setViewportSize(viewport);
      await page.getByRole('button', { name: 'Add Field' }).click();
      const form = page.getByRole('form', { name: 'Add Field' });
      // The collapse has opened: while it still clips the form, its inputs would move under the pointer.
      await expect.poll(() => form.evaluate((element) => element.parentElement!.style.overflow)).not.toBe('hidden');
      await form.getByLabel('Field Name').fill(`Photo Park ${label}`);
      await form.getByLabel('Street Address').fill('1 Photo St');
      await form.getByLabel('Zip Code').fill('10001');
      await form.getByLabel('City').fill('New York');
      await form.getByLabel('Price').fill('30');

      // The file input is a labelled button: reached with Tab and opened with the keyboard.
      const picture = form.getByRole('button', { name: /^Picture/ });
      await picture.focus();
      expect(await picture.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await (await choosers.next()).setFiles(notAPicture);
      await form.getByText(PICTURE_REFUSALS.not_a_picture).waitFor();
      await screenshot(page, `field-picture-refused-${label}`);

      await picture.click();
      await (await choosers.next()).setFiles(photo);
      expect(await expectLoaded(page, 'The field picture')).toMatch(UPLOADED);
      expect(await form.getByText(PICTURE_REFUSALS.not_a_picture).count()).toBe(0);
      await screenshot(page, `field-picture-uploaded-${label}`);

      const uploadedUrl = await expectLoaded(page, 'The field picture');
      await form.getByRole('button', { name: 'Submit' }).click();
      const row = page.getByRole('row').filter({ hasText: `Photo Park ${label}` });
      await row.first().waitFor();
      // The form is empty again, its file input too.
      await form.getByText('Choose a photo', { exact: true }).waitFor();
      expect(await form.getByRole('img', { name: 'The field picture' }).count()).toBe(0);
      // The field's card shows the uploaded photo.
      await page.getByRole('button', { name: `Details of Photo Park ${label}` }).click();
      expect(await expectLoaded(page, `Picture of Photo Park ${label}`)).toBe(uploadedUrl);
      await context.close();
    });

    it(`lets a player pick a built-in avatar with the keyboard, and upload one instead (${label})`, async () => {
      const { context, page } = await suite.window();
      const choosers = catchFileChoosers(page);
      await page.goto(suite.url());
      await logIn(page, label === 'desktop' ? 'player@playtime.test' : 'captain@playtime.test');
      await page.getByRole('link', { name: 'Profile' }).first().click();
      await page.getByLabel('Username').waitFor();
      await page.setViewportSize(viewport);
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Change Avatar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose an Avatar' });
      const avatars = dialog.getByRole('radiogroup', { name: 'Built-in avatars' });
      await avatars.waitFor();
      expect(await avatars.getByRole('radio').count()).toBe(16);
      await screenshot(page, `avatar-picker-${label}`);

      // Arrow keys move the choice, as in any radio group; picking one closes the dialog.
      await avatars.getByRole('radio', { name: 'Avatar 3' }).focus();
      await page.keyboard.press('ArrowRight');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: 'Edit' }).waitFor();
      const username = await page.getByLabel('Username').inputValue();
      await expect.poll(() => expectLoaded(page, username)).toBe('/avatars/4.svg');

      // Or a picture of one's own.
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Change Avatar' }).click();
      await dialog.getByRole('button', { name: /^Upload a picture/ }).click();
      await (await choosers.next()).setFiles(photo);
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: 'Edit' }).waitFor();
      await page.reload();
      await page.getByLabel('Username').waitFor();
      expect(await expectLoaded(page, username)).toMatch(UPLOADED);
      await screenshot(page, `profile-uploaded-picture-${label}`);
      await context.close();
    });
  }
});
