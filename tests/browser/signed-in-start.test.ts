/**
 * Issue #41: a signed-in page opened afresh does not wait for one thing after another. Its code is
 * asked for while the session is still being recovered, and its data while the account's
 * registration (repeated at every start, and changing nothing here) is still on its way. Each step
 * below is held until the other has been asked for, so a page that serialised them would never show.
 * How long pages take is measured by the bench (`signed-in` section), never asserted here.
 */
import { describe, it } from 'vitest';
import type { Request } from 'playwright-core';
import { browserSuite } from './support/suite';

describe('a signed-in page opened afresh', () => {
  const suite = browserSuite();

  it('asks for its code before the session is recovered, and for its data before registering has answered', async () => {
    const { page, context } = await suite.signedIn('player@playtime.test');

    const asked = (test: (request: Request) => boolean) =>
      new Promise<void>((resolve) => {
        page.on('request', (request) => {
          if (test(request)) resolve();
        });
      });
    const pageCode = asked((request) => /\/assets\/profile-page-[\w-]+\.js$/.test(request.url()));
    const pageData = asked((request) => new URL(request.url()).pathname === '/api/get-user-games');
    // The token that recovers the session is answered only once the page's code has been asked for,
    await page.route('**/oauth/token', async (route) => {
      await pageCode;
      await route.continue();
    });
    // and registering only once the page has asked for its data.
    await page.route('**/api/register-user', async (route) => {
      await pageData;
      await route.continue();
    });

    await page.goto(suite.url('/profile'));
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor({ timeout: 60_000 });
    await page.getByText('No Recent Games').waitFor({ timeout: 30_000 });
    await context.close();
  }, 180_000);
});
