import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS } from '../../../contract/email';
import { DEMO_PASSWORD } from '../demo-accounts';
import type pg from 'pg';
import { createTestDatabase } from '../../../../../tests/support/postgres';
import { migrate } from '../../db/migrations';
import { createPool } from '../../db/pool';
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  delayAfter,
  FORGET_AFTER_SECONDS,
  LINK_ADDRESS_POLICY,
  LoginThrottle,
  SIGNUP_POLICY,
  waitInWords,
} from './login-throttle';
import { identityMigrations } from './schema';
import type { HtmlForm } from './testing/http-browser';
import { HttpBrowser, readForm, type Page } from './testing/http-browser';
import { serveProvider, type ServedProvider } from './testing/served-provider';

describe('login throttling policy', () => {
  it('lets a few failures pass, then doubles the delay up to a cap of a few minutes', () => {
    const delays = Array.from({ length: 20 }, (_, index) => delayAfter(index + 1, ACCOUNT_POLICY));
    expect(delays.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(delays.slice(5, 10)).toEqual([1, 2, 4, 8, 16]);
    expect(Math.max(...delays)).toBe(300);
    expect(delayAfter(1_000_000, ADDRESS_POLICY)).toBe(300);
  });

  it('says how long to wait in words', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(64)).toBe('1 minute 4 seconds');
    expect(waitInWords(300)).toBe('5 minutes');
  });
});

describe('login throttling at the login form', () => {
  const APP = 'http://app.playtime.test';
  let served: ServedProvider;
  let domain: string;
  let clock = Date.parse('2026-01-01T12:00:00Z');
  const advance = (seconds: number) => (clock += seconds * 1000);

  beforeAll(async () => {
    served = await serveProvider(
      'identity_throttle',
      (origin) => ({
        issuer: origin,
        clientId: 'playtime-web',
        redirectUris: [`${APP}/`],
        postLogoutRedirectUris: [`${APP}/`],
        audience: 'https://api.playtime.test',
        seedDemoAccounts: true,
        now: () => new Date(clock),
      }),
      (app, idp) => {
        // The tests play clients at several addresses through a proxy on this machine.
        app.set('trust proxy', 'loopback');
        app.use(idp.mountPath, idp.router);
      },
    );
    domain = served.origin;
  });

  afterAll(async () => {
    await served?.close();
  });

  /** A fresh authorization from `address`, up to its login (or sign-up) form, ready to be posted. */
  async function openForm(
    address: string,
    extra: Record<string, string> = {},
  ): Promise<{ post(values: Record<string, string>): Promise<Page> }> {
    const browser = new HttpBrowser({ 'x-forwarded-for': address });
    const query = new URLSearchParams({
      client_id: 'playtime-web',
      redirect_uri: `${APP}/`,
      response_type: 'code',
      scope: 'openid',
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
      ...extra,
    });
    const page = await browser.navigate(`${domain}/authorize?${query}`);
    expect(page.status).toBe(200);
    const form: HtmlForm = readForm(page.body, page.url);
    return { post: (values) => browser.submit(form, values, (url) => url.startsWith(APP)) };
  }

  /** One try at the login form from `address`: a fresh authorization, the form posted once. */
  async function logIn(email: string, password: string, address = '198.51.100.1'): Promise<Page> {
    return (await openForm(address)).post({ email, password });
  }
  const loggedIn = (page: Page) => page.status === 0 && new URL(page.url).searchParams.has('code');
  /** A sign-up taken: the login form follows, saying to check the mail (issue #41: the same whether the email had an account). */
  const signedUp = (page: Page) => page.status === 200 && page.body.includes(ACCOUNT_EMAIL_TEXTS.signedUpTitle);
  /** Whether the form was held back (429) before the password was looked at. */
  const held = (page: Page) => page.status === 429;

  it('holds an account back after a few wrong passwords, even with the right one, and tells when to retry', async () => {
    for (let attempt = 0; attempt < ACCOUNT_POLICY.free + 1; attempt += 1) {
      expect((await logIn('player@playtime.test', 'wrong password')).status).toBe(401);
    }
    const held = await logIn('player@playtime.test', DEMO_PASSWORD);
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toBe('1');
    expect(held.body).toContain('Too many failed log-ins. Wait 1 second, then try again.');
    // From another address too: the account itself is held.
    expect((await logIn('PLAYER@playtime.test', DEMO_PASSWORD, '198.51.100.2')).status).toBe(429);

    advance(1);
    expect((await logIn('player@playtime.test', 'wrong again')).status).toBe(401);
    expect((await logIn('player@playtime.test', DEMO_PASSWORD)).headers.get('retry-after')).toBe('2');
    advance(2);
    expect(loggedIn(await logIn('player@playtime.test', DEMO_PASSWORD))).toBe(true);

    // The success cleared the account's count: a few mistakes are free again.
    for (let attempt = 0; attempt < ACCOUNT_POLICY.free; attempt += 1) {
      expect((await logIn('player@playtime.test', 'wrong password', '198.51.100.3')).status).toBe(401);
    }
    expect(loggedIn(await logIn('player@playtime.test', DEMO_PASSWORD, '198.51.100.3'))).toBe(true);
  });

  it('never holds an account for more than a few minutes, and forgets old failures', async () => {
    let longest = 0;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const page = await logIn('captain@playtime.test', 'guess', `203.0.113.${attempt}`);
      const wait = Number(page.headers.get('retry-after') ?? 0);
      longest = Math.max(longest, wait);
      advance(wait);
    }
    expect(longest).toBe(ACCOUNT_POLICY.maxDelaySeconds);
    expect((await logIn('captain@playtime.test', DEMO_PASSWORD)).status).toBe(429);
    advance(ACCOUNT_POLICY.maxDelaySeconds);
    expect(loggedIn(await logIn('captain@playtime.test', DEMO_PASSWORD))).toBe(true);

    for (let attempt = 0; attempt < ACCOUNT_POLICY.free + 1; attempt += 1)
      await logIn('owner@playtime.test', 'guess', '203.0.113.200');
    expect((await logIn('owner@playtime.test', DEMO_PASSWORD, '203.0.113.201')).status).toBe(429);
    advance(FORGET_AFTER_SECONDS);
    expect(loggedIn(await logIn('owner@playtime.test', DEMO_PASSWORD, '203.0.113.201'))).toBe(true);
  });

  it('holds an address that fails across many accounts, and only that address', async () => {
    const attacker = '192.0.2.66';
    for (let attempt = 0; attempt < ADDRESS_POLICY.free + 1; attempt += 1) {
      expect((await logIn(`nobody${attempt}@playtime.test`, 'guess', attacker)).status).toBe(401);
    }
    const held = await logIn('admin@playtime.test', DEMO_PASSWORD, attacker);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(loggedIn(await logIn('admin@playtime.test', DEMO_PASSWORD, '192.0.2.67'))).toBe(true);
  });

  it('checks no more passwords of one account when 100 tries arrive at once than when they come one by one', async () => {
    await served.idp.accounts.create({ email: 'target@playtime.test', nickname: 'Target', password: 'the right one' });
    // Every try from its own address: only the account's count can hold them back.
    const forms = await Promise.all(Array.from({ length: 100 }, (_, index) => openForm(`198.18.0.${index}`)));
    const pages = await Promise.all(
      forms.map((form, index) => form.post({ email: 'target@playtime.test', password: `guess ${index}` })),
    );
    const checked = pages.filter((page) => !held(page));
    expect(checked).toHaveLength(ACCOUNT_POLICY.free + 1);
    for (const page of checked) expect(page.status).toBe(401);
    for (const page of pages.filter(held)) {
      expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(page.body).toContain('Too many failed log-ins.');
    }
    // The right password, sent now, is held back like the rest: it is not even checked.
    expect(held(await logIn('target@playtime.test', 'the right one', '198.18.1.1'))).toBe(true);
  });

  it('checks no more passwords from one address when 100 tries at 100 accounts arrive at once', async () => {
    const attacker = '192.0.2.99';
    const forms = await Promise.all(Array.from({ length: 100 }, () => openForm(attacker)));
    const pages = await Promise.all(
      forms.map((form, index) => form.post({ email: `victim${index}@playtime.test`, password: 'guess' })),
    );
    expect(pages.filter((page) => !held(page))).toHaveLength(ADDRESS_POLICY.free + 1);
    expect(pages.filter((page) => !held(page)).every((page) => page.status === 401)).toBe(true);
  });

  it('makes at most five accounts from one address, even when 100 sign-ups arrive at once, and says when to try again', async () => {
    const address = '203.0.113.150';
    const forms = await Promise.all(Array.from({ length: 100 }, () => openForm(address, { screen_hint: 'signup' })));
    const pages = await Promise.all(
      forms.map((form, index) =>
        form.post({ email: `made${index}@playtime.test`, nickname: `Made ${index}`, password: 'long enough' }),
      ),
    );
    expect(pages.filter(signedUp)).toHaveLength(SIGNUP_POLICY.free + 1);
    expect(SIGNUP_POLICY.free + 1).toBe(5);
    const refused = pages.filter(held);
    expect(refused).toHaveLength(95);
    expect(refused[0]!.headers.get('retry-after')).toBe('60');
    expect(refused[0]!.body).toContain('Too many accounts were made from your network. Wait 1 minute, then try again.');
    const { rows } = await served.pool.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM identity_accounts WHERE email LIKE 'made%'",
    );
    expect(rows[0]!.count).toBe(5);

    // Another address signs up as usual; this one waits a minute, then may make one more.
    expect(
      signedUp(
        await (
          await openForm('203.0.113.151', { screen_hint: 'signup' })
        ).post({ email: 'neighbour@playtime.test', nickname: 'Neighbour', password: 'long enough' }),
      ),
    ).toBe(true);
    advance(60);
    expect(
      signedUp(
        await (
          await openForm(address, { screen_hint: 'signup' })
        ).post({ email: 'later@playtime.test', nickname: 'Later', password: 'long enough' }),
      ),
    ).toBe(true);
    expect(
      held(
        await (
          await openForm(address, { screen_hint: 'signup' })
        ).post({ email: 'again@playtime.test', nickname: 'Again', password: 'long enough' }),
      ),
    ).toBe(true);
  });

  /** The n-th of a host's many addresses in one /64, as privacy addresses come. */
  const addressIn = (network: string, n: number) =>
    `${network}:${(n + 1).toString(16)}:${((n * 7919) % 0x10000).toString(16)}::1`;
  it('makes five accounts from one /64, whichever of its addresses asks', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 8; n += 1) {
      const page = await (
        await openForm(addressIn('2001:db8:a:1', n), { screen_hint: 'signup' })
      ).post({ email: `v6made${n}@playtime.test`, nickname: `Made ${n}`, password: 'long enough' });
      statuses.push(page.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // Another /64 is another network.
    const other = await (
      await openForm(addressIn('2001:db8:a:2', 0), { screen_hint: 'signup' })
    ).post({ email: 'v6other@playtime.test', nickname: 'Other', password: 'long enough' });
    expect(other.status).toBe(200);
  });

  it('holds a password spray over 30 accounts from 30 addresses of one /64', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 30; n += 1)
      statuses.push(
        (
          await (
            await openForm(addressIn('2001:db8:b:1', n))
          ).post({ email: `spray${n}@playtime.test`, password: 'guess' })
        ).status,
      );
    expect(statuses.filter((status) => status === 401)).toHaveLength(ADDRESS_POLICY.free + 1);
    expect(statuses.slice(ADDRESS_POLICY.free + 1).every((status) => status === 429)).toBe(true);
  });

  it('spaces out link asks from 30 addresses of one /64 after ten', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 30; n += 1) {
      const answer = await fetch(`${domain}/account/forgot-password`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': addressIn('2001:db8:c:1', n),
        },
        body: new URLSearchParams({ email: `asked${n}@playtime.test` }).toString(),
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(LINK_ADDRESS_POLICY.free + 1);
    expect(statuses.slice(LINK_ADDRESS_POLICY.free + 1).every((status) => status === 429)).toBe(true);
  });
});

describe('login throttling under a running clock', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase('identity_throttle_clock');
    pool = createPool(database.url);
    await migrate(pool, 'identity', identityMigrations);
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('never holds up tries within the free count, however long each waits for the lock behind the others', async () => {
    // Every reading of the clock is a second later than the one before: a try that read it before
    // waiting for the lock would find the others' tries in its future and be told to wait.
    let clock = Date.parse('2026-01-01T12:00:00Z');
    const throttle = new LoginThrottle(pool, () => new Date((clock += 1000)));
    const waits = await Promise.all(
      Array.from({ length: ADDRESS_POLICY.free }, async (_, index) => {
        const attempt = { email: `crowd${index}@playtime.test`, address: '203.0.113.9' };
        const wait = await throttle.reserveLogin(attempt);
        await throttle.loginSucceeded(attempt);
        return wait;
      }),
    );
    expect(waits).toEqual(Array.from({ length: ADDRESS_POLICY.free }, () => 0));
  });
});
