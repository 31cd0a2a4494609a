/**
 * Issue #41: a signed-in page opened afresh does not wait for one thing after another. Its code is
 * asked for while the session is still being recovered, and its data while the account's
 * registration (repeated at every start, and changing nothing here) is still on its way. Each step
 * below is held until the other has been asked for, so a page that serialised them would never show.
 * How long pages take is measured by the bench (`signed-in` section), never asserted here.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { READ_AT_HEADER } from '@playtime/shared/contract/headers';
import { PROJECTION_NAMES } from '@playtime/shared/contract/projections';
import { compareCheckpoints, parseCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import { projectionSpan } from '@playtime/shared/infra/projections/projection-progress';
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

  it('reads each answer of the page once: joining its rooms asks again only for what a change may have passed', async () => {
    // A quiet app: every read model at the log's end, and the answers' read position caught up with them.
    const pool = new pg.Pool({ connectionString: suite.app.databaseUrl, max: 1 });
    const player = await suite.api('player');
    try {
      await expect
        .poll(
          async () => {
            const span = await projectionSpan(pool, PROJECTION_NAMES);
            const answered = parseCheckpoint((await player.get('/api/get-user')).headers.get(READ_AT_HEADER) ?? '');
            return (
              span !== null &&
              compareCheckpoints(span.lowest, span.highest) === 0 &&
              compareCheckpoints(answered, span.highest) === 0
            );
          },
          { timeout: 30_000, interval: 200 },
        )
        .toBe(true);
    } finally {
      await pool.end();
    }

    const { page, context } = await suite.signedIn('player@playtime.test');
    // Only what the profile's own load asks for: the landing page's requests may still be answering, and
    // it may still send some (its partner-claim notice's, say) until the profile's document replaces it.
    // So recording starts when that navigation commits: every request after it is the profile's.
    const profileRequests = new Set<Request>();
    let recording = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/profile') recording = true;
    });
    page.on('request', (request) => {
      if (recording) profileRequests.add(request);
    });
    const answers: Array<{ url: string; readAt: string | null }> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (
        profileRequests.has(response.request()) &&
        response.request().method() === 'GET' &&
        url.pathname.startsWith('/api/') &&
        url.pathname !== '/api/public-config'
      )
        answers.push({
          url: `${url.pathname}${url.search}`,
          readAt: response.headers()[READ_AT_HEADER.toLowerCase()] ?? null,
        });
    });
    // The answers to the profile's socket's joins (socket.io acknowledgements: "43<id>[answer]").
    const joins: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (!recording) return;
        const ack = /^43\d+\[(.*)\]$/.exec(String(payload));
        const answer = ack ? (JSON.parse(ack[1]!) as { ok?: boolean; checkpoint?: string }) : null;
        if (answer?.ok && answer.checkpoint) joins.push(answer.checkpoint);
      }),
    );
    await page.goto(suite.url('/profile'));
    expect(recording).toBe(true);
    await page.getByText('No Recent Games').waitFor({ timeout: 30_000 });
    await expect.poll(() => joins.length, { timeout: 30_000 }).toBeGreaterThan(0);
    // Whatever the joins asked again has been asked for once the page has asked nothing for a while.
    let asked = -1;
    while (asked !== answers.length) {
      asked = answers.length;
      await page.waitForTimeout(1500);
    }

    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer.readAt, `${READ_AT_HEADER} of ${answer.url}`).toMatch(/^\d+:\d+$/);
      for (const joined of joins)
        expect(compareCheckpoints(parseCheckpoint(answer.readAt!), parseCheckpoint(joined))).toBeGreaterThanOrEqual(0);
    }
    const counts = new Map<string, number>();
    for (const answer of answers) counts.set(answer.url, (counts.get(answer.url) ?? 0) + 1);
    expect([...counts].filter(([, count]) => count > 1)).toEqual([]);

    // A change after the join is still pushed, and its answer read again.
    const bio = `Left back since ${Date.now()}`;
    expect(
      (await player.post('/api/edit-user', { username: 'player', bio, profilePicture: '/avatars/2.svg' })).status,
    ).toBe(200);
    await expect.poll(() => page.getByLabel('Bio').inputValue()).toBe(bio);
    await context.close();
  }, 180_000);
});
