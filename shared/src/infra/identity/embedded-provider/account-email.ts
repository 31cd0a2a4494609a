/**
 * The embedded provider's email links (issue #31): verifying an account's email (on sign-up and again
 * on request) and resetting a forgotten password. A link is single use and expires after
 * EMAIL_LINK_HOURS. The mail is an outbox row written in the same transaction as the link's row, so
 * a link exists exactly when its mail will be sent.
 *
 * Opening a link (GET) only shows a page with a button; the POST of that button uses it up. Mail
 * scanners and link previews open links by GET, and must not spend them.
 */
import { createHash, randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type pg from 'pg';
import { ACCOUNT_EMAIL_TEXTS as TEXTS, EMAIL_LINK_HOURS, type AccountEmailKind } from '../../../contract/email';
import { withTransaction, type Queryable } from '../../db/pool';
import { writeEmail, type EmailSettings } from '../../email/outbox';
import { normalizeEmail, type Account } from './accounts';
import { alert, escapeHtml, field, layout } from './pages';
import { waitInWords, type LoginThrottle } from './login-throttle';
import { endWhatTheOldPasswordOpened } from './password-changes';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';

export type LinkPurpose = 'verify-email' | 'reset-password';

export const ACCOUNT_EMAIL_ROUTES = {
  verify: '/account/verify-email',
  resend: '/account/verify-email/resend',
  forgot: '/account/forgot-password',
  reset: '/account/reset-password',
} as const;

const KIND_OF: Record<LinkPurpose, AccountEmailKind> = {
  'verify-email': 'email-verification',
  'reset-password': 'password-reset',
};
const PAGE_OF: Record<LinkPurpose, string> = {
  'verify-email': ACCOUNT_EMAIL_ROUTES.verify,
  'reset-password': ACCOUNT_EMAIL_ROUTES.reset,
};
const MAX_PASSWORD_LENGTH = 200;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Makes a link for the account and writes its mail into the outbox, both on `db`: the caller's
 * transaction (a sign-up's, with the account's own insert).
 */
export async function sendAccountLink(
  db: Queryable,
  settings: EmailSettings,
  account: Pick<Account, 'accountId' | 'email' | 'nickname'>,
  purpose: LinkPurpose,
  options: { requestedNow: boolean },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO identity_email_links (token_hash, account_id, purpose, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
    [hashOf(token), account.accountId, purpose, account.email, EMAIL_LINK_HOURS],
  );
  await writeEmail(db, settings, {
    kind: KIND_OF[purpose],
    accountId: account.accountId,
    to: account.email,
    nickname: account.nickname,
    link: `${settings.publicUrl}${PAGE_OF[purpose]}?token=${token}`,
    requestedNow: options.requestedNow,
  });
}

/**
 * Tells the owner of `email` that someone tried to sign up with it (issue #41): the sign-up page
 * answers as for a new account, so only the address's owner learns that it has one. On `db`, with
 * the link to choose a new password (the forgot-password page).
 */
export async function sendSignupAttemptMail(db: Queryable, settings: EmailSettings, email: string): Promise<void> {
  const { rows } = await db.query<{ account_id: string; nickname: string; email: string }>(
    'SELECT account_id, nickname, email FROM identity_accounts WHERE email = $1',
    [normalizeEmail(email)],
  );
  const account = rows[0];
  if (!account) return;
  await writeEmail(db, settings, {
    kind: 'sign-up-attempt',
    accountId: account.account_id,
    to: account.email,
    nickname: account.nickname,
    link: `${settings.publicUrl}${ACCOUNT_EMAIL_ROUTES.forgot}`,
  });
}

type LinkState = { ok: true; accountId: string; email: string } | { ok: false; problem: string };

/** What a link is now, without using it. */
async function lookUp(db: Queryable, token: string, purpose: LinkPurpose): Promise<LinkState> {
  const { rows } = await db.query<{ account_id: string; email: string; used: boolean; expired: boolean }>(
    `SELECT account_id, email, used_at IS NOT NULL AS used, expires_at <= now() AS expired
     FROM identity_email_links WHERE token_hash = $1 AND purpose = $2`,
    [hashOf(token), purpose],
  );
  const row = rows[0];
  if (!row) return { ok: false, problem: TEXTS.linkInvalid };
  if (row.used) return { ok: false, problem: TEXTS.linkUsed };
  if (row.expired) return { ok: false, problem: TEXTS.linkExpired };
  return { ok: true, accountId: row.account_id, email: row.email };
}

/** Uses the link up (one UPDATE, so of two concurrent uses one wins), in the caller's transaction. */
async function useUp(db: Queryable, token: string, purpose: LinkPurpose): Promise<LinkState> {
  const { rows } = await db.query<{ account_id: string; email: string }>(
    `UPDATE identity_email_links SET used_at = now()
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING account_id, email`,
    [hashOf(token), purpose],
  );
  if (rows[0]) return { ok: true, accountId: rows[0].account_id, email: rows[0].email };
  return lookUp(db, token, purpose);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function messagePage(title: string, message: string, isError = false): string {
  return layout(
    title,
    `<section class="card" aria-labelledby="title">
      <h1 id="title">${escapeHtml(title)}</h1>
      ${isError ? alert(message) : `<p role="status">${escapeHtml(message)}</p>`}
    </section>`,
  );
}

function emailFormPage(input: {
  title: string;
  prompt: string;
  action: string;
  button: string;
  error?: string;
  email?: string;
}): string {
  return layout(
    input.title,
    `<section class="card" aria-labelledby="title">
      <h1 id="title">${escapeHtml(input.title)}</h1>
      <p class="dimmed">${escapeHtml(input.prompt)}</p>
      ${alert(input.error)}
      <form method="post" action="${escapeHtml(input.action)}" novalidate>
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: input.email, autofocus: true })}
        <button type="submit" class="button">${escapeHtml(input.button)}</button>
      </form>
    </section>`,
  );
}

export interface AccountEmailRouterInput {
  pool: pg.Pool;
  email: EmailSettings;
  /** Spaces out asks for links, per email and per address. */
  throttle: LoginThrottle;
}

export function accountEmailRouter(input: AccountEmailRouterInput): Router {
  const { pool } = input;
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '8kb' });
  const html = (res: Response, status: number, body: string) =>
    res.status(status).type('html').set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').send(body);
  const action = (req: Request, path: string) => `${req.baseUrl}${path}`;

  // Verify: GET shows the button, POST uses the link.
  router.get(ACCOUNT_EMAIL_ROUTES.verify, async (req, res) => {
    const token = text(req.query.token);
    const state = await lookUp(pool, token, 'verify-email');
    if (!state.ok) return html(res, 400, messagePage(TEXTS.verifyTitle, state.problem, true));
    html(
      res,
      200,
      layout(
        TEXTS.verifyTitle,
        `<section class="card" aria-labelledby="title">
          <h1 id="title">${escapeHtml(TEXTS.verifyTitle)}</h1>
          <p class="dimmed">${escapeHtml(TEXTS.verifyPrompt(state.email))}</p>
          <form method="post" action="${escapeHtml(action(req, ACCOUNT_EMAIL_ROUTES.verify))}">
            <input type="hidden" name="token" value="${escapeHtml(token)}">
            <button type="submit" class="button">${escapeHtml(TEXTS.verifyButton)}</button>
          </form>
        </section>`,
      ),
    );
  });
  router.post(ACCOUNT_EMAIL_ROUTES.verify, form, async (req, res) => {
    const state = await withTransaction(pool, async (client) => {
      const used = await useUp(client, text(req.body?.token), 'verify-email');
      // Only the address the link was sent to: an email changed since then is not proven by it.
      if (used.ok)
        await client.query('UPDATE identity_accounts SET email_verified = true WHERE account_id = $1 AND email = $2', [
          used.accountId,
          used.email,
        ]);
      return used;
    });
    if (!state.ok) return html(res, 400, messagePage(TEXTS.verifyTitle, state.problem, true));
    html(res, 200, messagePage(TEXTS.verifyTitle, TEXTS.verified));
  });

  /**
   * Asking for a link answers the same whether the account exists or not, so the form tells nobody
   * which addresses have accounts. Asks are spaced out per email and per network (login-throttle.ts),
   * counted alike for addresses with and without an account.
   */
  const requestLink = (purpose: LinkPurpose, page: { title: string; prompt: string; button: string; path: string }) => {
    const render = (req: Request, res: Response, status = 200, error?: string, email?: string) =>
      html(res, status, emailFormPage({ ...page, action: action(req, page.path), error, email }));
    router.get(page.path, (req, res) => render(req, res));
    router.post(page.path, form, async (req, res) => {
      const email = normalizeEmail(text(req.body?.email));
      if (!email) return render(req, res, 400, 'Enter the email of your account.');
      const wait = await input.throttle.reserveLinkRequest({ email, address: req.ip ?? '' });
      if (wait > 0) {
        res.set('Retry-After', String(wait));
        return render(req, res, 429, TEXTS.tooManyLinkRequests(waitInWords(wait)), email);
      }
      await withTransaction(pool, async (client) => {
        const { rows } = await client.query<{ account_id: string; nickname: string; email_verified: boolean }>(
          'SELECT account_id, nickname, email_verified FROM identity_accounts WHERE email = $1 FOR UPDATE',
          [email],
        );
        const account = rows[0];
        if (!account || (purpose === 'verify-email' && account.email_verified)) return;
        await sendAccountLink(
          client,
          input.email,
          { accountId: account.account_id, email, nickname: account.nickname },
          purpose,
          { requestedNow: true },
        );
      });
      html(res, 200, messagePage(page.title, TEXTS.sent));
    });
  };
  requestLink('verify-email', {
    title: TEXTS.resendTitle,
    prompt: 'Enter the email of your account and we send the verification link again.',
    button: TEXTS.resendButton,
    path: ACCOUNT_EMAIL_ROUTES.resend,
  });
  requestLink('reset-password', {
    title: TEXTS.forgotTitle,
    prompt: TEXTS.forgotPrompt,
    button: TEXTS.forgotButton,
    path: ACCOUNT_EMAIL_ROUTES.forgot,
  });

  // Reset: GET shows the new-password form, POST uses the link and sets the password.
  const resetForm = (req: Request, token: string, email: string, error?: string) =>
    layout(
      TEXTS.resetTitle,
      `<section class="card" aria-labelledby="title">
        <h1 id="title">${escapeHtml(TEXTS.resetTitle)}</h1>
        <p class="dimmed">For ${escapeHtml(email)}.</p>
        ${alert(error)}
        <form method="post" action="${escapeHtml(action(req, ACCOUNT_EMAIL_ROUTES.reset))}" novalidate>
          <input type="hidden" name="token" value="${escapeHtml(token)}">
          ${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: `At least ${MIN_PASSWORD_LENGTH} characters.`, autofocus: true })}
          <button type="submit" class="button">${escapeHtml(TEXTS.resetButton)}</button>
        </form>
      </section>`,
    );
  router.get(ACCOUNT_EMAIL_ROUTES.reset, async (req, res) => {
    const token = text(req.query.token);
    const state = await lookUp(pool, token, 'reset-password');
    if (!state.ok) return html(res, 400, messagePage(TEXTS.resetTitle, state.problem, true));
    html(res, 200, resetForm(req, token, state.email));
  });
  router.post(ACCOUNT_EMAIL_ROUTES.reset, form, async (req, res) => {
    const token = text(req.body?.token);
    const password = text(req.body?.password);
    const problem =
      password.length < MIN_PASSWORD_LENGTH
        ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters`
        : password.length > MAX_PASSWORD_LENGTH
          ? `Password must be at most ${MAX_PASSWORD_LENGTH} characters`
          : undefined;
    if (problem) {
      const state = await lookUp(pool, token, 'reset-password');
      if (!state.ok) return html(res, 400, messagePage(TEXTS.resetTitle, state.problem, true));
      return html(res, 400, resetForm(req, token, state.email, problem));
    }
    const hash = await hashPassword(password);
    const state = await withTransaction(pool, async (client) => {
      const used = await useUp(client, token, 'reset-password');
      if (!used.ok) return used;
      // The mail reached its owner, so the link proves the address too.
      await client.query(
        `UPDATE identity_accounts SET password_hash = $2, password_change_required = false,
           email_verified = email_verified OR email = $3
         WHERE account_id = $1`,
        [used.accountId, hash, used.email],
      );
      // Every session and every other link of the old password ends (password-changes.ts).
      await endWhatTheOldPasswordOpened(client, used.accountId);
      return used;
    });
    if (!state.ok) return html(res, 400, messagePage(TEXTS.resetTitle, state.problem, true));
    html(res, 200, messagePage(TEXTS.resetTitle, TEXTS.resetDone));
  });
  return router;
}
