import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS } from '../../../contract/email';
import { createTestDatabase } from '../../../../../tests/support/postgres';
import { createPool } from '../../db/pool';
import { DEMO_PASSWORD, DEMO_ROLE_CLAIM } from '../demo-accounts';
import { SESSION_CLAIM } from '../ended-sessions';
import { createAccessTokenVerifier, UnauthorizedError } from '../verify-access-token';
import { createEmbeddedIdentityProvider, type EmbeddedIdentityProvider } from './index';
import { HttpBrowser, readForm, type Page } from './testing/http-browser';

const API = 'https://api.playtime.test';
const CLIENT_ID = 'playtime-web';
const APP = 'http://app.playtime.test';
const REDIRECT_URI = `${APP}/callback`;
const SCOPE = 'openid profile email offline_access';
const AUTH0_CLIENT = Buffer.from(JSON.stringify({ name: 'auth0-spa-js', version: '2.27.0' })).toString('base64');
const toApp = (url: string) => url.startsWith(APP);

interface TokenResponse {
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}

describe('embedded identity provider, as @auth0/auth0-spa-js uses it', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let server: http.Server;
  let handle: http.RequestListener = (_req, res) => res.end();
  let idp: EmbeddedIdentityProvider;
  let domain: string;

  async function startProvider(): Promise<EmbeddedIdentityProvider> {
    const provider = await createEmbeddedIdentityProvider({
      issuer: domain,
      pool,
      clientId: CLIENT_ID,
      redirectUris: [REDIRECT_URI],
      postLogoutRedirectUris: [`${APP}/`],
      audience: API,
      seedDemoAccounts: true,
      adminEmails: ['boss@playtime.test', 'impostor@playtime.test'],
    });
    const app = express();
    app.use(provider.mountPath, provider.router);
    handle = app;
    return provider;
  }

  beforeAll(async () => {
    database = await createTestDatabase('identity');
    pool = createPool(database.url);
    server = http.createServer((req, res) => handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    domain = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`;
    idp = await startProvider();
  });

  afterAll(async () => {
    await idp?.close();
    await new Promise((resolve) => server?.close(resolve));
    await pool?.end();
    await database?.drop();
  });

  function authorization(extra: Record<string, string> = {}) {
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(8).toString('hex');
    const nonce = randomBytes(8).toString('hex');
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      response_mode: 'query',
      scope: SCOPE,
      audience: API,
      state,
      nonce,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      auth0Client: AUTH0_CLIENT,
      ...extra,
    });
    return { url: `${domain}/authorize?${query}`, verifier, state, nonce };
  }

  async function token(
    body: Record<string, string>,
    origin = APP,
  ): Promise<{ status: number; json: TokenResponse; headers: Headers }> {
    const response = await fetch(`${domain}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'auth0-client': AUTH0_CLIENT },
      body: new URLSearchParams({ client_id: CLIENT_ID, ...body }).toString(),
    });
    return { status: response.status, json: (await response.json()) as TokenResponse, headers: response.headers };
  }

  function exchange(code: string, verifier: string) {
    return token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      audience: API,
      scope: SCOPE,
    });
  }

  function refresh(refreshToken: string) {
    return token({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      redirect_uri: REDIRECT_URI,
      audience: API,
      scope: SCOPE,
    });
  }

  function callbackParams(page: Page): URLSearchParams {
    expect(
      page.url.startsWith(REDIRECT_URI),
      `expected a redirect to the app, got ${page.status} ${page.url}\n${page.body}`,
    ).toBe(true);
    return new URL(page.url).searchParams;
  }

  /** The authorization response the silent-check iframe posts to the SDK (response_mode=web_message). */
  function webMessage(page: Page): Record<string, string> {
    const data = /var data = (\{[\s\S]*?\});\n/.exec(page.body);
    expect(data, page.body).not.toBeNull();
    const parsed = JSON.parse(data![1]!) as { response: Record<string, string>; redirect_uri: string };
    expect(parsed.redirect_uri).toBe(REDIRECT_URI);
    expect(page.body).toContain("type: 'authorization_response'");
    // The SDK closes its popup when the message arrives; a page that closes itself races it.
    expect(page.body).toContain('postMessage');
    expect(page.body).not.toContain('close()');
    return parsed.response;
  }

  async function logIn(browser: HttpBrowser, email: string, password = DEMO_PASSWORD) {
    const request = authorization();
    const loginPage = await browser.navigate(request.url);
    expect(loginPage.status).toBe(200);
    const page = await browser.submit(readForm(loginPage.body, loginPage.url), { email, password }, toApp);
    const params = callbackParams(page);
    expect(params.get('state')).toBe(request.state);
    const tokens = await exchange(params.get('code')!, request.verifier);
    expect(tokens.status, JSON.stringify(tokens.json)).toBe(200);
    return { request, tokens: tokens.json, headers: tokens.headers };
  }

  const browser = new HttpBrowser();
  const session: { accessToken?: string; idToken?: string; refreshTokens: string[]; sub?: string } = {
    refreshTokens: [],
  };

  it('publishes discovery with the issuer the SDK derives (domain plus slash) and Auth0 paths', async () => {
    const response = await fetch(`${domain}/.well-known/openid-configuration`);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${domain}/`);
    expect(idp.issuer).toBe(`${domain}/`);
    expect(discovery.authorization_endpoint).toBe(`${domain}/authorize`);
    expect(discovery.token_endpoint).toBe(`${domain}/oauth/token`);
    expect(discovery.revocation_endpoint).toBe(`${domain}/oauth/revoke`);
    expect(discovery.end_session_endpoint).toBe(`${domain}/v2/logout`);
    expect(discovery.jwks_uri).toBe(idp.jwksUrl);
    expect(discovery.response_modes_supported).toContain('web_message');
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = (await (await fetch(idp.jwksUrl)).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toEqual(idp.jwks.keys);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('shows its own login page, with the demo accounts, and refuses a wrong password', async () => {
    const loginPage = await browser.navigate(authorization().url);
    expect(loginPage.status).toBe(200);
    expect(loginPage.url).toContain('/oidc/interaction/');
    expect(loginPage.body).toContain('Playtime');
    expect(loginPage.body).toContain('player@playtime.test');
    expect(loginPage.body).toContain('<label for="password">Password');

    const refused = await browser.submit(readForm(loginPage.body, loginPage.url), {
      email: 'player@playtime.test',
      password: 'not-the-password',
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toContain('Incorrect email or password.');
    expect(refused.body).toContain('value="player@playtime.test"');
  });

  it('runs authorization code + PKCE through the login page and issues an RS256 access token for the API', async () => {
    const { request, tokens, headers } = await logIn(browser, 'player@playtime.test');
    expect(headers.get('access-control-allow-origin')).toBe(APP);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBeGreaterThan(0);

    const header = decodeProtectedHeader(tokens.access_token!);
    expect(header.alg).toBe('RS256');
    expect(header.typ).toBe('at+jwt');
    expect(header.kid).toBe(idp.jwks.keys[0]!.kid);
    const access = decodeJwt(tokens.access_token!);
    expect(access.aud).toBe(API);
    expect(access.iss).toBe(`${domain}/`);
    expect(access[DEMO_ROLE_CLAIM]).toBe('player');

    const id = decodeJwt(tokens.id_token!);
    expect(decodeProtectedHeader(tokens.id_token!).alg).toBe('RS256');
    expect(id).toMatchObject({
      iss: `${domain}/`,
      aud: CLIENT_ID,
      nonce: request.nonce,
      email: 'player@playtime.test',
      email_verified: true,
      name: 'Pat Player',
      nickname: 'player',
    });
    expect(id.picture).toMatch(/^\/avatars\/\d+\.svg$/);
    expect(id.sub).toBe(access.sub);

    session.accessToken = tokens.access_token;
    session.idToken = tokens.id_token;
    session.refreshTokens.push(tokens.refresh_token!);
    session.sub = id.sub;
  });

  it('issues tokens the access-token verifier accepts, over HTTP and with local keys', async () => {
    for (const verifier of [
      createAccessTokenVerifier({ issuer: idp.issuer, audience: API }),
      createAccessTokenVerifier({ issuer: idp.issuer, audience: API, jwks: idp.jwks }),
    ]) {
      await expect(verifier.verifyAuthorizationHeader(`Bearer ${session.accessToken}`)).resolves.toEqual({
        sub: session.sub,
        iss: `${domain}/`,
        email: 'player@playtime.test',
        name: 'Pat Player',
        nickname: 'player',
        picture: expect.stringMatching(/^\/avatars\//),
        demoRole: 'player',
        emailVerified: true,
        session: expect.any(String),
      });
      await expect(verifier.verify(session.idToken)).rejects.toMatchObject({ code: 'not_an_access_token' });
    }
  });

  it('rotates refresh tokens', async () => {
    const refreshed = await refresh(session.refreshTokens.at(-1)!);
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
    expect(refreshed.json.refresh_token).toBeTruthy();
    expect(refreshed.json.refresh_token).not.toBe(session.refreshTokens.at(-1));
    expect(decodeJwt(refreshed.json.access_token!).aud).toBe(API);
    expect(decodeJwt(refreshed.json.id_token!).sub).toBe(session.sub);
    session.refreshTokens.push(refreshed.json.refresh_token!);
  });

  it('answers CORS preflights for the SPA origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${domain}/oauth/token`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'auth0-client,content-type',
        },
      });
    const allowed = await preflight(APP);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('auth0-client');

    const foreign = await token(
      { grant_type: 'refresh_token', refresh_token: session.refreshTokens.at(-1)! },
      'http://evil.test',
    );
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the silent check (prompt=none, web_message) with a code, and its refresh token works', async () => {
    const request = authorization({ prompt: 'none', response_mode: 'web_message' });
    const page = await browser.navigate(request.url);
    expect(page.status).toBe(200);
    const response = webMessage(page);
    expect(response.state).toBe(request.state);
    const tokens = await exchange(response.code!, request.verifier);
    expect(tokens.status, JSON.stringify(tokens.json)).toBe(200);
    // The SDK asks for offline_access on every refresh; this token must allow it.
    const refreshed = await refresh(tokens.json.refresh_token!);
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
  });

  it('survives a restart: same signing key, same sessions, old refresh tokens still valid', async () => {
    await idp.close();
    const before = idp;
    idp = await startProvider();
    expect(idp.jwks).toEqual(before.jwks);

    const verifier = createAccessTokenVerifier({ issuer: idp.issuer, audience: API, jwks: idp.jwks });
    await expect(verifier.verify(session.accessToken)).resolves.toMatchObject({ sub: session.sub });

    const refreshed = await refresh(session.refreshTokens.at(-1)!);
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
    await expect(verifier.verify(refreshed.json.access_token)).resolves.toMatchObject({ sub: session.sub });
    session.refreshTokens.push(refreshed.json.refresh_token!);

    const request = authorization({ prompt: 'none', response_mode: 'web_message' });
    expect(webMessage(await browser.navigate(request.url)).code).toBeTruthy();
  });

  it('treats reuse of a rotated refresh token as theft', async () => {
    const reused = await refresh(session.refreshTokens[0]!);
    expect(reused.status).toBe(400);
    expect(reused.json.error).toBe('invalid_grant');
  });

  it('logs out through /v2/logout with returnTo, without a confirmation click, and revokes the tokens', async () => {
    const silentLogin = authorization({ prompt: 'none', response_mode: 'web_message' });
    const tokens = await exchange(webMessage(await browser.navigate(silentLogin.url)).code!, silentLogin.verifier);
    expect(tokens.status, JSON.stringify(tokens.json)).toBe(200);

    const query = new URLSearchParams({ client_id: CLIENT_ID, returnTo: `${APP}/`, auth0Client: AUTH0_CLIENT });
    const page = await browser.navigate(`${domain}/v2/logout?${query}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("getElementById('op.logoutForm').submit()");
    const form = readForm(page.body, page.url, 'op.logoutForm');
    expect(form.fields.logout).toBe('yes');
    const back = await browser.submit(form, {}, toApp);
    expect(back.url).toBe(`${APP}/`);

    const silent = authorization({ prompt: 'none', response_mode: 'web_message' });
    expect(webMessage(await browser.navigate(silent.url)).error).toBe('login_required');
    expect((await refresh(tokens.json.refresh_token!)).json.error).toBe('invalid_grant');
    // The session's access tokens are listed as ended, for the APIs to refuse (ended-sessions.ts).
    const ended = await pool.query('SELECT 1 FROM identity_ended_grants WHERE grant_id = $1', [
      decodeJwt(tokens.json.access_token!)[SESSION_CLAIM],
    ]);
    expect(ended.rowCount).toBe(1);
  });

  it('revokes a refresh token at /oauth/revoke', async () => {
    const { tokens } = await logIn(new HttpBrowser(), 'captain@playtime.test');
    const response = await fetch(`${domain}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP, 'auth0-client': AUTH0_CLIENT },
      body: new URLSearchParams({
        client_id: CLIENT_ID,
        token: tokens.refresh_token!,
        token_type_hint: 'refresh_token',
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect((await refresh(tokens.refresh_token!)).json.error).toBe('invalid_grant');
  });

  it('answers a silent check without a session with login_required, as the SDK expects', async () => {
    const request = authorization({ prompt: 'none', response_mode: 'web_message' });
    const response = webMessage(await new HttpBrowser().navigate(request.url));
    expect(response).toMatchObject({ error: 'login_required', state: request.state });
    expect(response.code).toBeUndefined();
  });

  it('signs up a new account with clear errors, then logs it in from the page that follows', async () => {
    const visitor = new HttpBrowser();
    const request = authorization({ screen_hint: 'signup' });
    const signup = await visitor.navigate(request.url);
    expect(signup.body).toContain('Create your account');
    const form = readForm(signup.body, signup.url);

    const short = await visitor.submit(form, { email: 'new@playtime.test', nickname: 'Newbie', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toContain('Password must be at least 8 characters');

    const taken = await visitor.submit(form, {
      email: 'Player@Playtime.test',
      nickname: 'Copycat',
      password: 'long enough',
    });
    // An email that has an account is not told apart (issue #41): its owner gets a mail about it.
    expect(taken.status).toBe(200);
    expect(taken.body).toContain(ACCOUNT_EMAIL_TEXTS.signedUpTitle);
    expect(taken.body).not.toContain('already exists');

    const signedUp = await visitor.submit(form, {
      email: 'new@playtime.test',
      nickname: 'Newbie',
      password: 'long enough',
    });
    expect(signedUp.status).toBe(200);
    expect(signedUp.body).toContain(ACCOUNT_EMAIL_TEXTS.signedUp('new@playtime.test'));
    // The login form follows, the email filled in.
    const created = await visitor.submit(readForm(signedUp.body, signedUp.url), { password: 'long enough' }, toApp);
    const tokens = await exchange(callbackParams(created).get('code')!, request.verifier);
    const claims = await createAccessTokenVerifier({ issuer: idp.issuer, audience: API, jwks: idp.jwks }).verify(
      tokens.json.access_token,
    );
    expect(claims).toMatchObject({ email: 'new@playtime.test', nickname: 'Newbie', name: 'Newbie' });
    expect(claims.demoRole).toBeUndefined();
    expect(decodeJwt(tokens.json.id_token!).email_verified).toBe(false);

    // The new password works on the login page too.
    await logIn(new HttpBrowser(), 'new@playtime.test', 'long enough');
  });

  it('suggests the admin role for configured admin emails only once the email is verified', async () => {
    await idp.accounts.create({
      email: 'boss@playtime.test',
      nickname: 'Boss',
      password: 'boss password',
      emailVerified: true,
    });
    const { tokens } = await logIn(new HttpBrowser(), 'boss@playtime.test', 'boss password');
    expect(decodeJwt(tokens.access_token!)[DEMO_ROLE_CLAIM]).toBe('admin');
    expect(decodeJwt(tokens.access_token!).email_verified).toBe(true);

    // Signing up with a configured admin address proves nothing about owning it.
    await idp.accounts.create({ email: 'impostor@playtime.test', nickname: 'Impostor', password: 'impostor password' });
    const impostor = await logIn(new HttpBrowser(), 'impostor@playtime.test', 'impostor password');
    expect(decodeJwt(impostor.tokens.access_token!)[DEMO_ROLE_CLAIM]).toBeUndefined();
    expect(decodeJwt(impostor.tokens.access_token!).email_verified).toBe(false);
  });

  it('refuses an authorization request without PKCE and an unknown API audience', async () => {
    const { url } = authorization();
    const withoutPkce = new URL(url);
    withoutPkce.searchParams.delete('code_challenge');
    withoutPkce.searchParams.delete('code_challenge_method');
    const refused = callbackParams(await new HttpBrowser().navigate(withoutPkce.href, {}, toApp));
    expect(refused.get('error')).toBe('invalid_request');

    const otherApi = callbackParams(
      await new HttpBrowser().navigate(authorization({ audience: 'https://other.test' }).url, {}, toApp),
    );
    expect(otherApi.get('error')).toBe('invalid_target');
  });

  it('maps verifier failures to UnauthorizedError', async () => {
    const verifier = createAccessTokenVerifier({
      issuer: idp.issuer,
      audience: 'https://another-api.test',
      jwks: idp.jwks,
    });
    const error = await verifier.verify(session.accessToken).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ code: 'wrong_audience', status: 401 });
  });
});
