/**
 * The README's distributed recipe, word for word, behind Caddy (issue 28): every line of its shell
 * block runs as an operator would type it, on the machine's PostgreSQL and Redis, with three settings
 * of the test's own: a fresh database in DATABASE_URL, SEED_DEMO=1 (the README's way to load the demo
 * accounts this journey logs in with) and Caddy's admin endpoint off. Then the whole journey runs
 * through the proxy's one address in Chromium: the first admin logs in with create-admin's temporary
 * password and chooses their own, a captain books and pays a slot, the payment's webhook comes back
 * through the proxy, a player joins and pays while the captain's page shows them arrive, and the
 * admin's history shows it all. Then one instance of each service is killed in turn (a command API, a
 * read API, a projector), and the journey runs again after each; and once while the projector owning
 * the projections hangs (SIGSTOP), which a standby replaces.
 */
import { createConnection } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { signedIn } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { addAvailableField } from '../support/fields';
import { createTestDatabase } from '../support/postgres';
import { waitFor } from '../support/wait';
import { DESKTOP, SCREENSHOTS, fillCard, launchBrowser, logIn, screenshot } from '../browser/support/browser';
import { HOUR, hhmm, nextGameStart, sameUtcDay } from '../browser/support/slots';
import { readRecipe, runCommand, startProcess, type RunningProcess } from './support/recipe';

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const ADMIN_PASSWORD = 'the deployment admin';
const FIELD = 'Deployment Park';
/** The journey runs five times (rounds 0 to 4 below), each round booking the hour after the last. */
const ROUNDS = 5;

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function ready(url: string): Promise<boolean> {
  return fetch(`${url}/readyz`).then(
    (response) => response.ok,
    () => false,
  );
}

describe.runIf(enabled)("the README's distributed recipe behind Caddy", () => {
  const processes: RunningProcess[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let publicUrl: string;
  let adminEmail: string;
  let temporaryPassword: string;
  let browser: Browser;
  let firstGameStart: number;

  const processOn = (port: number) => processes.find((running) => running.port === port)!;
  /** Every service's output, or the last `tail` characters of each. */
  const logsOf = (tail = Infinity) =>
    processes.map((running) => `--- ${running.line}\n${running.output().slice(-tail)}`).join('\n');

  beforeAll(async () => {
    database = await createTestDatabase('deploy');
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
    delete env.NODE_ENV;
    for (const step of readRecipe()) {
      if (step.kind === 'settings') {
        Object.assign(env, step.settings, { DATABASE_URL: database.url, SEED_DEMO: '1', CADDY_ADMIN: 'off' });
        if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
        continue;
      }
      if (step.kind === 'process') {
        if (step.port !== null) expect(await portInUse(step.port), `port ${step.port} is free`).toBe(false);
        processes.push(startProcess(step, env));
        continue;
      }
      if (/create-admin/.test(step.line)) {
        // The proxy first: the admin is made once the services answer behind it.
        await waitFor('the services behind the proxy', () => ready(env.PUBLIC_URL!), 120_000).catch((error) => {
          throw new Error(`${(error as Error).message}\n${logsOf()}`);
        });
        const printed = runCommand(step.line, env);
        adminEmail = /^(\S+@\S+) is an admin/m.exec(printed)![1]!;
        temporaryPassword = /^Temporary password: (\S+)$/m.exec(printed)![1]!;
        continue;
      }
      runCommand(step.line, env);
    }
    publicUrl = env.PUBLIC_URL!;
    expect(adminEmail, 'the recipe makes the first admin').toBeTruthy();
    for (const running of processes.filter((candidate) => candidate.port !== null))
      await waitFor(`${running.line} to be ready`, () => ready(`http://127.0.0.1:${running.port}`), 120_000);
    // Caddy sends an upstream traffic once its first health check has passed (every second): until then
    // a command through the proxy answers 503, as the README says. A command without a token is a 401.
    await waitFor(
      'Caddy to route commands',
      async () =>
        (await fetch(`${publicUrl}/api/register-user`, { method: 'POST' }).then((answer) => answer.status)) !== 503,
      30_000,
    );
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    browser = await launchBrowser();

    // The demo owner's field for the journey, with room for a game an hour for the rounds below.
    firstGameStart = nextGameStart(ROUNDS);
    const owner = await signedIn(publicUrl, 'owner');
    await addAvailableField(owner, {
      name: FIELD,
      address: '2 Deploy St',
      subFieldName: 'Pitch A',
      startDate: new Date(firstGameStart - HOUR).toISOString(),
      endDate: new Date(firstGameStart + (ROUNDS + 1) * HOUR).toISOString(),
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await pool?.end();
    // Clean stops first (they hand over what they hold), then whatever is left.
    await Promise.all(processes.map((running) => running.kill('SIGTERM')));
    await database?.drop();
  }, 60_000);

  /** The pages of the journey running now, by who uses them: what a failure report shows. */
  const openPages = new Map<string, Page>();

  async function pageAt(url: string, user: string): Promise<Page> {
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC' });
    const page = await context.newPage();
    openPages.set(user, page);
    await page.goto(url);
    return page;
  }

  /**
   * What each person's page showed when a journey failed (a screenshot, its dialogs and alerts) and the
   * end of every service's log: a failure in CI is then read from its output, not rerun to be seen.
   */
  async function failureReport(round: number): Promise<string> {
    const shown: string[] = [];
    for (const [user, page] of openPages) {
      if (page.isClosed()) continue;
      await page
        .screenshot({
          path: path.join(SCREENSHOTS, `deployment-round-${round + 1}-failed-${user}.png`),
          fullPage: true,
        })
        .catch(() => undefined);
      const notices = await page
        .locator('[role=dialog], [role=alert], .mantine-Notification-root')
        .allInnerTexts()
        .catch(() => []);
      shown.push(`${user} at ${page.url()}: ${notices.join(' | ').replace(/\s+/g, ' ') || '(no dialog or alert)'}`);
    }
    // Enough of each log to reach back to the failed step: Caddy logs a failed health check of a killed
    // service every second, which pushed its proxy errors out of a shorter tail.
    return `${shown.join('\n')}\n${await databaseConnections()}\n${logsOf(20_000)}`;
  }

  /**
   * Who holds the machine's PostgreSQL connections: a service whose readiness check cannot get one is
   * taken out of Caddy's pool, so a failure report says whether others (left over from earlier suites)
   * had crowded the server.
   */
  async function databaseConnections(): Promise<string> {
    try {
      const { rows } = await pool.query<{ database: string; application: string; n: string; max: string }>(
        `SELECT coalesce(datname, '-') AS database, coalesce(nullif(application_name, ''), '-') AS application,
                count(*) AS n, current_setting('max_connections') AS max
           FROM pg_stat_activity WHERE backend_type = 'client backend'
          GROUP BY 1, 2 ORDER BY n DESC`,
      );
      const total = rows.reduce((sum, row) => sum + Number(row.n), 0);
      return [
        `--- PostgreSQL: ${total} of ${rows[0]?.max ?? '?'} connections`,
        ...rows.map((row) => `${row.n}\t${row.database}\t${row.application}`),
      ].join('\n');
    } catch (error) {
      return `--- PostgreSQL: connections not read (${(error as Error).message})`;
    }
  }

  const succeededWebhooks = async () =>
    Number(
      (
        await pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM payment_webhook_events WHERE type = 'payment_intent.succeeded'`,
        )
      ).rows[0]!.n,
    );

  /** The journey through the one address; `round` picks its hour and names its game. */
  async function journey(round: number, adminPassword: string): Promise<void> {
    try {
      await journeySteps(round, adminPassword);
    } catch (error) {
      (error as Error).message += `\n${await failureReport(round)}`;
      throw error;
    } finally {
      for (const page of openPages.values()) await page.context().close();
      openPages.clear();
    }
  }

  async function journeySteps(round: number, adminPassword: string): Promise<void> {
    const gameStart = firstGameStart + round * HOUR;
    const gameName = `Deployment Cup ${round + 1}`;
    const webhooksBefore = await succeededWebhooks();

    // The captain books and pays an hour of the owner's pitch.
    const captain = await pageAt(publicUrl, 'captain');
    await logIn(captain, 'captain@playtime.test');
    await captain.getByRole('link', { name: 'Organize' }).first().click();
    await captain.getByRole('button', { name: 'Create New Game' }).click();
    await captain.getByLabel('Venue name').fill('Deployment');
    await captain.getByRole('button', { name: new RegExp(FIELD) }).click();
    await captain.getByRole('button', { name: 'Pitch A' }).click();
    if (!sameUtcDay(gameStart, Date.now())) await captain.getByRole('button', { name: 'Next day' }).click();
    await captain.getByRole('option', { name: `${hhmm(gameStart)} Free` }).click();
    await captain.getByRole('button', { name: 'Done' }).click();
    await captain.getByLabel('Game Name').fill(gameName);
    await captain.getByLabel('Price').fill('5');
    await captain.getByRole('button', { name: 'Done' }).click();
    await captain.getByRole('button', { name: 'Confirm', exact: true }).last().click();
    const rental = captain.getByRole('dialog', { name: 'Pay by card' });
    await fillCard(rental);
    await rental.getByRole('button', { name: /^Pay \$/ }).click();
    await captain.getByText('Game Created').waitFor({ timeout: 30_000 });
    const gameId = await waitFor('the game in the read model', async () => {
      const { rows } = await pool.query<{ game_id: string }>('SELECT game_id FROM read.games WHERE name = $1', [
        gameName,
      ]);
      return rows[0]?.game_id;
    });

    // The captain watches the game's page while a player, in another browser, joins and pays.
    await captain.goto(`${publicUrl}/game-details/${gameId}`);
    await captain.getByRole('heading', { name: gameName }).first().waitFor();
    const player = await pageAt(`${publicUrl}/game-details/${gameId}`, 'player');
    await logIn(player, 'player@playtime.test');
    await player.getByRole('button', { name: 'Join Game' }).click();
    const entry = player.getByRole('dialog', { name: 'Pay by card' });
    await fillCard(entry);
    await entry.getByRole('button', { name: 'Pay $5.00' }).click();
    await entry.waitFor({ state: 'hidden', timeout: 30_000 });
    await captain
      .getByRole('region', { name: 'Sideline' })
      .getByText('player', { exact: true })
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(captain, `deployment-round-${round + 1}-captain-sees-join`);

    // The processor's webhooks for the rental and the entry came back through the proxy.
    await waitFor('both payments webhooks', async () => (await succeededWebhooks()) >= webhooksBefore + 2, 60_000);

    // The admin's history shows the booking and the join.
    const admin = await pageAt(publicUrl, 'admin');
    const popupOpens = admin.context().waitForEvent('page');
    await admin.getByRole('button', { name: 'Log In' }).first().click();
    const popup = await popupOpens;
    await popup.getByLabel('Email').fill(adminEmail);
    await popup.getByLabel('Password').fill(adminPassword);
    await popup.getByRole('button', { name: 'Log in', exact: true }).click();
    if (adminPassword === temporaryPassword) {
      // create-admin's password is good for this one login, which asks for the admin's own.
      await popup.getByRole('heading', { name: 'Choose your own password' }).waitFor();
      await screenshot(popup, 'deployment-choose-password');
      await popup.getByLabel('New password').fill(ADMIN_PASSWORD);
      await popup.getByRole('button', { name: 'Save and log in' }).click();
    }
    await admin.getByRole('button', { name: 'Log Out' }).first().waitFor({ timeout: 30_000 });
    await admin.goto(`${publicUrl}/admin?tab=history`);
    const history = admin.getByRole('table', { name: 'Event history' });
    await history.getByText(new RegExp(`"${gameName}" scheduled at ${FIELD} · Pitch A`)).waitFor({ timeout: 30_000 });
    await history.getByText('player joined').first().waitFor();
    await screenshot(admin, `deployment-round-${round + 1}-admin-history`);
  }

  it('runs the whole journey through the one address', async () => {
    const home = await fetch(publicUrl);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${publicUrl}/.well-known/openid-configuration`)).status).toBe(200);
    await journey(0, temporaryPassword);
  }, 300_000);

  it('answers a path asked with the wrong method 405 with Allow through the proxy, as the standalone app does', async () => {
    // A command asked with GET reaches a read API first, which has no route for it.
    const get = await fetch(`${publicUrl}/api/edit-user`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const webhook = await fetch(`${publicUrl}/api/payments/webhook`);
    expect([webhook.status, webhook.headers.get('allow')]).toEqual([405, 'POST']);
    // A query asked with POST reaches a command API, and the proxy cannot hand its spent body on (deploy/Caddyfile).
    const post = await new ApiClient(publicUrl, null).call('POST', '/api/public-config', {});
    expect(post.status).toBe(404);
    const unknown = await fetch(`${publicUrl}/api/no-such-call`);
    expect(unknown.status).toBe(404);
    // A query's own 404 (no such game) is its answer, not a missing route: no other service is asked.
    const noGame = await fetch(`${publicUrl}/api/get-game-data?gameId=00000000-0000-4000-8000-000000000000`);
    expect(noGame.status).toBe(404);
    expect(((await noGame.json()) as { error: { code: string } }).error.code).toBe('game_not_found');
  });

  /** The recipe's projector process that holds the projections' leases now (its pid is in the holder's name). */
  async function owningProjector(): Promise<RunningProcess> {
    const { rows } = await pool.query<{ holder: string }>(
      'SELECT DISTINCT holder FROM projection_leases WHERE expires_at > now()',
    );
    expect(rows.length, 'one process holds every lease').toBe(1);
    const pid = Number(rows[0]!.holder.split('/')[1]);
    const owner = processes.find((running) => running.child.pid === pid);
    expect(owner, `the lease holder ${rows[0]!.holder} is one of the recipe's projectors`).toBeTruthy();
    return owner!;
  }

  /**
   * Caddy learns that a command API is gone at its next health check (deploy/Caddyfile: every second).
   * Until then, a command sent to it answers 502 on Caddy before 2.11.2, which loses the body of a POST
   * it tries on another upstream (Debian 12's is 2.6.2); newer Caddy delivers it to the live one. The
   * journey starts once ten commands with a body in a row reach a live command API (its refusal of a
   * command without a token, a 4xx), as half of them would not while the killed one is still in the rotation.
   */
  async function proxySendsCommandsToLiveApisOnly(): Promise<void> {
    let inARow = 0;
    const statuses: number[] = [];
    await waitFor(
      'Caddy to take the killed command API out of its rotation',
      async () => {
        const status = await fetch(`${publicUrl}/api/register-user`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }).then((answer) => answer.status);
        statuses.push(status);
        inARow = status < 500 ? inARow + 1 : 0;
        return inARow >= 10;
      },
      15_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: answers ${statuses.join(' ')}`);
    });
    // Never an outage: the live command API answered throughout (a 503 would say none was left).
    expect(statuses.filter((status) => status >= 500 && status !== 502)).toEqual([]);
  }

  it.each([
    ['a command API', 4001, 1, proxySendsCommandsToLiveApisOnly],
    ['a read API', 4011, 2, async () => {}],
  ])(
    'runs it again after %s is killed',
    async (_service, port, round, proxyHasNoticed) => {
      const victim = processOn(port);
      expect(victim, `the recipe starts a process on port ${port}`).toBeTruthy();
      await victim.kill('SIGKILL');
      await proxyHasNoticed();
      await journey(round, ADMIN_PASSWORD);
    },
    300_000,
  );

  it('runs it again while the projector owning the projections hangs (SIGSTOP), and the owner steps down when it wakes', async () => {
    const hung = await owningProjector();
    hung.child.kill('SIGSTOP');
    try {
      await journey(3, ADMIN_PASSWORD);
      expect(await owningProjector()).not.toBe(hung);
    } finally {
      hung.child.kill('SIGCONT');
    }
  }, 300_000);

  it('runs it again after the projector owning the projections is killed', async () => {
    const owner = await owningProjector();
    await owner.kill('SIGKILL');
    await journey(4, ADMIN_PASSWORD);
  }, 300_000);
});
