/**
 * The first admin of a deployment (issue 28): `npm run create-admin -- EMAIL` against its settings
 * makes a verified account with a temporary password and the admin role; the first login with that
 * password asks for the admin's own before it goes on, and the temporary one is then spent.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpBrowser, readForm } from '@playtime/shared/infra/identity/embedded-provider/testing/http-browser';
import { ApiClient, accessTokenFor, authorizationRequest } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { waitFor } from '../support/wait';

const ROOT = path.resolve(import.meta.dirname, '../..');

function createAdmin(app: TestApp, email: string) {
  const run = spawnSync('npm', ['run', '--silent', 'create-admin', '--', email], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: app.databaseUrl, PUBLIC_URL: app.url, LOG_LEVEL: 'warn' },
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

describe('npm run create-admin', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await app?.dispose();
  });

  it('refuses what is not an email, and a deployment without its settings, saying what to give', () => {
    const wrong = createAdmin(app, 'not-an-email');
    expect(wrong.status).toBe(1);
    expect(wrong.err).toContain('Usage: npm run create-admin -- EMAIL');
    const unset = spawnSync('npm', ['run', '--silent', 'create-admin', '--', 'ops@example.com'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', PUBLIC_URL: '' },
    });
    expect(unset.status).toBe(1);
    expect(unset.stderr).toMatch(/DATABASE_URL: is required[\s\S]*PUBLIC_URL: is required/);
  });

  it('makes an admin whose temporary password works once, to choose their own', async () => {
    const made = createAdmin(app, 'Ops@Example.com');
    expect(made.status, made.err).toBe(0);
    expect(made.out).toContain(`ops@example.com is an admin of ${app.url}.`);
    const temporary = /^Temporary password: (\S+)$/m.exec(made.out)![1]!;

    const browser = new HttpBrowser();
    const { url } = authorizationRequest(app.url);
    const login = await browser.navigate(url);
    const asked = await browser.submit(readForm(login.body, login.url), {
      email: 'ops@example.com',
      password: temporary,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toContain('Choose your own password');
    const form = readForm(asked.body, asked.url);

    // The form's proof is this sign-in's: tampered with, it logs nobody in.
    const forged = await browser.submit(form, { proof: `${form.fields.proof}x`, password: 'a new password' });
    expect(forged.body).not.toContain('code=');
    expect(forged.body).toContain('Welcome back');
    const short = await browser.submit(form, { password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toContain('Password must be at least 8 characters');
    const chosen = await browser.submit(
      form,
      { password: 'my own admin password' },
      (next) => next.startsWith(app.url) && next.includes('code='),
    );
    expect(chosen.status, chosen.body.slice(0, 300)).toBe(0);

    await expect(accessTokenFor(app.url, 'ops@example.com', temporary)).rejects.toThrow();
    const admin = new ApiClient(app.url, await accessTokenFor(app.url, 'ops@example.com', 'my own admin password'));
    // Registered by another process (the script): the app's read model shows it once it has caught up.
    const me = await waitFor('the admin in read.users', async () => {
      const answer = await admin.get('/api/get-user');
      return answer.status === 200 ? answer.json : undefined;
    });
    expect(me).toMatchObject({ role: 'admin', email: 'ops@example.com' });
    expect((await admin.get('/api/get-users?page=0&pageSize=10')).status).toBe(200);

    // Again for the same address: a new temporary password for a lost one, still one admin.
    const again = createAdmin(app, 'ops@example.com');
    expect(again.status, again.err).toBe(0);
    const second = /^Temporary password: (\S+)$/m.exec(again.out)![1]!;
    expect(second).not.toBe(temporary);
  }, 120_000);
});
