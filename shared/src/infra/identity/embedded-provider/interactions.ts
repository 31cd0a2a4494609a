import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import { singleLineTextProblem, unstorableTextProblem } from '../../../contract/text';
import { ACCOUNT_EMAIL_TEXTS } from '../../../contract/email';
import { EmailTakenError, normalizeEmail, type Account, type AccountStore, type NewAccount } from './accounts';
import { waitInWords, type LoginThrottle } from './login-throttle';
import { SILENT_AUTHORIZATION_PARAM } from './auth0-compatibility';
import { errorPage, loginPage, newPasswordPage, signupPage, type SignupErrors, type SignupValues } from './pages';
import { MIN_PASSWORD_LENGTH } from './passwords';

/**
 * The provider's user-facing steps: oidc-provider redirects to /interaction/:uid whenever it needs
 * the user (to log in), and these pages resolve the step and hand control back to it.
 */

const MAX_PASSWORD_LENGTH = 200;
const MAX_NICKNAME_LENGTH = 30;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface InteractionRouterInput {
  provider: Provider;
  accounts: AccountStore;
  throttle: LoginThrottle;
  showDemoAccounts: boolean;
  mailStaysLocal: boolean;
  /** Makes the account of a sign-up and sends its verification mail (account-email.ts). */
  createAccount(input: NewAccount): Promise<Account>;
  /** Tells the owner of an email that someone tried to sign up with it (account-email.ts). */
  warnAccountOwner(email: string): Promise<void>;
  /** The forgot-password page, under the provider's mount path. */
  forgotPasswordPath: string;
  resendVerificationPath: string;
  /** Signs the proof that carries a temporary password's login on to the new-password form. */
  proofKey: string;
  onError: (error: unknown) => void;
}

interface SignupForm {
  values: SignupValues;
  password: string;
  errors: SignupErrors;
  /** What the whole form is refused for, above its fields. */
  message?: string;
}

const tooManyLogins = (wait: number) => `Too many failed log-ins. Wait ${waitInWords(wait)}, then try again.`;
const tooManySignups = (wait: number) =>
  `Too many accounts were made from your network. Wait ${waitInWords(wait)}, then try again.`;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

function readSignupForm(body: Record<string, unknown>): SignupForm {
  const values = { email: text(body.email).trim(), nickname: text(body.nickname).trim() };
  const password = text(body.password);
  const errors: SignupErrors = {};
  if (!values.email) errors.email = 'Email is required';
  else if (!EMAIL_SHAPE.test(values.email)) errors.email = 'Enter a valid email address';
  const nicknameProblem = !values.nickname
    ? 'Nickname is required'
    : values.nickname.length > MAX_NICKNAME_LENGTH
      ? `Nickname must be at most ${MAX_NICKNAME_LENGTH} characters`
      : // One line (a line break in it would end up in mails), and text PostgreSQL can store.
        (singleLineTextProblem(values.nickname, 'Nickname') ?? unstorableTextProblem(values.nickname, 'Nickname'));
  if (nicknameProblem) errors.nickname = nicknameProblem;
  const problem = passwordProblem(password);
  if (problem) errors.password = problem;
  return { values, password, errors };
}

/** The error a `prompt=none` request gets instead of the page it would have needed. */
function silentError(prompt: string): string {
  if (prompt === 'login') return 'login_required';
  if (prompt === 'consent') return 'consent_required';
  return 'interaction_required';
}

export function interactionRouter(input: InteractionRouterInput): Router {
  const { provider, accounts, throttle } = input;
  const router = express.Router();
  // Only these forms are parsed here; the provider's own endpoints read their bodies themselves.
  const form = express.urlencoded({ extended: false, limit: '8kb' });

  const urls = (req: Request, uid: string) => {
    const base = `${req.baseUrl}/interaction/${encodeURIComponent(uid)}`;
    return {
      login: `${base}/login`,
      signup: `${base}/signup`,
      newPassword: `${base}/new-password`,
      start: base,
      cancel: `${base}/cancel`,
    };
  };

  /**
   * A temporary password's correct login is carried to the new-password form by this proof: the
   * account, signed for this sign-in only, so the form can be neither forged nor replayed in another.
   */
  const proofSignature = (uid: string, accountId: string) =>
    createHmac('sha256', input.proofKey).update(`${uid}\n${accountId}`).digest('base64url');
  const proofFor = (uid: string, accountId: string) => `${accountId}.${proofSignature(uid, accountId)}`;
  const accountOfProof = (uid: string, proof: string): string | null => {
    const [accountId = '', signature = ''] = proof.split('.');
    const expected = Buffer.from(proofSignature(uid, accountId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? accountId : null;
  };
  const renderNewPassword = (
    req: Request,
    res: Response,
    details: Interaction,
    account: { accountId: string; email: string },
    status = 200,
    error?: string,
  ) => {
    const url = urls(req, details.uid);
    html(
      res,
      status,
      newPasswordPage({
        action: url.newPassword,
        cancelUrl: url.cancel,
        email: account.email,
        proof: proofFor(details.uid, account.accountId),
        error,
      }),
    );
  };

  const html = (res: Response, status: number, body: string) => {
    res.status(status).type('html').set('Cache-Control', 'no-store').send(body);
  };

  const renderLogin = (
    req: Request,
    res: Response,
    details: Interaction,
    status = 200,
    email?: string,
    error?: string,
    notice?: { heading: string; message: string },
  ) => {
    const url = urls(req, details.uid);
    html(
      res,
      status,
      loginPage({
        notice,
        action: url.login,
        signupUrl: url.signup,
        cancelUrl: url.cancel,
        email: email ?? text(details.params.login_hint),
        error,
        showDemoAccounts: input.showDemoAccounts,
        forgotPasswordUrl: `${req.baseUrl}${input.forgotPasswordPath}`,
        resendVerificationUrl: `${req.baseUrl}${input.resendVerificationPath}`,
        mailStaysLocal: input.mailStaysLocal,
      }),
    );
  };

  const renderSignup = (req: Request, res: Response, details: Interaction, status = 200, signup?: SignupForm) => {
    const url = urls(req, details.uid);
    html(
      res,
      status,
      signupPage({
        action: url.signup,
        loginUrl: url.start,
        cancelUrl: url.cancel,
        values: signup?.values,
        errors: signup?.errors,
        error: signup?.message,
      }),
    );
  };

  /**
   * Confirms a first-party consent step outright. The grant itself already holds everything asked
   * for: configuration.ts's loadExistingGrant (grantEverythingRequested) fills it on every request.
   */
  const finishConsent = (req: Request, res: Response, details: Interaction) =>
    provider.interactionFinished(
      req,
      res,
      { consent: { grantId: details.grantId } },
      { mergeWithLastSubmission: true },
    );

  /** The user is who they said: back to the provider, which issues the code. */
  const finishLogin = (req: Request, res: Response, accountId: string) =>
    provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });

  type Handler = (req: Request, res: Response, details: Interaction) => Promise<void>;
  const step = (handler: Handler) => async (req: Request, res: Response) => {
    try {
      const details = await provider.interactionDetails(req, res);
      await handler(req, res, details);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) {
        html(res, 400, errorPage('This sign-in has expired', 'Go back to Playtime and log in again.'));
        return;
      }
      input.onError(error);
      html(res, 500, errorPage('Something went wrong', 'We could not sign you in. Please try again in a moment.'));
    }
  };

  router.get(
    '/interaction/:uid',
    step(async (req, res, details) => {
      // Consent needs no page (first-party client), so even a silent check may pass through it.
      if (details.prompt.name === 'consent') return finishConsent(req, res, details);
      if (details.params[SILENT_AUTHORIZATION_PARAM]) {
        const error = silentError(details.prompt.name);
        await provider.interactionFinished(req, res, {
          error,
          error_description: `End-User interaction is required (${error})`,
        });
        return;
      }
      if (details.prompt.name !== 'login') {
        html(
          res,
          400,
          errorPage('Sign-in problem', 'This sign-in step is not supported. Go back to Playtime and try again.'),
        );
        return;
      }
      if (details.params.screen_hint === 'signup') return renderSignup(req, res, details);
      renderLogin(req, res, details);
    }),
  );

  router.post(
    '/interaction/:uid/login',
    form,
    step(async (req, res, details) => {
      if (details.prompt.name !== 'login') return res.redirect(303, urls(req, details.uid).start);
      const email = text(req.body?.email).trim();
      const password = text(req.body?.password);
      if (!email || !password) return renderLogin(req, res, details, 400, email, 'Enter your email and password.');
      // The password is not even checked while the account or the address must wait; otherwise the
      // try is counted before it is checked, so tries sent at once cannot all pass the count.
      const attempt = { email: normalizeEmail(email), address: req.ip ?? '' };
      const wait = await throttle.reserveLogin(attempt);
      if (wait > 0) {
        res.set('Retry-After', String(wait));
        return renderLogin(req, res, details, 429, email, tooManyLogins(wait));
      }
      const account = await accounts.authenticate(email, password);
      if (!account) return renderLogin(req, res, details, 401, email, 'Incorrect email or password.');
      await throttle.loginSucceeded(attempt);
      if (account.passwordChangeRequired) return renderNewPassword(req, res, details, account);
      await finishLogin(req, res, account.accountId);
    }),
  );

  router.post(
    '/interaction/:uid/new-password',
    form,
    step(async (req, res, details) => {
      if (details.prompt.name !== 'login') return res.redirect(303, urls(req, details.uid).start);
      const accountId = accountOfProof(details.uid, text(req.body?.proof));
      const account = accountId ? await accounts.findById(accountId) : undefined;
      if (!account?.passwordChangeRequired) return res.redirect(303, urls(req, details.uid).start);
      const password = text(req.body?.password);
      const problem = passwordProblem(password);
      if (problem) return renderNewPassword(req, res, details, account, 400, problem);
      await accounts.changePassword(account.accountId, password);
      await finishLogin(req, res, account.accountId);
    }),
  );

  router.get(
    '/interaction/:uid/signup',
    step(async (req, res, details) => renderSignup(req, res, details)),
  );

  router.post(
    '/interaction/:uid/signup',
    form,
    step(async (req, res, details) => {
      if (details.prompt.name !== 'login') return res.redirect(303, urls(req, details.uid).start);
      const signup = readSignupForm(req.body ?? {});
      if (Object.keys(signup.errors).length) return renderSignup(req, res, details, 400, signup);
      const wait = await throttle.reserveSignup(req.ip ?? '');
      if (wait > 0) {
        res.set('Retry-After', String(wait));
        return renderSignup(req, res, details, 429, { ...signup, message: tooManySignups(wait) });
      }
      // A new account and an email that has one already get the same answer (issue #41): the login
      // form, saying to check the mail. The mail tells the address's owner which it was: a
      // verification link, or that someone tried to sign up with it.
      try {
        await input.createAccount({ ...signup.values, password: signup.password });
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        await input.warnAccountOwner(signup.values.email);
      }
      renderLogin(req, res, details, 200, signup.values.email, undefined, {
        heading: ACCOUNT_EMAIL_TEXTS.signedUpTitle,
        message: ACCOUNT_EMAIL_TEXTS.signedUp(signup.values.email),
      });
    }),
  );

  router.get(
    '/interaction/:uid/cancel',
    step(async (req, res) => {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
    }),
  );

  return router;
}
