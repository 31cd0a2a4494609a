import { createHash, randomBytes } from 'node:crypto';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokenVerifier } from '../verify-access-token';
import type { EmbeddedIdentityProvider } from './index';
import { HttpBrowser, readForm } from './testing/http-browser';
import { serveProvider, type ServedProvider } from './testing/served-provider';

/**
 * With refresh tokens kept in memory, @auth0/auth0-spa-js fetches tokens from a Web Worker that only
 * accepts exactly `<origin>/oauth/token`, so the standalone app mounts the provider at its origin root,
 * beside the SPA and the API.
 */
describe('embedded identity provider at the origin root, beside the app', () => {
  const API = 'https://api.playtime.test';
  let served: ServedProvider;
  let idp: EmbeddedIdentityProvider;
  let origin: string;

  beforeAll(async () => {
    served = await serveProvider(
      'identity_root',
      (at) => ({
        issuer: at,
        clientId: 'playtime-web',
        redirectUris: [`${at}/`],
        postLogoutRedirectUris: [`${at}/`],
        audience: API,
        seedDemoAccounts: true,
      }),
      (app, provider) => {
        app.use(express.json());
        app.use(provider.mountPath, provider.router);
        app.post('/api/echo', (req, res) => res.json(req.body));
        app.get('/{*path}', (_req, res) => res.type('html').send('<p>the SPA</p>'));
      },
    );
    ({ idp, origin } = served);
  });

  afterAll(async () => {
    await served?.close();
  });

  it('serves Auth0 paths at the root and leaves every other path to the app', async () => {
    expect(idp.mountPath).toBe('/');
    expect(idp.issuer).toBe(`${origin}/`);
    const discovery = (await (await fetch(`${origin}/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    expect(discovery.issuer).toBe(`${origin}/`);
    expect(discovery.token_endpoint).toBe(`${origin}/oauth/token`);
    expect(await (await fetch(`${origin}/search`)).text()).toBe('<p>the SPA</p>');
    const echo = await fetch(`${origin}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await echo.json()).toEqual({ a: 1 });
  });

  it('logs a demo user in and issues an access token for the API', async () => {
    const browser = new HttpBrowser();
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: 'playtime-web',
      redirect_uri: `${origin}/`,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      audience: API,
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const login = await browser.navigate(`${origin}/authorize?${query}`);
    expect(login.url).toContain(`${origin}/interaction/`);
    const back = await browser.submit(
      readForm(login.body, login.url),
      { email: 'owner@playtime.test', password: 'playtime' },
      (url) => url.startsWith(`${origin}/?`),
    );
    const code = new URL(back.url).searchParams.get('code')!;
    const response = await fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'playtime-web',
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: `${origin}/`,
      }),
    });
    const tokens = (await response.json()) as { access_token: string };
    const claims = await createAccessTokenVerifier({ issuer: idp.issuer, audience: API }).verify(tokens.access_token);
    expect(claims).toMatchObject({ email: 'owner@playtime.test', demoRole: 'field owner' });
  });
});
