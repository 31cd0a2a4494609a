import type { Router } from 'express';
import type pg from 'pg';
import type { PublicConfig } from '../../contract/public-config';
import type { Config } from '../config/config';
import type { VerifyAccessToken } from '../http/current-user';
import { appOrigins, appUrisFor } from '../identity/app-origins';
import { createEmbeddedIdentityProvider } from '../identity/embedded-provider';
import { EndedSessions, type SessionEnds } from '../identity/ended-sessions';
import { createAccessTokenVerifier, UnauthorizedError } from '../identity/verify-access-token';
import type { Logger } from '../logging';

export const EMBEDDED_CLIENT_ID = 'playtime-web';
export const EMBEDDED_AUDIENCE = 'https://api.playtime.local';

export interface Identity {
  verify: VerifyAccessToken;
  /** What the web app needs to start @auth0/auth0-spa-js. */
  auth: PublicConfig['auth'];
  /** The embedded provider, to mount before any body parser. */
  provider: { path: string; router: Router } | null;
  /** Sessions that ended (the embedded provider's logouts); null with Auth0, whose tokens name none. */
  sessions: SessionEnds | null;
  close(): Promise<void>;
}

function auth0Issuer(domain: string): string {
  const base = /^https?:\/\//.test(domain) ? domain : `https://${domain}`;
  return `${base.replace(/\/+$/, '')}/`;
}

/**
 * Auth0 (or any OIDC provider with its endpoints) when AUTH0_DOMAIN is set; otherwise the embedded
 * provider at the app's own origin, with demo accounts when `seedDemoAccounts`.
 */
export async function setUpIdentity(options: {
  config: Config;
  pool: pg.Pool;
  /** Where ended sessions are announced (LISTEN). */
  databaseUrl: string;
  publicUrl: string;
  logger: Logger;
  seedDemoAccounts: boolean;
  /** Standalone without SMTP_URL: the login page says where mail is read. */
  mailStaysLocal?: boolean;
}): Promise<Identity> {
  const { config } = options;
  if (config.AUTH0_DOMAIN && !config.EMBEDDED_IDENTITY) {
    if (!config.AUTH0_CLIENT_ID || !config.AUTH0_AUDIENCE)
      throw new Error('AUTH0_CLIENT_ID and AUTH0_AUDIENCE are required with AUTH0_DOMAIN.');
    const verifier = createAccessTokenVerifier({
      issuer: auth0Issuer(config.AUTH0_DOMAIN),
      audience: config.AUTH0_AUDIENCE,
    });
    return {
      verify: (token) => verifier.verify(token),
      auth: { domain: config.AUTH0_DOMAIN, clientId: config.AUTH0_CLIENT_ID, audience: config.AUTH0_AUDIENCE },
      provider: null,
      sessions: null,
      close: async () => undefined,
    };
  }
  const origin = options.publicUrl.replace(/\/+$/, '');
  const origins = appOrigins(origin, config.PORT);
  const appUris = appUrisFor(origins);
  // The issuer is the app's own origin: the SDK's token worker only fetches a path of exactly
  // /oauth/token, so the provider cannot live under a prefix. It answers only its own paths.
  const provider = await createEmbeddedIdentityProvider({
    issuer: origin,
    alsoAt: origins,
    pool: options.pool,
    clientId: EMBEDDED_CLIENT_ID,
    redirectUris: appUris,
    postLogoutRedirectUris: appUris,
    audience: EMBEDDED_AUDIENCE,
    seedDemoAccounts: options.seedDemoAccounts,
    adminEmails: config.ADMIN_EMAILS,
    mailStaysLocal: options.mailStaysLocal ?? false,
    onError: (error) => options.logger.error({ err: error }, 'identity provider error'),
  });
  const verifier = createAccessTokenVerifier({
    issuer: provider.issuer,
    aliases: provider.aliases,
    audience: EMBEDDED_AUDIENCE,
    jwks: provider.jwks,
  });
  const sessions = new EndedSessions(options.pool, options.databaseUrl);
  return {
    // A token stays valid until it expires unless its session ended: logging out ends it everywhere at once.
    verify: async (token) => {
      const identity = await verifier.verify(token);
      if (identity.session && (await sessions.hasEnded(identity.session))) throw new UnauthorizedError('session_ended');
      return identity;
    },
    auth: {
      domain: provider.domain,
      clientId: EMBEDDED_CLIENT_ID,
      audience: EMBEDDED_AUDIENCE,
      alsoAt: origins.filter((other) => other !== new URL(provider.domain).origin),
    },
    provider: { path: provider.mountPath, router: provider.router },
    sessions,
    close: async () => {
      await sessions.close();
      await provider.close();
    },
  };
}
