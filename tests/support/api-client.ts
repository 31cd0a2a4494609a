import {
  formatCheckpoint,
  laterCheckpoint,
  parseCheckpoint,
  type LogCheckpoint,
} from '@playtime/shared/infra/eventstore/checkpoint';
import { createHash, randomBytes } from 'node:crypto';
import { HttpBrowser, readForm } from '@playtime/shared/infra/identity/embedded-provider/testing/http-browser';
import { EMBEDDED_AUDIENCE, EMBEDDED_CLIENT_ID } from '@playtime/shared/infra/runtime/identity';

/**
 * An authorization request as the SPA at `appOrigin` sends it to the provider at `appUrl` (code flow
 * + PKCE); `extra` adds or overrides parameters (prompt, response_mode).
 */
export function authorizationRequest(
  appUrl: string,
  appOrigin = appUrl,
  extra: Record<string, string> = {},
): { url: string; verifier: string } {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: EMBEDDED_CLIENT_ID,
    redirect_uri: appOrigin,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access',
    audience: EMBEDDED_AUDIENCE,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { url: `${appUrl}/authorize?${query}`, verifier };
}

/**
 * Logs in through the embedded provider's login page over HTTP (code flow + PKCE) and returns the
 * access token. `appOrigin`: where the SPA runs (its redirect URI and token calls' Origin), when it
 * is opened at another address than the provider's.
 */
export async function accessTokenFor(
  appUrl: string,
  email: string,
  password = 'playtime',
  appOrigin = appUrl,
): Promise<string> {
  return (await signIn(appUrl, email, password, appOrigin)).token;
}

/** A login as accessTokenFor does it, keeping the browser (its provider session cookie) to log out with. */
export async function signIn(
  appUrl: string,
  email: string,
  password = 'playtime',
  appOrigin = appUrl,
): Promise<{ token: string; refreshToken: string | undefined; logOut(): Promise<void> }> {
  const browser = new HttpBrowser();
  const { url, verifier } = authorizationRequest(appUrl, appOrigin);
  const loginPage = await browser.navigate(url);
  const back = await browser.submit(
    readForm(loginPage.body, loginPage.url),
    { email, password },
    (url) => url.startsWith(appOrigin) && url.includes('code='),
  );
  const code = new URL(back.url).searchParams.get('code');
  if (!code) throw new Error(`login of ${email} did not return a code: ${back.status} ${back.body.slice(0, 300)}`);
  const response = await fetch(`${appUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: appOrigin },
    body: new URLSearchParams({
      client_id: EMBEDDED_CLIENT_ID,
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: appOrigin,
    }).toString(),
  });
  const tokens = (await response.json()) as { access_token?: string; refresh_token?: string };
  if (!tokens.access_token) throw new Error(`token exchange failed: ${JSON.stringify(tokens)}`);
  if (response.headers.get('access-control-allow-origin') !== appOrigin)
    throw new Error(`the token answer does not let ${appOrigin} read it`);
  return {
    token: tokens.access_token,
    refreshToken: tokens.refresh_token,
    // What the SDK's logout does: /v2/logout, whose page submits the provider's confirmation form at once.
    async logOut() {
      const query = new URLSearchParams({ client_id: EMBEDDED_CLIENT_ID, returnTo: `${appOrigin}/` });
      const page = await browser.navigate(`${appUrl}/v2/logout?${query}`);
      const back = await browser.submit(readForm(page.body, page.url, 'op.logoutForm'), {}, (url) =>
        url.startsWith(appOrigin),
      );
      if (back.status !== 0)
        throw new Error(`logout did not return to the app: ${back.status} ${back.body.slice(0, 300)}`);
    },
  };
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Calls the API like the web app does: bearer token, the XSRF cookie echoed in X-XSRF-TOKEN, read-your-writes. */
export class ApiClient {
  private xsrf = 'test-xsrf-token-value';
  private lastPosition: LogCheckpoint | null = null;

  constructor(
    private readonly appUrl: string,
    private readonly token: string | null,
  ) {}

  async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = {
      cookie: `XSRF-TOKEN=${this.xsrf}`,
      'x-xsrf-token': this.xsrf,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...extraHeaders,
    };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (method === 'GET' && this.lastPosition) headers['x-playtime-after'] = formatCheckpoint(this.lastPosition);
    const response = await fetch(`${this.appUrl}${path}`, {
      method,
      headers,
      body:
        body === undefined
          ? undefined
          : body instanceof Uint8Array
            ? new Uint8Array(body)
            : typeof body === 'string'
              ? body
              : JSON.stringify(body),
    });
    // As the web's tracker does: a later answer naming an earlier place (a no-op on a quiet stream) never moves reads back.
    this.lastPosition = laterCheckpoint(
      this.lastPosition,
      parseCheckpoint(response.headers.get('x-playtime-position') ?? ''),
    );
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  /**
   * This client's next reads wait for `other`'s writes so far too: another user sees a change only
   * once it is projected, and a test that reads someone else's write must say so.
   */
  seesWritesOf(other: ApiClient): this {
    this.lastPosition = laterCheckpoint(this.lastPosition, other.lastPosition);
    return this;
  }

  get = (path: string) => this.call('GET', path);
  /**
   * A read the test needs to succeed: its JSON body, typed as the caller knows it. Any other answer than
   * 200 fails the test with the status and the body.
   */
  async read<Body>(path: string): Promise<Body> {
    const answer = await this.get(path);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.text}`);
    return answer.json as Body;
  }
  post = (path: string, body: unknown = {}) => this.call('POST', path, body);
  /** Sends a file's bytes as the body, as the web's file inputs do. */
  upload = (path: string, bytes: Uint8Array, contentType: string) =>
    this.call('POST', path, bytes, { 'content-type': contentType });
}
