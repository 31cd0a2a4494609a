/**
 * A partner application in the browser: a guest who asks to become a partnered field is asked to log
 * in or sign up first; signed in, the player fills the form for their own account (its email filled
 * in, not editable; told what to fix first) and sees their application waiting; an admin approves it
 * in 'Field Owners Applications'; the player's open browser becomes a field owner's without a reload
 * and reaches the owner's area. The admin revokes the approval, and the player's browser is a
 * player's again.
 */
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUS_TEXT,
  SIGN_IN_TO_APPLY_BUTTON,
  SIGN_IN_TO_APPLY_TEXT,
} from '@playtime/shared/contract/partners';
import { DESKTOP, expectAccessible, logIn, PHONE, screenshot, sidewaysOverflow } from './support/browser';
import { browserSuite } from './support/suite';

describe('partner applications in the browser', () => {
  const suite = browserSuite();

  it('takes an application from the landing page, signed in, to approval and the new owner area, and back on revocation, live', async () => {
    const player = await suite.window();
    await player.page.goto(suite.url());
    await player.page.getByRole('button', { name: 'Request to Become a Partnered Field' }).click();
    await player.page.waitForURL('**/partner-application');
    // A guest has no form to fill: the application will belong to an account.
    await player.page.getByText(SIGN_IN_TO_APPLY_TEXT).waitFor();
    await player.page.getByRole('button', { name: SIGN_IN_TO_APPLY_BUTTON }).waitFor();
    expect(await player.page.getByRole('form', { name: 'Partner application' }).count()).toBe(0);
    await logIn(player.page, 'player@playtime.test');
    const form = player.page.getByRole('form', { name: 'Partner application' });
    await form.waitFor();
    // The account's email, not another one.
    expect(await form.getByLabel('Email').inputValue()).toBe('player@playtime.test');
    expect(await form.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await form.getByLabel('Zip Code').fill('123');
    await form.getByRole('button', { name: 'Send application' }).click();
    await form.getByText('Contact name is required').waitFor();
    await form.getByText('Zip Code must be 5 digits').waitFor();
    await form.getByLabel('Contact name').fill('Player One');
    await form.getByLabel('Phone').fill('(212) 555-0100');
    await form.getByLabel('Field name').fill('Player Park');
    await form.getByLabel('Street address').fill('1 Park Ave');
    await form.getByLabel('Zip Code').fill('10016');
    await form.getByLabel('City').fill('New York');
    await form.getByLabel('Number of sub-fields').fill('2');
    await form.getByLabel('Message').fill('Two small pitches.');
    await screenshot(player.page, 'partner-form-desktop');
    await expectAccessible(player.page);
    await form.getByRole('button', { name: 'Send application' }).click();
    await player.page.getByText('Thank you! Your application was sent.').waitFor();
    await player.page.getByText('Waiting for an answer').waitFor();
    expect(await player.page.getByRole('link', { name: 'Field Management' }).count()).toBe(0);

    const admin = await suite.signedIn('admin@playtime.test', { then: '/admin?tab=applications' });
    const table = admin.page.getByRole('table', { name: 'Field Owners Applications' });
    const row = table.getByRole('row').filter({ hasText: 'Player Park' });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      expect.any(String),
      'Player One',
      'player@playtime.test',
      '(212) 555-0100',
      'Player Park\n\nTwo small pitches.',
      '1 Park Ave, New York 10016',
      '2',
      expect.stringContaining('Approve'),
    ]);
    await screenshot(admin.page, 'partner-applications-admin');
    await expectAccessible(admin.page);
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.getByText('approved').waitFor();

    // The player's open browser is a field owner's now, and their application says so.
    await player.page.getByRole('link', { name: 'Field Management' }).first().waitFor({ timeout: 15_000 });
    await player.page.getByRole('link', { name: 'Field Management' }).first().click();
    await player.page.getByText('Fields Page').waitFor();
    await player.page.goto(suite.url('/partner-application'));
    await player.page.getByText(APPLICATION_STATUS_TEXT.approved).waitFor();

    await admin.page.setViewportSize(PHONE);
    // On a phone the application is a card: its email and answer on screen, nothing scrolled off to the side.
    const card = admin.page.getByRole('listitem').filter({ hasText: 'Player One' });
    for (const text of ['player@playtime.test', 'approved']) {
      const box = await card.getByText(text).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${text} on screen`).toBe(true);
    }
    expect(await sidewaysOverflow(admin.page)).toBeLessThanOrEqual(0);
    await screenshot(admin.page, 'partner-applications-admin-phone');

    // The admin changes their mind: asked first, then the player's open page loses the owner's area, live.
    await admin.page.setViewportSize(DESKTOP);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await admin.page
      .getByRole('dialog', { name: 'Revoke the approval' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await row.getByText('revoked').waitFor();
    await player.page.getByText(APPLICATION_STATUS_TEXT.revoked).waitFor({ timeout: 15_000 });
    await player.page
      .getByRole('link', { name: 'Field Management' })
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 });
    await player.context.close();
    await admin.context.close();
  }, 120_000);
});
