/**
 * Email in the browser (issue #31): a newcomer signs up, the admin reads the verification mail in the
 * Mail tab (rendered, plain text and raw), and the newcomer follows its link, which verifies the email.
 * The login page says where standalone mail is read. Desktop and phone widths, axe on every screen.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS } from '@playtime/shared/contract/email';
import { createPool } from '@playtime/shared/infra/db/pool';
import { browserSuite } from './support/suite';
import path from 'node:path';
import { DESKTOP, PHONE, SCREENSHOTS, screenshot } from './support/browser';

describe('verification mail in the browser', () => {
  const suite = browserSuite();

  it('signs up, the admin reads the mail in the Mail tab, and its link verifies the email', async () => {
    const newcomer = await suite.window(DESKTOP);
    await newcomer.page.goto(suite.url());
    const popupPromise = newcomer.page.context().waitForEvent('page');
    await newcomer.page.getByRole('button', { name: 'Log In' }).first().click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    await popup.getByText(ACCOUNT_EMAIL_TEXTS.standaloneMailNote).waitFor();
    await screenshot(popup, 'email-login-note-desktop');
    await popup.getByRole('link', { name: 'Sign up' }).click();
    await popup.getByLabel('Email').fill('newcomer@example.com');
    await popup.getByLabel('Nickname').fill('Nia');
    await popup.getByLabel('Password').fill('a good password');
    await popup.getByRole('button', { name: 'Sign up' }).click();
    // The page that follows says to check the mail (whether or not the email had an account, issue #41)
    // and is the login form, the email filled in.
    await popup.getByRole('heading', { name: ACCOUNT_EMAIL_TEXTS.signedUpTitle }).waitFor();
    await screenshot(popup, 'email-signed-up-desktop');
    await popup.getByLabel('Password').fill('a good password');
    await popup.getByRole('button', { name: 'Log in', exact: true }).click();
    await newcomer.page.getByRole('button', { name: 'Log Out' }).first().waitFor({ timeout: 30_000 });

    const admin = await suite.signedIn('admin@playtime.test', { then: '/admin?tab=mail' });
    const read = admin.page.getByRole('button', {
      name: 'Read "Verify your email for Playtime" to newcomer@example.com',
    });
    await read.waitFor({ timeout: 30_000 });
    await read.click();
    const frame = admin.page.frameLocator('iframe[title^="Rendered mail"]');
    await frame.getByText('Welcome to Playtime, Nia!').waitFor({ timeout: 15_000 });
    // axe cannot run inside the sandboxed frame (no scripts may run there, by design): the rendered view
    // is pictured without it, and axe checks the tab on its plain text view below.
    await admin.page.screenshot({ path: path.join(SCREENSHOTS, 'email-mail-rendered-desktop.png'), fullPage: true });
    await admin.page.getByRole('tab', { name: 'Raw source' }).click();
    const raw = admin.page.getByRole('tabpanel').filter({ hasText: 'X-Playtime-Kind: email-verification' }).last();
    await raw.waitFor({ timeout: 15_000 });
    // Account access mail offers no unsubscribe (issue #41).
    expect(await raw.textContent()).not.toContain('List-Unsubscribe');
    await admin.page.getByRole('tab', { name: 'Plain text' }).click();
    const plain = admin.page.getByRole('tabpanel').filter({ hasText: 'Verify my email:' }).last();
    await plain.waitFor({ timeout: 15_000 });
    const text = (await plain.textContent())!;
    await screenshot(admin.page, 'email-mail-tab-desktop');
    const link = /Verify my email: (\S+)/.exec(text)![1]!;

    // At phone width the header's Log Out hides in the menu: log in wide, then narrow the window.
    const phone = await suite.signedIn('admin@playtime.test', { viewport: PHONE, then: '/admin?tab=mail' });
    await phone.page
      .getByRole('button', { name: /^Read "Verify your email/ })
      .first()
      .click();
    await phone.page
      .frameLocator('iframe[title^="Rendered mail"]')
      .getByText('Welcome to Playtime, Nia!')
      .waitFor({ timeout: 15_000 });
    await phone.page.screenshot({ path: path.join(SCREENSHOTS, 'email-mail-rendered-phone.png'), fullPage: true });
    await phone.page.getByRole('tab', { name: 'Raw source' }).click();
    await screenshot(phone.page, 'email-mail-tab-phone');

    // The newcomer follows the link from the mail: one click on its page verifies the address.
    await newcomer.page.goto(link);
    await screenshot(newcomer.page, 'email-verify-desktop');
    await newcomer.page.getByRole('button', { name: ACCOUNT_EMAIL_TEXTS.verifyButton }).click();
    await newcomer.page.getByText(ACCOUNT_EMAIL_TEXTS.verified).waitFor();
    await screenshot(newcomer.page, 'email-verified-desktop');
    const pool = createPool(suite.app.databaseUrl);
    try {
      const { rows } = await pool.query<{ email_verified: boolean }>(
        "SELECT email_verified FROM identity_accounts WHERE email = 'newcomer@example.com'",
      );
      expect(rows[0]!.email_verified).toBe(true);
    } finally {
      await pool.end();
    }
    // The link is spent: following it again says so, at phone width too.
    const again = await suite.window(PHONE);
    await again.page.goto(link);
    await again.page.getByText(ACCOUNT_EMAIL_TEXTS.linkUsed).waitFor();
    await screenshot(again.page, 'email-link-used-phone');
  }, 180_000);
});
