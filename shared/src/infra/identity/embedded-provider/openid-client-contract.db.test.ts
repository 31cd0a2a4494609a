/**
 * The embedded identity provider driven by `openid-client`, a certified OpenID relying party nobody
 * here wrote: discovery, authorization code + PKCE, userinfo, refresh-token rotation, revocation and
 * RP-initiated logout, and that DPoP is neither advertised nor issued (the API takes bearer tokens).
 * Discovery advertises only what works, and forwarded headers count only from a trusted proxy.
 */
import type { Express } from 'express';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokenVerifier } from '../verify-access-token';
import type { EmbeddedIdentityProvider } from './index';
import { HttpBrowser, readForm } from './testing/http-browser';
import { serveProvider, type ServedProvider } from './testing/served-provider';

const API = 'https://api.playtime.test';
const CLIENT_ID = 'playtime-web';

describe('embedded identity provider, as openid-client sees it', () => {
  let served: ServedProvider;
  let idp: EmbeddedIdentityProvider;
  let origin: string;
  let app: Express;
  let config: oidc.Configuration;
  const redirectUri = () => `${origin}/`;

  beforeAll(async () => {
    served = await serveProvider(
      'identity_openid_client',
      (at) => ({
        issuer: at,
        clientId: CLIENT_ID,
        redirectUris: [`${at}/`],
        postLogoutRedirectUris: [`${at}/`],
        audience: API,
        seedDemoAccounts: true,
      }),
      (mounted, provider) => {
        app = mounted;
        mounted.use(provider.mountPath, provider.router);
      },
    );
    ({ idp, origin } = served);
    // The provider runs on plain http on loopback here; openid-client insists on https unless told.
    config = await oidc.discovery(new URL(origin), CLIENT_ID, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
  });

  afterAll(async () => {
    await served?.close();
  });

  /** Logs in through the provider's login page with the code flow and PKCE, as openid-client builds it. */
  async function logIn(parameters: Record<string, string> = {}, options?: { DPoP?: oidc.DPoPHandle }) {
    const browser = new HttpBrowser();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: 'openid profile email offline_access',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      // offline_access needs consent under OpenID Connect; the provider grants it to its one first-party client.
      prompt: 'consent',
      ...parameters,
    });
    const login = await browser.navigate(url.href);
    const back = await browser.submit(
      readForm(login.body, login.url),
      { email: 'player@playtime.test', password: 'playtime' },
      (location) => location.startsWith(`${origin}/?`),
    );
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(back.url),
      { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce },
      undefined,
      options,
    );
    return { browser, tokens };
  }

  it('advertises in discovery only what works', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(`${origin}/`);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(metadata.grant_types_supported).not.toContain('implicit');
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['none']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect(metadata.claims_supported).not.toContain('sid');
    expect(metadata.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'name', 'picture']));
    expect(metadata.userinfo_endpoint).toBe(`${origin}/userinfo`);
    expect(metadata.revocation_endpoint).toBe(`${origin}/oauth/revoke`);
    expect(metadata.end_session_endpoint).toBe(`${origin}/v2/logout`);
    expect(metadata.dpop_signing_alg_values_supported).toBeUndefined();
  });

  it('runs the code flow with PKCE, issuing an ID token and, for the API named, an access token the API accepts', async () => {
    const { tokens } = await logIn({ audience: API });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: `${origin}/`, aud: CLIENT_ID, email: 'player@playtime.test' });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    const verified = await createAccessTokenVerifier({ issuer: idp.issuer, audience: API, jwks: idp.jwks }).verify(
      tokens.access_token,
    );
    expect(verified.sub).toBe(claims.sub);
  });

  it("answers userinfo with the profile for a login that names no API, and refuses the API's token there", async () => {
    const { tokens } = await logIn();
    const sub = tokens.claims()!.sub;
    const profile = await oidc.fetchUserInfo(config, tokens.access_token, sub);
    expect(profile).toMatchObject({ sub, email: 'player@playtime.test', email_verified: true });
    expect(profile.name).toEqual(expect.any(String));

    const forApi = await logIn({ audience: API });
    await expect(oidc.fetchUserInfo(config, forApi.tokens.access_token, sub)).rejects.toThrow();
  });

  it('rotates refresh tokens, and a spent one revokes the grant', async () => {
    const { tokens } = await logIn({ audience: API });
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeDefined();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Reusing the spent token was taken as theft: the rotated one went with it.
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('revokes a refresh token', async () => {
    const { tokens } = await logIn({ audience: API });
    await oidc.tokenRevocation(config, tokens.refresh_token!);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('logs out at the end-session endpoint, back to the app, ending the tokens of the session', async () => {
    const { browser, tokens } = await logIn({ audience: API });
    const logout = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: redirectUri(),
    });
    const confirm = await browser.navigate(logout.href);
    expect(confirm.status).toBe(200);
    const back = await browser.submit(readForm(confirm.body, confirm.url), {}, (location) =>
      location.startsWith(redirectUri()),
    );
    expect(back.status).toBe(0);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('issues a bearer token, not a DPoP-bound one, even to a client that sends a DPoP proof', async () => {
    const keys = await oidc.randomDPoPKeyPair('ES256');
    const { tokens } = await logIn({ audience: API }, { DPoP: oidc.getDPoPHandle(config, keys) });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(
      (
        await createAccessTokenVerifier({ issuer: idp.issuer, audience: API, jwks: idp.jwks }).verify(
          tokens.access_token,
        )
      ).sub,
    ).toBe(tokens.claims()!.sub);
  });

  it('takes the host and scheme from X-Forwarded-* only when the peer is a trusted proxy', async () => {
    const discover = async () =>
      (await (
        await fetch(`${origin}/.well-known/openid-configuration`, {
          headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        })
      ).json()) as { token_endpoint: string };
    try {
      app.set('trust proxy', false);
      expect((await discover()).token_endpoint).toBe(`${origin}/oauth/token`);
      // This test's own address, 127.0.0.1, as the configured proxy: its word counts.
      app.set('trust proxy', 'loopback');
      expect((await discover()).token_endpoint).toBe('https://evil.example/oauth/token');
    } finally {
      app.set('trust proxy', false);
    }
  });
});
