/**
 * Issue #41, accounts: a password reset or change ends every session of the account (its access
 * tokens, refresh tokens and sockets) and uses up every open link of the account.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS, EMAIL_TEXTS } from '@playtime/shared/contract/email';
import { createPool, type Pool } from '@playtime/shared/infra/db/pool';
import { HttpBrowser, readForm } from '@playtime/shared/infra/identity/embedded-provider/testing/http-browser';
import { EMBEDDED_CLIENT_ID } from '@playtime/shared/infra/runtime/identity';
import { signedIn } from '../support/accounts';
import { ApiClient, accessTokenFor, authorizationRequest, signIn } from '../support/api-client';
import { postForm as post, signUpOnPage, waitForMail, type CaughtMail } from '../support/mail';
import { connectSocket } from '../support/sockets';
import { appWithAdmin } from '../support/standalone-app';
import { waitFor } from '../support/wait';

const PASSWORD = 'a good password';

describe('account security through the standalone app', () => {
  const suite = appWithAdmin();
  let pool: Pool;
  beforeAll(() => {
    pool = createPool(suite.app.databaseUrl);
  });
  // Every test signs up from this machine's address: each starts with its sign-up count cleared.
  beforeEach(async () => {
    await pool.query(`DELETE FROM identity_login_failures WHERE key LIKE 'signup:%'`);
  });
  afterAll(async () => {
    await pool?.end();
  });

  /** What the SDK does to renew its tokens: the refresh token at /oauth/token. */
  const refresh = (refreshToken: string) =>
    fetch(`${suite.app.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: suite.app.url },
      body: new URLSearchParams({
        client_id: EMBEDDED_CLIENT_ID,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      }).toString(),
    });
  const askForReset = async (email: string, notId?: number): Promise<CaughtMail> => {
    expect((await post(`${suite.app.url}/account/forgot-password`, { email })).status).toBe(200);
    return waitForMail(suite.admin, email, /Reset your Playtime password/, notId);
  };
  const resetWith = async (mail: CaughtMail, password: string) => {
    const form = readForm(await (await fetch(mail.link)).text(), mail.link);
    return post(form.action, { ...form.fields, password });
  };
  /** The reset form's POST with the link's token, as a page opened before the link was used up sends it. */
  const resetFromOpenPage = (mail: CaughtMail, password: string) =>
    post(`${suite.app.url}/account/reset-password`, { token: new URL(mail.link).searchParams.get('token')!, password });
  /** A signed-in session with its API client, refresh token and a connected socket that notes its end. */
  const openSession = async (email: string, password: string) => {
    const session = await signIn(suite.app.url, email, password);
    const api = new ApiClient(suite.app.url, session.token);
    await api.post('/api/register-user');
    expect((await api.get('/api/get-user')).status).toBe(200);
    const { socket, refusal } = await connectSocket(suite.app, session.token);
    expect(refusal).toBeUndefined();
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    return { ...session, api, socket, disconnected };
  };
  const expectEnded = async (session: Awaited<ReturnType<typeof openSession>>) => {
    const refused = await waitFor('the API to refuse the old session', async () => {
      const answer = await session.api.get('/api/get-user');
      return answer.status === 401 ? answer : undefined;
    });
    expect(refused.json).toMatchObject({ error: { code: 'session_ended' } });
    expect(await session.disconnected).toBe('io server disconnect');
    const renewed = await refresh(session.refreshToken!);
    expect(renewed.status).toBe(400);
    expect(((await renewed.json()) as { error: string }).error).toBe('invalid_grant');
  };

  it('a password reset ends every session of the account: access tokens, refresh tokens and sockets', async () => {
    await signUpOnPage(suite.app.url, 'stolen@example.com', 'Stolen', PASSWORD);
    const victim = await openSession('stolen@example.com', PASSWORD);
    const thief = await openSession('stolen@example.com', PASSWORD);
    expect(thief.refreshToken).toBeTruthy();
    // Another account's session is none of this.
    const bystander = await openSession('player@playtime.test', 'playtime');

    const mail = await askForReset('stolen@example.com');
    const done = await resetWith(mail, 'a brand new password');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(ACCOUNT_EMAIL_TEXTS.resetDone);

    await expectEnded(thief);
    await expectEnded(victim);
    expect((await bystander.api.get('/api/get-user')).status).toBe(200);
    expect((await refresh(bystander.refreshToken!)).status).toBe(200);
    bystander.socket.close();
    // The new password logs in as usual.
    const fresh = new ApiClient(
      suite.app.url,
      await accessTokenFor(suite.app.url, 'stolen@example.com', 'a brand new password'),
    );
    await fresh.post('/api/register-user');
    expect((await fresh.get('/api/get-user')).status).toBe(200);
  });

  it('a password change ends every other session of the account', async () => {
    await signUpOnPage(suite.app.url, 'changer@example.com', 'Changer', PASSWORD);
    const old = await openSession('changer@example.com', PASSWORD);
    // The account must replace its password at its next login (as after `npm run create-admin`).
    await pool.query(`UPDATE identity_accounts SET password_change_required = true WHERE email = $1`, [
      'changer@example.com',
    ]);
    const changed = await signInWithNewPassword('changer@example.com', PASSWORD, 'my changed password');
    await expectEnded(old);
    const api = new ApiClient(suite.app.url, changed);
    await api.post('/api/register-user');
    expect((await api.get('/api/get-user')).status).toBe(200);
  });

  it('a reset uses up every open link of the account: an older reset link no longer works', async () => {
    await signUpOnPage(suite.app.url, 'twice@example.com', 'Twice', PASSWORD);
    const first = await askForReset('twice@example.com');
    const second = await askForReset('twice@example.com', first.message.id);
    expect((await resetWith(second, 'the second password')).status).toBe(200);

    const stale = await resetFromOpenPage(first, 'the first password');
    expect(await (await fetch(first.link)).text()).toContain(ACCOUNT_EMAIL_TEXTS.linkUsed);
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain(ACCOUNT_EMAIL_TEXTS.linkUsed);
    await expect(accessTokenFor(suite.app.url, 'twice@example.com', 'the first password')).rejects.toThrow();
    expect(await accessTokenFor(suite.app.url, 'twice@example.com', 'the second password')).toBeTruthy();
  });

  it('a password change uses up the open reset links too', async () => {
    await signUpOnPage(suite.app.url, 'linked@example.com', 'Linked', PASSWORD);
    const mail = await askForReset('linked@example.com');
    await pool.query(`UPDATE identity_accounts SET password_change_required = true WHERE email = $1`, [
      'linked@example.com',
    ]);
    await signInWithNewPassword('linked@example.com', PASSWORD, 'my changed password');
    const stale = await resetFromOpenPage(mail, 'the link password');
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain(ACCOUNT_EMAIL_TEXTS.linkUsed);
  });

  it('refuses a name with a line break or another control character, saying so', async () => {
    const injected = 'E\r\nBcc: a@evil.test';
    const refusal = (label: string) => `${label} must be one line: no line breaks, tabs or other control characters.`;
    const browser = new HttpBrowser();
    const page = await browser.navigate(
      authorizationRequest(suite.app.url, suite.app.url, { screen_hint: 'signup' }).url,
    );
    const refused = await browser.submit(readForm(page.body, page.url), {
      email: 'injected@example.com',
      nickname: injected,
      password: PASSWORD,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(refusal('Nickname'));
    const { rowCount } = await pool.query(`SELECT 1 FROM identity_accounts WHERE email = 'injected@example.com'`);
    expect(rowCount).toBe(0);

    const player = await signedIn(suite.app.url, 'player');
    await player.post('/api/register-user');
    const renamed = await player.post('/api/edit-user', { username: injected });
    expect(renamed.status).toBe(400);
    expect(renamed.json).toMatchObject({ error: { message: expect.stringContaining(refusal('username')) } });
  });

  it('account mails (verification, password reset) carry no unsubscribe link nor List-Unsubscribe header', async () => {
    await signUpOnPage(suite.app.url, 'nolist@example.com', 'Nolist', PASSWORD);
    const verification = await waitForMail(suite.admin, 'nolist@example.com', /Verify your email/);
    const reset = await askForReset('nolist@example.com');
    for (const mail of [verification, reset]) {
      const headers = mail.message.headers.map((line) => line.name.toLowerCase());
      expect(headers).not.toContain('list-unsubscribe');
      expect(headers).not.toContain('list-unsubscribe-post');
      expect(mail.parsed.text).not.toMatch(/unsubscribe/i);
      expect(mail.parsed.html || '').not.toMatch(/unsubscribe/i);
    }
  });

  it('a sign-up with an email that has an account answers as a new sign-up and tells that address', async () => {
    const signUp = async (email: string) => {
      const browser = new HttpBrowser();
      const form = await browser.navigate(
        authorizationRequest(suite.app.url, suite.app.url, { screen_hint: 'signup' }).url,
      );
      const page = await browser.submit(readForm(form.body, form.url), {
        email,
        nickname: 'Someone',
        password: PASSWORD,
      });
      return { status: page.status, body: page.body.replaceAll(email, '<email>').replace(/interaction\/[^/"]+/g, '') };
    };
    await signUpOnPage(suite.app.url, 'owner.of@example.com', 'Owner', 'the owner password');
    const taken = await signUp('owner.of@example.com');
    const fresh = await signUp('brand.new@example.com');
    expect(taken.status).toBe(200);
    expect(taken).toEqual(fresh);
    expect(taken.body).toContain(ACCOUNT_EMAIL_TEXTS.signedUpTitle);
    expect(taken.body).not.toContain('already exists');

    const warning = await waitForMail(suite.admin, 'owner.of@example.com', /tried to sign up/);
    expect(warning.message.kind).toBe('sign-up-attempt');
    expect(warning.parsed.subject).toBe(EMAIL_TEXTS['sign-up-attempt'].subject);
    expect(warning.link).toBe(`${suite.app.url}/account/forgot-password`);
    // The account is as it was: its password still logs in.
    expect(warning.parsed.text).toContain('maybe you, Owner');
    expect(await accessTokenFor(suite.app.url, 'owner.of@example.com', 'the owner password')).toBeTruthy();
    // The newcomer logs in from the page that followed the sign-up.
    expect(await accessTokenFor(suite.app.url, 'brand.new@example.com', PASSWORD)).toBeTruthy();
  });

  /** Logs in with a password that must be replaced, replaces it on the new-password form; the new access token. */
  async function signInWithNewPassword(email: string, password: string, newPassword: string): Promise<string> {
    const browser = new HttpBrowser();
    const { url, verifier } = authorizationRequest(suite.app.url);
    const loginPage = await browser.navigate(url);
    const newPasswordPage = await browser.submit(readForm(loginPage.body, loginPage.url), { email, password });
    expect(newPasswordPage.status).toBe(200);
    const back = await browser.submit(
      readForm(newPasswordPage.body, newPasswordPage.url),
      { password: newPassword },
      (location) => location.startsWith(suite.app.url) && location.includes('code='),
    );
    const code = new URL(back.url).searchParams.get('code')!;
    const answer = await fetch(`${suite.app.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: suite.app.url },
      body: new URLSearchParams({
        client_id: EMBEDDED_CLIENT_ID,
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: suite.app.url,
      }).toString(),
    });
    return ((await answer.json()) as { access_token: string }).access_token;
  }
});
