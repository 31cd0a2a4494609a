import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import {
  HttpBrowser,
  readForm,
  type Page,
} from '@playtime/shared/infra/identity/embedded-provider/testing/http-browser';
import { EMBEDDED_CLIENT_ID } from '@playtime/shared/infra/runtime/identity';
import { NO_ROUTE_HEADER } from '@playtime/shared/contract/headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/accounts';
import { ApiClient, accessTokenFor, authorizationRequest, signIn } from '../support/api-client';
import { connectSocket } from '../support/sockets';
import { waitFor } from '../support/wait';
import { startTestApp, type TestApp } from '../support/standalone-app';

/** Well under the read wait the app runs with here: an answer this quick did not wait for it. */
const READ_WAIT_MS = 10_000;
const QUICK_MS = 3_000;
const FAR_FUTURE = '9000000000000:9000000000000';
const METRICS_TOKEN = 'metrics-token-for-tests';

function cspOf(page: { headers: Headers }): Map<string, string[]> {
  const header = page.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .filter((part) => part.trim())
      .map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name!, values];
      }),
  );
}

/** Every inline script of a page is allowed by its hash in script-src, or it would not run. */
function expectInlineScriptsAllowed(page: Page): void {
  const scripts = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  expect(scripts.length, page.body).toBeGreaterThan(0);
  const allowed = cspOf(page).get('script-src') ?? [];
  for (const script of scripts)
    expect(allowed).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
}

function expectNoFraming(page: { headers: Headers; url?: string }): void {
  expect(cspOf(page).get('frame-ancestors'), page.url).toEqual(["'none'"]);
  expect(page.headers.get('x-frame-options'), page.url).toBe('DENY');
  expect(page.headers.get('x-content-type-options'), page.url).toBe('nosniff');
  expect(page.headers.get('referrer-policy'), page.url).toBe('no-referrer');
}

const authorizeUrl = (appUrl: string, extra: Record<string, string> = {}) =>
  authorizationRequest(appUrl, appUrl, extra).url;

describe('security of the standalone app over HTTP', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ READ_WAIT_MS: String(READ_WAIT_MS), METRICS_TOKEN });
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it('logs in from every loopback address of the app, with the one issuer', async () => {
    for (const appOrigin of [
      `http://127.0.0.1:${app.port}`,
      `http://[::1]:${app.port}`,
      `http://localhost:${app.port}`,
    ]) {
      const token = await accessTokenFor(app.url, 'player@playtime.test', 'playtime', appOrigin);
      expect(decodeJwt(token).iss, appOrigin).toBe(`${app.url}/`);
      expect((await new ApiClient(`http://127.0.0.1:${app.port}`, token).get('/api/get-user')).status).toBe(200);
    }
  });

  it('refuses a redirect to an address the app is not served at', async () => {
    await expect(accessTokenFor(app.url, 'player@playtime.test', 'playtime', 'http://evil.example')).rejects.toThrow();
  });

  it('answers an unauthenticated read with a far-future X-Playtime-After at once', async () => {
    const started = Date.now();
    const answer = await new ApiClient(app.url, null).call('GET', '/api/get-user', undefined, {
      'x-playtime-after': FAR_FUTURE,
    });
    expect(answer.status).toBe(401);
    expect(Date.now() - started).toBeLessThan(QUICK_MS);
  });

  it('answers an invalid token with a far-future X-Playtime-After at once', async () => {
    const started = Date.now();
    const answer = await new ApiClient(app.url, 'not-a-token').call('GET', '/api/get-user', undefined, {
      'x-playtime-after': FAR_FUTURE,
    });
    expect(answer.status).toBe(401);
    expect(Date.now() - started).toBeLessThan(QUICK_MS);
  });

  it('does not hold a signed-in read for a position beyond the log, and still waits for a real one', async () => {
    const player = await signedIn(app.url, 'player');
    const started = Date.now();
    const beyond = await player.call('GET', '/api/get-user', undefined, { 'x-playtime-after': FAR_FUTURE });
    expect(beyond.status).toBe(200);
    expect(beyond.headers.get('x-playtime-stale')).toBeNull();
    expect(Date.now() - started).toBeLessThan(QUICK_MS);

    const edit = await player.post('/api/edit-user', {
      username: 'player',
      bio: 'read your writes',
      profilePicture: '/avatars/2.svg',
    });
    expect(edit.status).toBe(200);
    const after = await player.get('/api/get-user');
    expect(after.headers.get('x-playtime-stale')).toBeNull();
    expect((after.json as { bio: string }).bio).toBe('read your writes');
  });

  it('sends the security headers on the API, the ops routes, unknown paths and the login page', async () => {
    for (const path of [
      '/api/public-config',
      '/api/get-user',
      '/healthz',
      '/no-such-page',
      '/.well-known/openid-configuration',
    ]) {
      const response = await fetch(`${app.url}${path}`);
      expectNoFraming({ headers: response.headers, url: path });
      const csp = cspOf(response);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      // Only the app's own pictures: an image from another site could track who views the page.
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('img-src')).not.toContain('https:');
      expect(csp.get('style-src')).toContain("'unsafe-inline'");
      // CSP cannot name an IPv6 literal, so [::1] is allowed as any host at the app's port.
      expect(csp.get('form-action')).toEqual(
        expect.arrayContaining([`http://127.0.0.1:${app.port}`, `http://*:${app.port}`]),
      );
      expect(csp.get('connect-src')).toContain(app.url);
      expect(csp.get('frame-src')).toContain(app.url);
    }
    const loginPage = await new HttpBrowser().navigate(authorizeUrl(app.url));
    expect(loginPage.status).toBe(200);
    expect(loginPage.body).toContain('<form');
    expectNoFraming(loginPage);
    // The app's mark and its 'pitch' primary green (web/src/app/theme.ts), not Mantine's default blue.
    expect(loginPage.body).toContain('<img src="data:image/svg+xml;base64,');
    expect(loginPage.body).toContain('#1f994b');
    expect(loginPage.body).not.toContain('#228be6');
    expect(cspOf(loginPage).get('img-src')).toContain('data:');
    expect(cspOf(loginPage).get('img-src')).not.toContain('https:');
  });

  it('sends HSTS only over https, and a Permissions-Policy that allows geolocation and the camera only to the app', async () => {
    const overHttp = await fetch(`${app.url}/api/public-config`);
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
    // This test runs on the machine, which is the trusted proxy by default: its word on the scheme counts.
    const overHttps = await fetch(`${app.url}/api/public-config`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    for (const response of [overHttp, await fetch(`${app.url}/no-such-page`)]) {
      const policy = response.headers.get('permissions-policy') ?? '';
      expect(policy).toContain('geolocation=(self)');
      expect(policy).toContain('camera=(self)');
      expect(policy).toContain('microphone=()');
    }
  });

  it('asks for the anti-forgery pair only where no bearer token speaks for the caller', async () => {
    const token = await accessTokenFor(app.url, 'player@playtime.test');
    const call = (headers: Record<string, string>) =>
      fetch(`${app.url}/api/edit-user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ username: 'player', bio: 'Sundays', profilePicture: '/avatars/2.svg' }),
      });
    const withBearerOnly = await call({ authorization: `Bearer ${token}` });
    expect(withBearerOnly.status, await withBearerOnly.text()).toBe(200);
    const withoutEither = await call({});
    expect(withoutEither.status).toBe(403);
    expect(((await withoutEither.json()) as { error: { code: string } }).error.code).toBe('xsrf');
  });

  it('answers a known path asked with the wrong method 405 with Allow, and an unknown path 404', async () => {
    const get = await fetch(`${app.url}/api/edit-user`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(((await get.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
    const post = await new ApiClient(app.url, null).call('POST', '/api/public-config', {});
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    // The webhook endpoint is mounted before the JSON parser, among the raw routes, and counts too.
    const webhook = await fetch(`${app.url}/api/payments/webhook`);
    expect([webhook.status, webhook.headers.get('allow')]).toEqual([405, 'POST']);
    const unknown = await fetch(`${app.url}/api/no-such-call`);
    expect(unknown.status).toBe(404);
    // Marked, so a proxy in front of services with half the routes each asks the other half (deploy/Caddyfile).
    expect(unknown.headers.get(NO_ROUTE_HEADER)).toBe('true');
    const noGame = await fetch(`${app.url}/api/get-game-data?gameId=00000000-0000-4000-8000-000000000000`);
    expect([noGame.status, noGame.headers.get(NO_ROUTE_HEADER)]).toEqual([404, null]);
  });

  it("marks a signed-in user's answers private, so no shared cache keeps them", async () => {
    const player = await signedIn(app.url, 'player');
    const own = await player.get('/api/get-user');
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toMatch(/\bprivate\b/);
  });

  it("lets the SDK's silent check answer inside its iframe, and only that answer", async () => {
    const browser = new HttpBrowser();
    const loginPage = await browser.navigate(authorizeUrl(app.url));
    await browser.submit(
      readForm(loginPage.body, loginPage.url),
      { email: 'player@playtime.test', password: 'playtime' },
      (url) => url.startsWith(`${app.url}/?`),
    );

    const silent = await browser.navigate(authorizeUrl(app.url, { prompt: 'none', response_mode: 'web_message' }));
    expect(silent.status).toBe(200);
    expect(silent.body).toContain("type: 'authorization_response'");
    expect(silent.body).toContain('code');
    expect(silent.headers.get('x-frame-options')).toBeNull();
    expect(cspOf(silent).has('frame-ancestors')).toBe(false);
    expectInlineScriptsAllowed(silent);

    const signOut = await browser.navigate(
      `${app.url}/v2/logout?client_id=${EMBEDDED_CLIENT_ID}&returnTo=${encodeURIComponent(`${app.url}/`)}`,
    );
    expect(signOut.status).toBe(200);
    expect(signOut.body).toContain('op.logoutForm');
    expectNoFraming(signOut);
    expectInlineScriptsAllowed(signOut);
  });

  it('ends the session at logout: the API and sockets refuse its tokens within seconds, other sessions carry on', async () => {
    const session = await signIn(app.url, 'captain@playtime.test');
    const other = await signIn(app.url, 'captain@playtime.test');
    const api = new ApiClient(app.url, session.token);
    expect((await api.get('/api/get-user')).status).toBe(200);
    const { socket, refusal } = await connectSocket(app, session.token);
    expect(refusal).toBeUndefined();
    const ended = new Promise<{ message: string }>((resolve) => socket.once('session_ended', resolve));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const loggedOutAt = Date.now();
    await session.logOut();
    const refused = await waitFor('the API to refuse the logged-out token', async () => {
      const answer = await api.get('/api/get-user');
      return answer.status === 401 ? answer : undefined;
    });
    expect(Date.now() - loggedOutAt).toBeLessThan(5_000);
    expect(refused.json).toMatchObject({
      error: { code: 'session_ended', message: 'You logged out of this session. Please log in again.' },
    });
    expect((await api.post('/api/edit-user', { username: 'captain-after-logout' })).status).toBe(401);
    expect(await ended).toEqual({ message: 'You logged out of this session.' });
    expect(await disconnected).toBe('io server disconnect');
    const again = await connectSocket(app, session.token);
    again.socket.close();
    expect(again.refusal?.data?.code).toBe('session_ended');

    // The same account's other session (another browser) is not logged out.
    expect((await new ApiClient(app.url, other.token).get('/api/get-user')).status).toBe(200);
  });

  it('serves /metrics to this machine, and elsewhere only with the bearer token', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(200);
    // A proxy on this machine forwarding a client from elsewhere.
    const remote = { 'x-forwarded-for': '203.0.113.7' };
    const refused = await fetch(`${app.url}/metrics`, { headers: remote });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    expect(
      (await fetch(`${app.url}/metrics`, { headers: { ...remote, authorization: 'Bearer wrong-token' } })).status,
    ).toBe(403);
    expect(
      (await fetch(`${app.url}/metrics`, { headers: { ...remote, authorization: `Bearer ${METRICS_TOKEN}` } })).status,
    ).toBe(200);
  });
});
