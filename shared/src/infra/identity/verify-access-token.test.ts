import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  exportSPKI,
  generateKeyPair,
  SignJWT,
  UnsecuredJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ROLE_CLAIM } from './demo-accounts';
import {
  bearerToken,
  createAccessTokenVerifier,
  UnauthorizedError,
  type UnauthorizedCode,
} from './verify-access-token';

const ISSUER = 'https://identity.playtime.test/';
const API = 'https://api.playtime.test';
const CLIENT_ID = 'playtime-web';
const now = () => Math.floor(Date.now() / 1000);

interface SigningKey {
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
  pem: string;
}

async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { privateKey, jwks: { keys: [jwk] }, pem: await exportSPKI(publicKey) };
}

describe('access-token verifier', () => {
  let ours: SigningKey;
  let theirs: SigningKey;

  function accessToken(claims: JWTPayload = {}, options: { key?: SigningKey; kid?: string; typ?: string } = {}) {
    return new SignJWT({ sub: 'user-1', iss: ISSUER, aud: API, iat: now(), exp: now() + 300, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'ours', typ: options.typ ?? 'at+jwt' })
      .sign((options.key ?? ours).privateKey);
  }

  async function refusal(
    token: string | undefined,
    verifier = createAccessTokenVerifier({ issuer: ISSUER, audience: API, jwks: ours.jwks }),
  ) {
    const error = await verifier.verify(token).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UnauthorizedError);
    return error as UnauthorizedError;
  }

  async function expectRefused(token: string | undefined, code: UnauthorizedCode) {
    const error = await refusal(token);
    expect(error.code).toBe(code);
    expect(error.status).toBe(401);
    return error;
  }

  beforeAll(async () => {
    ours = await signingKey('ours');
    theirs = await signingKey('theirs');
  });

  it('accepts a valid RS256 access token and returns who it is for', async () => {
    const verifier = createAccessTokenVerifier({ issuer: ISSUER, audience: API, jwks: ours.jwks });
    const token = await accessToken({
      email: 'player@playtime.test',
      name: 'Pat Player',
      nickname: 'player',
      picture: '/avatars/1.svg',
      email_verified: true,
      [DEMO_ROLE_CLAIM]: 'player',
    });
    await expect(verifier.verifyAuthorizationHeader(`Bearer ${token}`)).resolves.toEqual({
      sub: 'user-1',
      iss: ISSUER,
      email: 'player@playtime.test',
      name: 'Pat Player',
      nickname: 'player',
      picture: '/avatars/1.svg',
      demoRole: 'player',
      emailVerified: true,
    });
  });

  it('accepts Auth0-style tokens (typ JWT, several audiences, no profile claims)', async () => {
    const verifier = createAccessTokenVerifier({ issuer: ISSUER, audience: API, jwks: ours.jwks });
    const token = await accessToken({ aud: [API, `${ISSUER}userinfo`], scope: 'openid profile email' }, { typ: 'JWT' });
    await expect(verifier.verify(token)).resolves.toEqual({ sub: 'user-1', iss: ISSUER, emailVerified: false });
  });

  it('ignores a demo-role claim that is not a role', async () => {
    const verifier = createAccessTokenVerifier({ issuer: ISSUER, audience: API, jwks: ours.jwks });
    await expect(verifier.verify(await accessToken({ [DEMO_ROLE_CLAIM]: 'superuser' }))).resolves.toEqual({
      sub: 'user-1',
      iss: ISSUER,
      emailVerified: false,
    });
  });

  it('refuses a request without a token', async () => {
    const error = await expectRefused(undefined, 'missing_token');
    expect(error.message).toBe('You are not signed in. Please log in to continue.');
    expect(error.wwwAuthenticate).toBe('Bearer');
    const verifier = createAccessTokenVerifier({ issuer: ISSUER, audience: API, jwks: ours.jwks });
    await expect(verifier.verifyAuthorizationHeader('Basic dXNlcjpwYXNz')).rejects.toMatchObject({
      code: 'missing_token',
    });
    await expect(verifier.verifyAuthorizationHeader(undefined)).rejects.toMatchObject({ code: 'missing_token' });
    expect(bearerToken('bearer abc.def.ghi')).toBe('abc.def.ghi');
  });

  it('keeps trusting a verified token only until it expires (plus the clock tolerance)', async () => {
    const verifier = createAccessTokenVerifier({ issuer: ISSUER, audience: API, jwks: ours.jwks });
    const token = await accessToken({ exp: now() + 120 });
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'user-1' });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 150_000);
      await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'user-1' });
      vi.setSystemTime(Date.now() + 60_000);
      await expect(verifier.verify(token)).rejects.toMatchObject({ code: 'token_expired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an unsigned token (alg none)', async () => {
    const token = new UnsecuredJWT({ sub: 'user-1', iss: ISSUER, aud: API })
      .setIssuedAt()
      .setExpirationTime('5m')
      .encode();
    await expectRefused(token, 'invalid_token');
  });

  it('refuses an HS256 token signed with the public key as the secret', async () => {
    const token = await new SignJWT({ sub: 'user-1', iss: ISSUER, aud: API })
      .setProtectedHeader({ alg: 'HS256', kid: 'ours', typ: 'at+jwt' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(ours.pem));
    await expectRefused(token, 'invalid_token');
  });

  it('refuses a token for another audience', async () => {
    const error = await expectRefused(await accessToken({ aud: 'https://other-api.test' }), 'wrong_audience');
    expect(error.message).toBe('Your sign-in is not meant for the Playtime API. Please log in again.');
  });

  it('refuses an expired token, allowing 60 seconds of clock skew', async () => {
    const error = await expectRefused(await accessToken({ iat: now() - 3700, exp: now() - 90 }), 'token_expired');
    expect(error.message).toBe('Your session has expired. Please log in again.');
    expect(error.wwwAuthenticate).toContain('error="invalid_token"');
    const verifier = createAccessTokenVerifier({ issuer: ISSUER, audience: API, jwks: ours.jwks });
    await expect(verifier.verify(await accessToken({ exp: now() - 30 }))).resolves.toMatchObject({ sub: 'user-1' });
  });

  it('refuses a token that is not valid yet', async () => {
    await expectRefused(await accessToken({ nbf: now() + 600 }), 'invalid_token');
  });

  it('refuses an ID token used as an access token', async () => {
    const idToken = await new SignJWT({
      sub: 'user-1',
      iss: ISSUER,
      aud: CLIENT_ID,
      nonce: 'n-0S6_WzA2Mj',
      email: 'a@b.test',
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'ours' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(ours.privateKey);
    await expectRefused(idToken, 'not_an_access_token');
    // Even addressed to the API, the ID-token-only claims give it away.
    await expectRefused(await accessToken({ at_hash: 'x' }, { typ: 'JWT' }), 'not_an_access_token');
    await expectRefused(await accessToken({}, { typ: 'logout+jwt' }), 'not_an_access_token');
  });

  it('refuses a token bound to a key (DPoP), which a bearer-only API cannot check', async () => {
    expect((await refusal(await accessToken({ cnf: { jkt: 'thumbprint-of-the-client-key' } }))).code).toBe(
      'sender_constrained',
    );
  });

  it('refuses a token from another issuer, and one signed with another key', async () => {
    const foreign = await accessToken({ iss: 'https://evil.test/' }, { key: theirs, kid: 'theirs' });
    const error = await expectRefused(foreign, 'wrong_issuer');
    expect(error.message).toBe('Your sign-in comes from a different identity provider. Please log in again.');
    await expectRefused(await accessToken({}, { key: theirs, kid: 'theirs' }), 'invalid_token');
    await expectRefused(await accessToken({}, { key: theirs, kid: 'ours' }), 'invalid_token');
  });

  it('refuses a tampered or malformed token', async () => {
    const [header, , signature] = (await accessToken()).split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'admin', iss: ISSUER, aud: API, exp: now() + 300 })).toString(
      'base64url',
    );
    await expectRefused(`${header}.${payload}.${signature}`, 'invalid_token');
    await expectRefused('not-a-jwt', 'invalid_token');
    await expectRefused(await accessToken({ sub: undefined }), 'invalid_token');
  });

  describe('with keys fetched over HTTP', () => {
    let server: http.Server;
    let origin: string;

    beforeAll(async () => {
      server = http.createServer((req, res) => {
        if (req.url !== '/tenant/.well-known/jwks.json') return void res.writeHead(404).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ours.jwks));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('finds the key set at the issuer’s /.well-known/jwks.json by default', async () => {
      const issuer = `${origin}/tenant/`;
      const verifier = createAccessTokenVerifier({ issuer, audience: API });
      await expect(verifier.verify(await accessToken({ iss: issuer }))).resolves.toMatchObject({
        sub: 'user-1',
        iss: issuer,
      });
    });

    it('treats an unreachable key set as an outage, not as the user’s fault', async () => {
      const verifier = createAccessTokenVerifier({ issuer: ISSUER, audience: API, jwksUrl: `${origin}/missing.json` });
      const error = await verifier.verify(await accessToken()).catch((caught: unknown) => caught);
      expect(error).not.toBeInstanceOf(UnauthorizedError);
    });
  });
});
