/**
 * The spreadsheet import in the admins' 'Field Owners Applications' tab: its last run with the bad
 * row's number and problem, its rows in the table, and 'Import now'; desktop and phone. A row has no
 * account: once approved, the verified owner of its email is asked whether it is theirs, and
 * confirming makes them a field owner.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { ANSWERED_TEXT, CLAIM_BUTTON, claimQuestion, NO_ACCOUNT_YET } from '@playtime/shared/contract/partners';
import { signUpToken } from '../support/accounts';
import { expectAccessible, PHONE, screenshot, sidewaysOverflow } from './support/browser';
import { browserSuite } from './support/suite';
import { sheetMinutesWithNoReadSoon } from '../support/partner-applications';

const CSV = [
  'Contact name,Email,Phone,Field name,Address,Zip Code,City,Number of sub-fields,Message',
  'Pat Green,pat@greenfields.test,(212) 555-0100,Green Fields,9 Park Ave,10016,New York,3,Two floodlit pitches',
  'Sam Blue,sam-at-bluepark,(212) 555-0101,Blue Park,1 Main St,10001,New York,1,',
].join('\n');

describe('the partner spreadsheet import in the browser', () => {
  let server: Server;
  // The app reads its spreadsheet from this suite's own server, started first.
  const suite = browserSuite({
    env: async () => {
      server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(CSV));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as { port: number }).port;
      return {
        PARTNER_SHEET_URL: `http://127.0.0.1:${port}/sheet.csv`,
        PARTNER_SHEET_MINUTES: sheetMinutesWithNoReadSoon(),
      };
    },
  });

  afterAll(() => {
    server?.close();
  });

  it("shows the last import with its bad row, the imported application, and reads it again on 'Import now'", async () => {
    const admin = await suite.signedIn('admin@playtime.test', { then: '/admin?tab=applications' });
    const panel = admin.page.getByRole('alert').filter({ hasText: 'Spreadsheet import' });
    await panel.getByText('Row 3: Enter an email address like name@example.com.').waitFor({ timeout: 30_000 });
    await panel.getByText(/2 rows, 1 new, 0 already here, 1 with errors/).waitFor();
    await admin.page.getByRole('table', { name: 'Field Owners Applications' }).getByText('Pat Green').waitFor();
    await panel.getByRole('button', { name: 'Import now' }).click();
    await admin.page.getByText('Imported 0 new applications.').waitFor();
    await panel.getByText(/2 rows, 0 new, 1 already here, 1 with errors/).waitFor();
    await screenshot(admin.page, 'partner-sheet-desktop');
    await admin.page.setViewportSize(PHONE);
    await panel.getByText('Row 3: Enter an email address like name@example.com.').waitFor();
    expect(await sidewaysOverflow(admin.page)).toBeLessThanOrEqual(0);
    await screenshot(admin.page, 'partner-sheet-phone');
    await admin.context.close();
  }, 120_000);

  it("asks the verified owner of an approved row's email whether it is theirs; confirming makes their account a field owner, live", async () => {
    const admin = await suite.signedIn('admin@playtime.test', { then: '/admin?tab=applications' });
    const row = admin.page
      .getByRole('table', { name: 'Field Owners Applications' })
      .getByRole('row')
      .filter({ hasText: 'Green Fields' });
    await row.getByText(NO_ACCOUNT_YET).waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText(ANSWERED_TEXT.approvedWithoutAccount).waitFor();
    await row.getByText('approved').waitFor();

    // Pat signs up with the row's email, verified by the provider; signing in alone gives no role.
    await signUpToken(suite.app, 'pat@greenfields.test', 'Pat', true);
    const pat = await suite.signedIn('pat@greenfields.test', { password: 'sign-up ok' });
    const question = pat.page.getByRole('region', { name: 'Application for Green Fields' });
    await question.getByText(claimQuestion('Green Fields')).waitFor({ timeout: 15_000 });
    expect(await pat.page.getByRole('link', { name: 'Field Management' }).count()).toBe(0);
    await screenshot(pat.page, 'partner-claim-desktop');
    await expectAccessible(pat.page);
    await question.getByRole('button', { name: CLAIM_BUTTON }).click();
    await pat.page.getByRole('link', { name: 'Field Management' }).first().waitFor({ timeout: 15_000 });
    await question.waitFor({ state: 'detached' });
    // The admin's table shows the row has an account now, without a reload.
    await row.getByText(NO_ACCOUNT_YET).waitFor({ state: 'detached', timeout: 15_000 });
    await pat.context.close();
    await admin.context.close();
  }, 120_000);
});
