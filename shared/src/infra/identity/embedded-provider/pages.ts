import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';
import { ACCOUNT_EMAIL_TEXTS } from '../../../contract/email';
import { MIN_PASSWORD_LENGTH } from './passwords';

/**
 * The provider's own pages, rendered on the server so they work before (and without) the web app.
 * They wear the app's look (web/src/app/theme.ts: the 'pitch' greens, Inter, radius md, cards lg,
 * headings 800; the mark of web/src/assets/logo.svg) so moving from the app to the login page does not
 * feel like leaving the product.
 */

const APP_NAME = 'Playtime';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The app's mark, inlined as a data URI: the provider may be served without the web app's files
 * (distributed mode), and the Content-Security-Policy allows data: images. Without the file (a
 * deployment that left web/ out) the name alone stands.
 */
const LOGO_DATA_URI = (() => {
  try {
    const svg = readFileSync(path.resolve(import.meta.dirname, '../../../../../web/src/assets/logo.svg'));
    return `data:image/svg+xml;base64,${svg.toString('base64')}`;
  } catch {
    return null;
  }
})();

/**
 * The web theme's 'pitch' shades used here (web/src/app/theme.ts): 0 and 1 tints, 7 focus rings (3:1
 * for UI parts), 8 the primary and text on white (white on it reads at 5.0:1, WCAG AA), 9 its hover.
 * Greys and reds are the darker ones that read at 4.5:1 too.
 */
const PITCH = { 0: '#e9f9ee', 1: '#d5f0dd', 7: '#1f994b', 8: '#17803f', 9: '#0f6b33' };
const DIMMED = '#5c636a';
const RED = '#c92a2a';

const STYLES = `
  *,*::before,*::after{box-sizing:border-box}
  body{margin:0;min-height:100vh;background:${PITCH[0]};color:#212529;-webkit-font-smoothing:antialiased;
    font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.55}
  main{max-width:440px;margin:0 auto;padding:40px 16px}
  .brand{display:flex;align-items:center;justify-content:center;gap:10px;margin-bottom:24px;
    font-size:26px;font-weight:800;letter-spacing:-0.02em;color:${PITCH[8]}}
  .brand img{width:40px;height:40px}
  .card{background:#fff;border:1px solid #dee2e6;border-radius:16px;padding:28px;
    box-shadow:0 1px 3px rgba(0,0,0,.05),0 1px 2px rgba(0,0,0,.1)}
  .card+.card{margin-top:16px}
  h1{font-size:24px;font-weight:800;letter-spacing:-0.01em;margin:0 0 4px}
  h2{font-size:17px;font-weight:800;margin:0 0 4px}
  .dimmed{color:${DIMMED};font-size:14px;margin:0 0 20px}
  .field{margin-bottom:16px}
  label{display:block;font-size:14px;font-weight:500;margin-bottom:4px}
  label .required{color:${RED};margin-left:2px}
  input{display:block;width:100%;height:36px;padding:0 12px;font:inherit;font-size:14px;color:#212529;background:#fff;
    border:1px solid #ced4da;border-radius:8px;outline:none;transition:border-color .1s}
  input:focus{border-color:${PITCH[7]}}
  input[aria-invalid=true]{border-color:${RED}}
  .error{color:${RED};font-size:12px;margin:5px 0 0}
  .hint{color:${DIMMED};font-size:12px;margin:5px 0 0}
  .alert{background:#fff5f5;border:1px solid #ffc9c9;color:${RED};border-radius:8px;padding:10px 14px;font-size:14px;margin-bottom:16px}
  .button{display:block;width:100%;height:36px;padding:0 18px;font:inherit;font-size:14px;font-weight:600;color:#fff;
    background:${PITCH[8]};border:0;border-radius:8px;cursor:pointer}
  .button:hover{background:${PITCH[9]}}
  .button:focus-visible,a:focus-visible{outline:2px solid ${PITCH[7]};outline-offset:2px}
  .button.subtle{background:#fff;color:${PITCH[8]};border:1px solid #dee2e6;height:auto;padding:8px 12px;text-align:left}
  .button.subtle:hover{background:${PITCH[0]};border-color:${PITCH[1]}}
  .button.subtle small{display:block;color:${DIMMED};font-weight:400;overflow-wrap:anywhere}
  .demo{display:grid;gap:8px;margin-top:12px}
  .demo form{margin:0}
  .footer{text-align:center;font-size:14px;color:${DIMMED};margin:20px 0 0}
  a{color:${PITCH[8]};text-decoration:none;font-weight:500}
  a:hover{text-decoration:underline}
  @media (max-width:480px){main{padding:24px 12px}.card{padding:20px}}
`;

export function layout(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · ${APP_NAME}</title>
  <style>${STYLES}</style>
  ${head}
</head>
<body>
  <main>
    <div class="brand">${LOGO_DATA_URI ? `<img src="${LOGO_DATA_URI}" alt="">` : ''}<span>${APP_NAME}</span></div>
    ${body}
  </main>
</body>
</html>`;
}

export interface TextField {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string;
  error?: string;
  hint?: string;
  autofocus?: boolean;
}

export function field(input: TextField): string {
  const describedBy = input.error ? `${input.name}-error` : input.hint ? `${input.name}-hint` : undefined;
  return `<div class="field">
    <label for="${input.name}">${escapeHtml(input.label)}<span class="required" aria-hidden="true">*</span></label>
    <input id="${input.name}" name="${input.name}" type="${input.type}" autocomplete="${input.autocomplete}" required
      value="${escapeHtml(input.value ?? '')}"${input.error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${input.autofocus ? ' autofocus' : ''}>
    ${input.error ? `<p class="error" id="${input.name}-error">${escapeHtml(input.error)}</p>` : ''}
    ${!input.error && input.hint ? `<p class="hint" id="${input.name}-hint">${escapeHtml(input.hint)}</p>` : ''}
  </div>`;
}

export function alert(message: string | undefined): string {
  return message ? `<div class="alert" role="alert">${escapeHtml(message)}</div>` : '';
}

export interface LoginPageInput {
  /** The forgot-password and send-verification-again pages (account-email.ts). */
  forgotPasswordUrl?: string;
  resendVerificationUrl?: string;
  /** Standalone: say that mail stays on this machine and where an admin reads it. */
  mailStaysLocal?: boolean;
  action: string;
  signupUrl: string;
  cancelUrl: string;
  email?: string;
  error?: string;
  /** A heading and message instead of the welcome (after a sign-up). */
  notice?: { heading: string; message: string };
  showDemoAccounts: boolean;
}

function demoAccountsCard(action: string): string {
  const buttons = DEMO_ACCOUNTS.map(
    (account) => `<form method="post" action="${escapeHtml(action)}">
      <input type="hidden" name="email" value="${escapeHtml(account.email)}">
      <input type="hidden" name="password" value="${escapeHtml(DEMO_PASSWORD)}">
      <button type="submit" class="button subtle">Log in as ${escapeHtml(account.role)}<small>${escapeHtml(account.email)}</small></button>
    </form>`,
  ).join('');
  return `<section class="card" aria-labelledby="demo-title">
    <h2 id="demo-title">Demo accounts</h2>
    <p class="dimmed" style="margin:0">Every demo account uses the password <strong>${escapeHtml(DEMO_PASSWORD)}</strong>.</p>
    <div class="demo">${buttons}</div>
  </section>`;
}

export function loginPage(input: LoginPageInput): string {
  return layout(
    'Log in',
    `<section class="card" aria-labelledby="title">
      <h1 id="title">${escapeHtml(input.notice?.heading ?? 'Welcome back')}</h1>
      ${input.notice ? `<p role="status">${escapeHtml(input.notice.message)}</p>` : '<p class="dimmed">Log in to find, join and run pick-up games.</p>'}
      ${alert(input.error)}
      <form method="post" action="${escapeHtml(input.action)}" novalidate>
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: input.email, autofocus: !input.email })}
        ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: Boolean(input.email) })}
        <button type="submit" class="button">Log in</button>
      </form>
      <p class="footer">No account yet? <a href="${escapeHtml(input.signupUrl)}">Sign up</a> · <a href="${escapeHtml(input.cancelUrl)}">Cancel</a></p>
      ${input.forgotPasswordUrl ? `<p class="footer"><a href="${escapeHtml(input.forgotPasswordUrl)}">Forgot your password?</a>${input.resendVerificationUrl ? ` · <a href="${escapeHtml(input.resendVerificationUrl)}">Verification email again</a>` : ''}</p>` : ''}
    </section>
    ${input.mailStaysLocal ? `<section class="card" aria-labelledby="mail-title"><h2 id="mail-title">Mail stays on this machine</h2><p class="dimmed" style="margin:0">${escapeHtml(ACCOUNT_EMAIL_TEXTS.standaloneMailNote)}</p></section>` : ''}
    ${input.showDemoAccounts ? demoAccountsCard(input.action) : ''}`,
  );
}

export interface NewPasswordPageInput {
  action: string;
  cancelUrl: string;
  email: string;
  /** Proves the form comes from this sign-in's correct temporary password (see interactions.ts). */
  proof: string;
  error?: string;
}

/** After a temporary password (`npm run create-admin`): the account's own password, before anything else. */
export function newPasswordPage(input: NewPasswordPageInput): string {
  return layout(
    'Choose your password',
    `<section class="card" aria-labelledby="title">
      <h1 id="title">Choose your own password</h1>
      <p class="dimmed">${escapeHtml(input.email)} was given a temporary password. Choose the one you will log in with from now on.</p>
      ${alert(input.error)}
      <form method="post" action="${escapeHtml(input.action)}" novalidate>
        <input type="hidden" name="proof" value="${escapeHtml(input.proof)}">
        ${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: `At least ${MIN_PASSWORD_LENGTH} characters.`, autofocus: true })}
        <button type="submit" class="button">Save and log in</button>
      </form>
      <p class="footer"><a href="${escapeHtml(input.cancelUrl)}">Cancel</a></p>
    </section>`,
  );
}

export interface SignupValues {
  email: string;
  nickname: string;
}

export type SignupErrors = Partial<Record<'email' | 'nickname' | 'password', string>>;

export interface SignupPageInput {
  action: string;
  loginUrl: string;
  cancelUrl: string;
  values?: SignupValues;
  errors?: SignupErrors;
  /** Why the whole form was refused (too many sign-ups), above its fields. */
  error?: string;
}

export function signupPage(input: SignupPageInput): string {
  const errors = input.errors ?? {};
  return layout(
    'Sign up',
    `<section class="card" aria-labelledby="title">
      <h1 id="title">Create your account</h1>
      <p class="dimmed">Join games near you, or organise your own.</p>
      ${alert(input.error)}
      <form method="post" action="${escapeHtml(input.action)}" novalidate>
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: input.values?.email, error: errors.email, autofocus: true })}
        ${field({ name: 'nickname', label: 'Nickname', type: 'text', autocomplete: 'nickname', value: input.values?.nickname, error: errors.nickname, hint: 'Shown to other players on rosters.' })}
        ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: `At least ${MIN_PASSWORD_LENGTH} characters.` })}
        <button type="submit" class="button">Sign up</button>
      </form>
      <p class="footer">Already have an account? <a href="${escapeHtml(input.loginUrl)}">Log in</a> · <a href="${escapeHtml(input.cancelUrl)}">Cancel</a></p>
    </section>`,
  );
}

/**
 * oidc-provider asks for confirmation before ending a session; the SPA SDK's logout is a plain
 * redirect with no such step, so the confirmation form is submitted on load (with a button for
 * browsers without JavaScript).
 */
export const SIGN_OUT_SCRIPT =
  "document.addEventListener('DOMContentLoaded', function () { document.getElementById('op.logoutForm').submit(); });";

export function signingOutPage(providerForm: string): string {
  return layout(
    'Signing out',
    `<section class="card">
      <h1>Signing you out…</h1>
      <p class="dimmed">You will be back in ${APP_NAME} in a moment.</p>
      ${providerForm}
      <noscript><button type="submit" class="button" form="op.logoutForm">Continue</button></noscript>
    </section>`,
    `<script>${SIGN_OUT_SCRIPT}</script>`,
  );
}

export function signedOutPage(): string {
  return layout(
    'Signed out',
    `<section class="card"><h1>You are signed out</h1><p class="dimmed" style="margin:0">You can close this page.</p></section>`,
  );
}

export function errorPage(title: string, message: string): string {
  // The provider serves the app's origin root (standalone, or behind the public URL): '/' is the app.
  return layout(
    title,
    `<section class="card"><h1>${escapeHtml(title)}</h1>${alert(message)}<p class="footer"><a href="/">Back to ${APP_NAME}</a></p></section>`,
  );
}
