import express, { type Router } from 'express';
import type { JSONWebKeySet } from 'jose';
import { Provider } from 'oidc-provider';
import type pg from 'pg';
import { migrate } from '../../db/migrations';
import { withTransaction } from '../../db/pool';
import { prepareEmailTables } from '../../email/email-worker';
import { loadUnsubscribeKey } from '../../email/unsubscribe-tokens';
import { accountEmailRouter, ACCOUNT_EMAIL_ROUTES, sendAccountLink, sendSignupAttemptMail } from './account-email';
import { AccountStore } from './accounts';
import { auth0CompatibleRequests, keepPopupOpenForTheSdk } from './auth0-compatibility';
import { advertiseOnlyWhatWorks, providerConfiguration, ROUTES } from './configuration';
import { interactionRouter } from './interactions';
import { LoginThrottle } from './login-throttle';
import { forgetOldEndedSessions } from '../ended-sessions';
import { deleteExpiredRecords } from './postgres-adapter';
import { identityMigrations } from './schema';
import { loadCookieKeys, loadSigningKey, publicJwk } from './secrets';

export { AccountStore, EmailTakenError, type Account } from './accounts';

export interface EmbeddedIdentityProviderOptions {
  /**
   * Where the provider is reachable; the SPA's `domain`. Use an origin without a path (e.g.
   * 'http://localhost:3000') when the SPA keeps tokens in memory with refresh tokens: the SDK then
   * fetches tokens from a Web Worker that only accepts exactly `<origin>/oauth/token`.
   */
  issuer: string;
  /**
   * More origins the app answers at (e.g. http://127.0.0.1:3000 beside PUBLIC_URL). The provider
   * answers at each under an issuer of that origin, so a browser there keeps its session cookie
   * first-party and the SDK's silent check (an iframe of the provider) works after a reload.
   */
  alsoAt?: string[];
  pool: pg.Pool;
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** The API's identifier; access tokens are issued for it (the SDK's `audience`). */
  audience: string;
  seedDemoAccounts: boolean;
  /** Accounts whose access tokens suggest the admin role (the playtime_demo_role claim). */
  adminEmails?: string[];
  /** Cookie signing keys; generated once and kept in the database when not given. */
  cookieKeys?: string[];
  /** Called with unexpected failures (5xx); they are never shown to the user in detail. */
  onError?: (error: unknown) => void;
  /** Standalone: the login page says that mail stays on this machine and where an admin reads it. */
  mailStaysLocal?: boolean;
  /** The clock login throttling reads (tests move it instead of waiting). */
  now?: () => Date;
}

export interface EmbeddedIdentityProvider {
  /**
   * Mount at `mountPath`: `app.use(provider.mountPath, provider.router)`. It serves only its own
   * paths and passes everything else on, and it needs no body parser in front of it.
   */
  router: Router;
  /** The issuer's path: '/' for an issuer at an origin root, else e.g. '/oidc'. */
  mountPath: string;
  /** What @auth0/auth0-spa-js is given as `domain`: the issuer without its trailing slash. */
  domain: string;
  /** The `iss` of every token, `${domain}/`, as the SDK derives it; give it to the access-token verifier. */
  issuer: string;
  /** The issuers of `alsoAt`: the same provider, to be accepted as `issuer` (the verifier's `aliases`). */
  aliases: string[];
  jwksUrl: string;
  /** The public signing keys, for verifying tokens in-process (createAccessTokenVerifier's `jwks`). */
  jwks: JSONWebKeySet;
  accounts: AccountStore;
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const PROVIDER_PATHS = [
  ...Object.values(ROUTES),
  '/.well-known/openid-configuration',
  '/.well-known/oauth-authorization-server',
];

/**
 * Replaces the X-Forwarded-* headers with what Express makes of the request under the app's 'trust
 * proxy' setting: a trusted proxy's word, or else the connection's own scheme, Host and address. So a
 * client that is not the configured proxy cannot move the provider's endpoints to a host of its choosing.
 */
function forwardedAsTheAppJudges(req: express.Request): void {
  req.headers['x-forwarded-proto'] = req.protocol;
  req.headers['x-forwarded-host'] = req.host;
  if (req.ip) req.headers['x-forwarded-for'] = req.ip;
  else delete req.headers['x-forwarded-for'];
}

function isProviderPath(path: string): boolean {
  return PROVIDER_PATHS.some((route) => path === route || path.startsWith(`${route}/`));
}

/**
 * The standalone stand-in for Auth0: an OpenID provider (oidc-provider) with its own login and
 * sign-up pages, speaking the endpoints and dialect @auth0/auth0-spa-js expects, and keeping every
 * account, key, session and token in PostgreSQL.
 */
export async function createEmbeddedIdentityProvider(
  options: EmbeddedIdentityProviderOptions,
): Promise<EmbeddedIdentityProvider> {
  const domain = options.issuer.replace(/\/+$/, '');
  const issuer = `${domain}/`;
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '');
  const onError = options.onError ?? ((error: unknown) => console.error('identity provider error', error));

  await migrate(options.pool, 'identity', identityMigrations);
  const accounts = new AccountStore(options.pool);
  if (options.seedDemoAccounts) await accounts.seedDemoAccounts();
  const signingKey = await loadSigningKey(options.pool);
  const cookieKeys = options.cookieKeys?.length ? options.cookieKeys : await loadCookieKeys(options.pool);
  const throttle = new LoginThrottle(options.pool, options.now);
  await prepareEmailTables(options.pool);
  // Links in mail point at the issuer: the one public address (PUBLIC_URL) of the app.
  const email = { publicUrl: domain, unsubscribeKey: await loadUnsubscribeKey(options.pool) };

  const configuration = providerConfiguration({
    db: options.pool,
    accounts,
    clientId: options.clientId,
    redirectUris: options.redirectUris,
    postLogoutRedirectUris: options.postLogoutRedirectUris,
    audience: options.audience,
    signingKey,
    cookieKeys,
    mountPath,
    adminEmails: options.adminEmails ?? [],
  });
  const routerAt = (origin: string): Router => {
    const provider = new Provider(`${origin}${mountPath}/`, configuration);
    // The provider reads the scheme, host and client address from the X-Forwarded-* headers that
    // forwardedAsTheAppJudges sets: the app's own judgement, which believes only its trusted proxies.
    provider.proxy = true;
    provider.on('server_error', (_ctx, error) => onError(error));
    provider.use(keepPopupOpenForTheSdk);
    provider.use(advertiseOnlyWhatWorks);

    const handleWithProvider = provider.callback();
    const router = express.Router();
    router.use(auth0CompatibleRequests({ authorization: ROUTES.authorization, endSession: ROUTES.end_session }));
    router.use(
      interactionRouter({
        provider,
        accounts,
        throttle,
        showDemoAccounts: options.seedDemoAccounts,
        mailStaysLocal: options.mailStaysLocal ?? false,
        // A sign-up's verification mail: its link and its outbox row in the account's own transaction.
        createAccount: (input) =>
          withTransaction(options.pool, async (client) => {
            const account = await new AccountStore(client).create(input);
            await sendAccountLink(client, email, account, 'verify-email', { requestedNow: false });
            return account;
          }),
        warnAccountOwner: (address) => sendSignupAttemptMail(options.pool, email, address),
        forgotPasswordPath: ACCOUNT_EMAIL_ROUTES.forgot,
        resendVerificationPath: ACCOUNT_EMAIL_ROUTES.resend,
        proofKey: cookieKeys[0]!,
        onError,
      }),
    );
    router.use(accountEmailRouter({ pool: options.pool, email, throttle }));
    // Only the provider's own paths reach it (it answers 404 to anything else), so it can share an
    // origin root with the SPA and the API.
    router.use((req, res, next) => (isProviderPath(req.path) ? void handleWithProvider(req, res) : next()));
    return router;
  };
  const canonicalOrigin = new URL(issuer).origin;
  const otherOrigins = [...new Set((options.alsoAt ?? []).map((origin) => new URL(origin).origin))].filter(
    (origin) => origin !== canonicalOrigin,
  );
  const routers = new Map([canonicalOrigin, ...otherOrigins].map((origin) => [origin, routerAt(origin)]));
  const canonicalRouter = routers.get(canonicalOrigin)!;
  const router = express.Router();
  router.use((req, res, next) => {
    // Only the provider's requests: the app's own keep their headers as sent (and logged).
    if (isProviderPath(req.path) || req.path.startsWith('/interaction/')) forwardedAsTheAppJudges(req);
    const origin = `${req.protocol}://${req.host}`;
    (routers.get(origin) ?? canonicalRouter)(req, res, next);
  });

  // Expired records are already invisible, so sweeping them need not hold up start-up.
  const sweep = () =>
    void Promise.all([
      deleteExpiredRecords(options.pool),
      throttle.forgetOld(),
      forgetOldEndedSessions(options.pool),
    ]).catch(onError);
  sweep();
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  sweeper.unref();

  return {
    router,
    mountPath: mountPath || '/',
    domain,
    issuer,
    aliases: otherOrigins.map((origin) => `${origin}${mountPath}/`),
    jwksUrl: `${issuer}${ROUTES.jwks.slice(1)}`,
    jwks: { keys: [publicJwk(signingKey)] },
    accounts,
    close: async () => clearInterval(sweeper),
  };
}
