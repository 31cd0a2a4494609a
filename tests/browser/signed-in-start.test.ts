/**
 * Issue #41: a signed-in page opened afresh does not wait for one thing after another. Its code is
 * asked for while the session is still being recovered, and its data while the account's
 * registration (repeated at every start, and changing nothing here) is still on its way. Each step
 * below is held until the other has been asked for, so a page that serialised them would never show.
 * How long pages take is measured by the bench (`signed-in` section), never asserted here.
 */
import { describe, expect, it } from 'vitest';
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

  it('recovers the session under Web Locks, two tabs at once, and never under the SDK lock in localStorage', async () => {
    const { page: first, context } = await suite.signedIn('player@playtime.test');
    // Every tab of the context notes the locks it asks for, of both kinds, from before the app's first line.
    await context.addInitScript(() => {
      const seen = { webLocks: [] as string[], storageLocks: [] as string[] };
      (window as unknown as { seenLocks: typeof seen }).seenLocks = seen;
      const request = navigator.locks.request.bind(navigator.locks) as (...args: unknown[]) => Promise<unknown>;
      navigator.locks.request = ((name: string, ...rest: unknown[]) => {
        seen.webLocks.push(name);
        return request(name, ...rest);
      }) as typeof navigator.locks.request;
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key.startsWith('browser-tabs-lock')) seen.storageLocks.push(key);
        return setItem.call(this, key, value);
      };
    });
    const second = await context.newPage();
    // Both tabs recover the session at the same moment: one waits for the other's lock, then takes it.
    await Promise.all([first.goto(suite.url('/profile')), second.goto(suite.url('/profile'))]);
    for (const tab of [first, second]) {
      await tab.getByRole('heading', { name: 'Profile', level: 1 }).waitFor({ timeout: 60_000 });
      await tab.getByText('No Recent Games').waitFor({ timeout: 30_000 });
      const seen = await tab.evaluate(
        () => (window as unknown as { seenLocks: { webLocks: string[]; storageLocks: string[] } }).seenLocks,
      );
      expect(seen.storageLocks).toEqual([]);
      expect(seen.webLocks.some((name) => name.startsWith('auth0.lock.getTokenSilently.'))).toBe(true);
    }
    await context.close();
  }, 180_000);
});
