/**
 * Email (issue #31) over real HTTP, PostgreSQL and the embedded SMTP server: the verification and
 * reset links (once, expired, wrong), unsubscribing by link and by one-click header, and the outbox's
 * at-most-once sending when an attempt dies between claim and send or between send and record.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS, EMAIL_TEXTS, UNSUBSCRIBE_TEXTS } from '@playtime/shared/contract/email';
import { createPool, type Pool } from '@playtime/shared/infra/db/pool';
import {
  emailJobId,
  prepareEmailTables,
  startEmailWorker,
  type EmailWorker,
} from '@playtime/shared/infra/email/email-worker';
import { writeEmail, type EmailSettings } from '@playtime/shared/infra/email/outbox';
import { messageIdOf, sendOutboxRows } from '@playtime/shared/infra/email/sender';
import { startSmtpCatcher, type SmtpCatcher } from '@playtime/shared/infra/email/smtp-catcher';
import { loadUnsubscribeKey } from '@playtime/shared/infra/email/unsubscribe-tokens';
import { catcherTransport, smtpTransport } from '@playtime/shared/infra/email/transports';
import { HttpBrowser, readForm } from '@playtime/shared/infra/identity/embedded-provider/testing/http-browser';
import { createLogger } from '@playtime/shared/infra/logging';
import { freeServerPort } from '../support/ports';
import { signedIn } from '../support/accounts';
import { type ApiClient, accessTokenFor, authorizationRequest } from '../support/api-client';
import { signUpOnPage, waitForMail } from '../support/mail';
import { createTestDatabase } from '../support/postgres';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { waitFor } from '../support/wait';

const PASSWORD = 'a good password';

describe('email through the standalone app', () => {
  let app: TestApp;
  let admin: ApiClient;
  let pool: Pool;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await signedIn(app.url, 'admin');
    pool = createPool(app.databaseUrl);
  });
  afterAll(async () => {
    await pool?.end();
    await app?.dispose();
  });

  const post = (url: string, fields: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const verified = async (email: string) =>
    (
      await pool.query<{ email_verified: boolean }>('SELECT email_verified FROM identity_accounts WHERE email = $1', [
        email,
      ])
    ).rows[0]?.email_verified;

  it('the login page says where verification mail is read, standalone', async () => {
    const page = await new HttpBrowser().navigate(authorizationRequest(app.url).url);
    expect(page.body).toContain('Admin → Mail');
    expect(page.body).toContain('Forgot your password?');
    expect(page.body).toContain('href="/account/verify-email/resend"');
  });

  it('sign-up sends a verification mail whose link verifies once; a reuse is refused', async () => {
    await signUpOnPage(app.url, 'vera@example.com', 'Vera', PASSWORD);
    const mail = await waitForMail(admin, 'vera@example.com', /Verify your email/);
    expect(mail.message.kind).toBe('email-verification');
    expect(mail.parsed.subject).toBe(EMAIL_TEXTS['email-verification'].subject);
    expect(mail.parsed.text).toContain('Welcome to Playtime, Vera!');
    expect(mail.parsed.html).toContain(EMAIL_TEXTS['email-verification'].action);
    expect(mail.parsed.html).toContain(mail.link.replaceAll('&', '&#38;'));
    expect(await verified('vera@example.com')).toBe(false);

    // Opening the link (a mail scanner does as much) shows a button and spends nothing.
    const opened = await fetch(mail.link);
    expect(opened.status).toBe(200);
    const form = readForm(await opened.text(), mail.link);
    const first = await post(form.action, form.fields);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(ACCOUNT_EMAIL_TEXTS.verified);
    expect(await verified('vera@example.com')).toBe(true);

    const again = await post(form.action, form.fields);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(ACCOUNT_EMAIL_TEXTS.linkUsed);
    expect((await fetch(mail.link)).status).toBe(400);
  });

  it('a verification link sent again on request expires after 24 hours; a wrong one is refused', async () => {
    await signUpOnPage(app.url, 'evan@example.com', 'Evan', PASSWORD);
    const signUpMail = await waitForMail(admin, 'evan@example.com', /Verify your email/);
    const resendPage = await new HttpBrowser().navigate(`${app.url}/account/verify-email/resend`);
    const sent = await post(readForm(resendPage.body, resendPage.url).action, { email: 'evan@example.com' });
    expect(await sent.text()).toContain(ACCOUNT_EMAIL_TEXTS.sent);
    const resent = await waitForMail(admin, 'evan@example.com', /Verify your email/, signUpMail.message.id);
    expect(resent.link).not.toBe(signUpMail.link);

    // 24 hours pass (for this link: its expiry moved into the past).
    const token = new URL(resent.link).searchParams.get('token')!;
    await pool.query(
      `UPDATE identity_email_links SET expires_at = now() - interval '1 second'
       WHERE used_at IS NULL AND account_id = (SELECT account_id FROM identity_accounts WHERE email = $1)`,
      ['evan@example.com'],
    );
    const expired = await post(`${app.url}/account/verify-email`, { token });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain(ACCOUNT_EMAIL_TEXTS.linkExpired);
    const wrong = await post(`${app.url}/account/verify-email`, { token: `${token.slice(0, -2)}xx` });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(ACCOUNT_EMAIL_TEXTS.linkInvalid);
    expect(await verified('evan@example.com')).toBe(false);

    // Asking for an address without an account answers the same, and sends nothing.
    const nobody = await post(`${app.url}/account/verify-email/resend`, { email: 'nobody@example.com' });
    expect(await nobody.text()).toContain(ACCOUNT_EMAIL_TEXTS.sent);
  });

  it('a password reset link sets a new password once; reuse and expiry are refused', async () => {
    await signUpOnPage(app.url, 'rita@example.com', 'Rita', PASSWORD);
    const forgot = await new HttpBrowser().navigate(`${app.url}/account/forgot-password`);
    expect(forgot.status).toBe(200);
    await post(readForm(forgot.body, forgot.url).action, { email: 'rita@example.com' });
    const mail = await waitForMail(admin, 'rita@example.com', /Reset your Playtime password/);
    expect(mail.message.kind).toBe('password-reset');

    const formPage = await fetch(mail.link);
    expect(formPage.status).toBe(200);
    const form = readForm(await formPage.text(), mail.link);
    const tooShort = await post(form.action, { ...form.fields, password: 'short' });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain('Password must be at least 8 characters');
    const done = await post(form.action, { ...form.fields, password: 'a brand new password' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(ACCOUNT_EMAIL_TEXTS.resetDone);
    expect(await accessTokenFor(app.url, 'rita@example.com', 'a brand new password')).toBeTruthy();
    await expect(accessTokenFor(app.url, 'rita@example.com', PASSWORD)).rejects.toThrow();
    // The mail reached her: the reset proves the address too.
    expect(await verified('rita@example.com')).toBe(true);

    const reuse = await post(form.action, { ...form.fields, password: 'yet another password' });
    expect(reuse.status).toBe(400);
    expect(await reuse.text()).toContain(ACCOUNT_EMAIL_TEXTS.linkUsed);

    await post(`${app.url}/account/forgot-password`, { email: 'rita@example.com' });
    const second = await waitForMail(admin, 'rita@example.com', /Reset your Playtime password/, mail.message.id);
    await pool.query(`UPDATE identity_email_links SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const expired = await post(`${app.url}/account/reset-password`, {
      token: new URL(second.link).searchParams.get('token')!,
      password: 'yet another password',
    });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain(ACCOUNT_EMAIL_TEXTS.linkExpired);
  });

  it('spaces out asks for links per email and per network, alike for emails with and without an account', async () => {
    // This test's own counts: the asks of the tests above came from the same address.
    await pool.query(`DELETE FROM identity_login_failures WHERE key LIKE 'link-%'`);
    await signUpOnPage(app.url, 'lena@example.com', 'Lena', PASSWORD);
    const ask = (email: string) => post(`${app.url}/account/forgot-password`, { email });
    const resetMails = async (email: string) =>
      Number(
        (
          await pool.query<{ n: string }>(
            `SELECT count(*) AS n FROM email_outbox WHERE to_address = $1 AND kind = 'password-reset'`,
            [email],
          )
        ).rows[0]!.n,
      );
    for (const email of ['lena@example.com', 'ghost@example.com']) {
      expect((await ask(email)).status).toBe(200);
      expect((await ask(email)).status).toBe(200);
      const third = await ask(email);
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('60');
      expect(await third.text()).toContain(ACCOUNT_EMAIL_TEXTS.tooManyLinkRequests('1 minute'));
    }
    expect(await resetMails('lena@example.com')).toBe(2);
    expect(await resetMails('ghost@example.com')).toBe(0);

    // Many asks at once for one email: two are let through, as if they had come one after another.
    const atOnce = await Promise.all(Array.from({ length: 10 }, () => ask('mia@example.com')));
    expect(atOnce.map((answer) => answer.status).sort()).toEqual([200, 200, ...Array<number>(8).fill(429)]);

    // One network asking about ever new emails is spaced out too, after ten asks in all.
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) statuses.push((await ask(`walker${n}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('a mail that offers unsubscribing carries List-Unsubscribe with one-click; the link turns that kind off', async () => {
    // Account access mail (verification, reset) offers none (issue #41): an invitation does.
    await signUpOnPage(app.url, 'una@example.com', 'Una', PASSWORD);
    const account = await pool.query<{ account_id: string }>(
      "SELECT account_id FROM identity_accounts WHERE email = 'una@example.com'",
    );
    const accountId = account.rows[0]!.account_id;
    const settings: EmailSettings = { publicUrl: app.url, unsubscribeKey: await loadUnsubscribeKey(pool) };
    const mailOf = (requestedNow: boolean) => ({
      kind: 'partner-invitation' as const,
      accountId,
      to: 'una@example.com',
      nickname: 'Una',
      link: `${app.url}/`,
      requestedNow,
    });
    await writeEmail(pool, settings, mailOf(false));
    const mail = await waitForMail(admin, 'una@example.com', /Your field is approved/);
    expect(mail.message.messageId).toMatch(/^<outbox-\d+@localhost>$/);
    const header = (name: string) => mail.message.headers.find((line) => line.name.toLowerCase() === name)?.value;
    const unsubscribeUrl = /^<(.+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(unsubscribeUrl).toMatch(new RegExp(`^${app.url}/email/unsubscribe\\?token=`));
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.parsed.text).toContain(unsubscribeUrl);

    // The page's GET changes nothing; a bad token is refused.
    const page = await fetch(unsubscribeUrl);
    expect(await page.text()).toContain(UNSUBSCRIBE_TEXTS.button);
    expect((await pool.query('SELECT 1 FROM email_unsubscribes')).rowCount).toBe(0);
    expect((await fetch(`${unsubscribeUrl}x`)).status).toBe(400);

    // The mail client's one-click POST (RFC 8058).
    const oneClick = await post(unsubscribeUrl, { 'List-Unsubscribe': 'One-Click' });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain(UNSUBSCRIBE_TEXTS.done);
    expect((await pool.query('SELECT kind FROM email_unsubscribes WHERE account_id = $1', [accountId])).rows).toEqual([
      { kind: 'partner-invitation' },
    ]);
    // From now on that kind is not written for her, unless she asks for that very mail.
    expect(await writeEmail(pool, settings, mailOf(false))).toBeNull();
    expect(await writeEmail(pool, settings, mailOf(true))).toEqual(expect.any(Number));
  });

  it('the admin mail list pages by before and limit, and refuses bad values and other roles', async () => {
    const first = await admin.get('/api/admin/mail?limit=2');
    expect(first.status).toBe(200);
    const page = first.json as { items: { id: number }[]; next: number | null };
    expect(page.items).toHaveLength(2);
    expect(page.next).toBe(page.items[1]!.id);
    const second = (await admin.get(`/api/admin/mail?limit=2&before=${page.next}`)).json as typeof page;
    expect(second.items[0]!.id).toBeLessThan(page.next!);
    const bad = await admin.get('/api/admin/mail?limit=1000');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('limit must be a whole number from 1 to 100');
    expect((await admin.get('/api/admin/mail/999999')).status).toBe(404);
    const player = await signedIn(app.url, 'player');
    expect((await player.get('/api/admin/mail')).status).toBe(403);
  });
});

describe('the outbox sends each row at most once', () => {
  let database: { url: string; drop(): Promise<void> };
  let pool: Pool;
  let smtp: SmtpCatcher;
  const settings: EmailSettings = { publicUrl: 'http://playtime.test', unsubscribeKey: 'test-key' };
  const logger = createLogger('email-test');
  beforeAll(async () => {
    database = await createTestDatabase('email');
    pool = createPool(database.url);
    await prepareEmailTables(pool);
    // A real SMTP server started by the test, storing what it receives (the catcher is one).
    smtp = await startSmtpCatcher(pool);
  });
  afterAll(async () => {
    await smtp?.close();
    await pool?.end();
    await database?.drop();
  });

  const newMail = (to: string) =>
    writeEmail(pool, settings, {
      kind: 'password-reset',
      accountId: `account-${to}`,
      to,
      nickname: 'Tess',
      link: 'http://playtime.test/account/reset-password?token=t',
    }) as Promise<number>;
  const received = async (id: number) =>
    (await pool.query('SELECT 1 FROM caught_mail WHERE message_id = $1', [messageIdOf(id, 'playtime.test')])).rowCount;
  const stateOf = async (id: number) =>
    (await pool.query<{ state: string }>('SELECT state FROM email_outbox WHERE id = $1', [id])).rows[0]!.state;
  const worker = (options: Partial<Parameters<typeof startEmailWorker>[0]>) =>
    startEmailWorker({
      pool,
      databaseUrl: database.url,
      from: 'Playtime <no-reply@playtime.test>',
      publicUrl: settings.publicUrl,
      logger,
      backoffMs: 50,
      ...options,
    });
  const using = async (started: Promise<EmailWorker>, run: (worker: EmailWorker) => Promise<void>) => {
    const running = await started;
    try {
      await run(running);
    } finally {
      await running.close();
    }
  };

  /** Runs a worker with `options` until the row is in `state` (`what` names that wait), then stops it. */
  const runUntil = (
    options: Partial<Parameters<typeof startEmailWorker>[0]>,
    id: number,
    state: string,
    what: string,
  ) =>
    using(worker(options), async () => {
      await waitFor(what, async () => (await stateOf(id)) === state);
    });
  /** A worker hook that dies `what`, as a crashed worker would there, on each call `dies` picks; it counts its calls. */
  const crashing = (what: string, dies: (call: number) => boolean = () => true) => {
    const hook = Object.assign(
      async () => {
        hook.calls += 1;
        if (dies(hook.calls)) throw new Error(`the worker died ${what}`);
      },
      { calls: 0 },
    );
    return hook;
  };

  it('sends a row to SMTP_URL (nodemailer URL form) once, with the row id as Message-ID', async () => {
    const id = await newMail('one@example.com');
    await runUntil({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` }, id, 'sent', 'the mail sent');
    expect(await received(id)).toBe(1);
  });

  it('against an outside server, a crash between claim and send sends nothing by itself: the row ends unknown', async () => {
    const id = await newMail('claimed@example.com');
    const afterClaim = crashing('after claiming');
    const options = { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, hooks: { afterClaim } };
    await runUntil(options, id, 'unknown', 'the retry to give up on the claimed row');
    expect(afterClaim.calls).toBe(1);
    expect(await received(id)).toBe(0);
  });

  it('with the embedded catcher, a crash between claim and send is sent again: the catcher says it never came', async () => {
    const id = await newMail('claimed-caught@example.com');
    const afterClaim = crashing('after claiming', (call) => call === 1);
    const options = { transport: catcherTransport(smtp.port, pool), hooks: { afterClaim } };
    await runUntil(options, id, 'sent', 'the mail sent by the retry');
    expect(afterClaim.calls).toBe(2);
    expect(await received(id)).toBe(1);
  });

  it('against an outside server, a row left unknown is tried once more after a while, with the same Message-ID', async () => {
    const [once, always] = [await newMail('unknown-once@example.com'), await newMail('unknown-always@example.com')];
    const crashes = new Map<number, number>();
    await using(
      worker({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        unknownRetryAfterMs: 0,
        hooks: {
          afterClaim: async (id) => {
            crashes.set(id, (crashes.get(id) ?? 0) + 1);
            if (id === always || crashes.get(id) === 1) throw new Error('the worker died after claiming');
          },
        },
      }),
      async (running) => {
        await waitFor('the first row sent by its one more try', async () => (await stateOf(once)) === 'sent');
        await waitFor('the second row unknown after its one more try', async () => {
          const { rows } = await pool.query<{ state: string; attempts: number }>(
            'SELECT state, attempts FROM email_outbox WHERE id = $1',
            [always],
          );
          return rows[0]!.state === 'unknown' && rows[0]!.attempts === 2;
        });
        // Once is all: another look finds nothing more to try.
        expect(await running.retryUnknown()).toBe(0);
      },
    );
    expect([crashes.get(once), crashes.get(always)]).toEqual([2, 2]);
    expect([await received(once), await received(always)]).toEqual([1, 0]);
    expect(await stateOf(always)).toBe('unknown');
  });

  it('a crash after the server took the mail and before recording it: the retry finds it by Message-ID, one mail', async () => {
    const id = await newMail('mid-send@example.com');
    const afterSend = crashing('after sending');
    const options = { transport: catcherTransport(smtp.port, pool), hooks: { afterSend } };
    await runUntil(options, id, 'sent', 'the retry to record it sent');
    expect(afterSend.calls).toBe(1);
    expect(await received(id)).toBe(1);
  });

  it('against an outside server that cannot be asked, the same crash leaves one mail and the row unknown', async () => {
    const id = await newMail('outside@example.com');
    const options = { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, hooks: { afterSend: crashing('after sending') } };
    await runUntil(options, id, 'unknown', 'the row marked unknown');
    expect(await received(id)).toBe(1);
    const row = await pool.query<{ last_error: string }>('SELECT last_error FROM email_outbox WHERE id = $1', [id]);
    expect(row.rows[0]!.last_error).toContain(messageIdOf(id, 'playtime.test'));
  });

  it('while the SMTP server is down the row waits, and is sent once when it is back', async () => {
    const id = await newMail('later@example.com');
    const port = await freeServerPort();
    await using(worker({ smtpUrl: `smtp://127.0.0.1:${port}` }), async () => {
      await waitFor('a refused attempt', async () => {
        const { rows } = await pool.query<{ attempts: number; state: string }>(
          'SELECT attempts, state FROM email_outbox WHERE id = $1',
          [id],
        );
        return rows[0]!.attempts >= 2 && rows[0]!.state === 'pending';
      });
      const late = await startSmtpCatcher(pool, { port });
      try {
        await waitFor('the mail sent', async () => (await stateOf(id)) === 'sent', 30_000);
      } finally {
        await late.close();
      }
    });
    expect(await received(id)).toBe(1);
  });

  it('many rows, several workers at once: each row is sent exactly once', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, index) => newMail(`many${index}@example.com`)));
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    const workers = await Promise.all([worker({ smtpUrl }), worker({ smtpUrl }), worker({ smtpUrl })]);
    try {
      // Every worker relays every row at once: the job id dedupes, the claim decides.
      await Promise.all(workers.map((running) => running.relay()));
      await waitFor('every mail sent', async () => {
        const { rows } = await pool.query<{ sent: number }>(
          "SELECT count(*)::int AS sent FROM email_outbox WHERE id = ANY($1::bigint[]) AND state = 'sent'",
          [ids],
        );
        return rows[0]!.sent === ids.length;
      });
    } finally {
      await Promise.all(workers.map((running) => running.close()));
    }
    const { rows } = await pool.query<{ message_id: string; copies: number }>(
      `SELECT message_id, count(*)::int AS copies FROM caught_mail WHERE message_id = ANY($1) GROUP BY message_id`,
      [ids.map((id) => messageIdOf(id, 'playtime.test'))],
    );
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((row) => row.copies === 1)).toBe(true);
  });

  it('rows in two jobs at once (a relay repeated after a crash saw one row more): each sent once, none left unknown', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, (_, index) => newMail(`twice${index}@example.com`)));
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    // Each claim is held a moment before its send, so each job meets rows the other has claimed.
    const slowly = { afterClaim: () => new Promise<void>((resolve) => setTimeout(resolve, 150)) };
    const workers = await Promise.all([worker({ smtpUrl, hooks: slowly }), worker({ smtpUrl, hooks: slowly })]);
    try {
      const [first, second] = [ids.filter((_, index) => index !== 2), ids];
      await Promise.all([
        workers[0]!.queue.enqueue('send-email', { outboxIds: first }, { jobId: emailJobId(first) }),
        workers[1]!.queue.enqueue('send-email', { outboxIds: second }, { jobId: emailJobId(second) }),
      ]);
      await waitFor('both jobs finished', async () =>
        (await Promise.all(workers.map((running) => running.queue.counts()))).every(
          (counts) => counts.waiting + counts.active + counts.delayed === 0 && counts.completed >= 1,
        ),
      );
    } finally {
      await Promise.all(workers.map((running) => running.close()));
    }
    for (const id of ids) {
      expect(await stateOf(id)).toBe('sent');
      expect(await received(id)).toBe(1);
    }
  });

  it('a row another job has claimed is left to it; one this job claimed in an attempt that vanished is settled', async () => {
    const [theirs, ours] = [await newMail('theirs@example.com'), await newMail('ours@example.com')];
    await pool.query(
      `UPDATE email_outbox SET state = 'sending', claimed_by = CASE WHEN id = $1 THEN 'email-other' ELSE 'email-this' END
        WHERE id = ANY($2::bigint[])`,
      [theirs, [theirs, ours]],
    );
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`);
    try {
      const deps = { pool, transport, from: 'Playtime <no-reply@playtime.test>', messageIdDomain: 'playtime.test' };
      const outcomes = await sendOutboxRows(deps, [theirs, ours], { jobId: 'email-this', number: 2, last: false });
      expect(Object.fromEntries(outcomes)).toEqual({ [theirs]: 'claimed by another job', [ours]: 'unknown' });
    } finally {
      await transport.close();
    }
    expect([await stateOf(theirs), await stateOf(ours)]).toEqual(['sending', 'unknown']);
    expect([await received(theirs), await received(ours)]).toEqual([0, 0]);
  });

  it('a worker process killed while the server takes its mail: the next worker sends nothing more, one mail', async () => {
    const id = await newMail('killed@example.com');
    const received: string[] = [];
    let child: ReturnType<typeof spawn> | null = null;
    // A real SMTP server started by the test: it takes the mail, and before answering 250 the worker
    // process that sent it is killed (SIGKILL), so nothing of that process records anything.
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          child?.kill('SIGKILL');
          setTimeout(() => callback(), 100);
        });
      },
    });
    server.on('error', () => undefined);
    const port = await freeServerPort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    try {
      const script = path.resolve(import.meta.dirname, '../support/email-worker-process.ts');
      // Locks of a few seconds instead of BullMQ's 30 s: the takeover is the same, sooner.
      const stalledAfterMs = 4000;
      const started = spawn(
        process.execPath,
        ['--import', 'tsx', script, database.url, `smtp://127.0.0.1:${port}`, String(stalledAfterMs)],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      child = started;
      const exited = new Promise<number | null>((resolve) =>
        started.once('exit', (_code, signal) => resolve(signal ? 1 : 0)),
      );
      await exited;
      expect(started.signalCode).toBe('SIGKILL');
      expect(await stateOf(id)).toBe('sending');
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(`Message-ID: ${messageIdOf(id, 'playtime.test')}`);

      // Another worker takes the stalled job over (BullMQ's stall check) and must not send it again.
      await using(worker({ smtpUrl: `smtp://127.0.0.1:${port}`, stalledAfterMs }), async () => {
        await waitFor('the stalled job settled', async () => (await stateOf(id)) === 'unknown', 120_000);
      });
      expect(received).toHaveLength(1);
    } finally {
      child?.kill('SIGKILL');
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 180_000);
});
