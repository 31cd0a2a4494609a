import type { JWK } from 'jose';
import {
  errors,
  type Account as ProviderAccount,
  type Configuration,
  type KoaContextWithOIDC,
  type KoaResponseContext,
  type UnknownObject,
} from 'oidc-provider';
import type { Role } from '../../../domain/users/events';
import type { Queryable } from '../../db/pool';
import { DEMO_ACCOUNTS, DEMO_ROLE_CLAIM } from '../demo-accounts';
import { SESSION_CLAIM } from '../ended-sessions';
import { normalizeEmail, type Account, type AccountStore } from './accounts';
import { postgresOidcAdapter } from './postgres-adapter';
import { allowInlineScript } from './inline-scripts';
import { errorPage, SIGN_OUT_SCRIPT, signedOutPage, signingOutPage } from './pages';
import { SILENT_AUTHORIZATION_PARAM } from './auth0-compatibility';

/** Auth0's endpoint paths, which @auth0/auth0-spa-js builds from its `domain` and cannot be told otherwise. */
export const ROUTES = {
  authorization: '/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  end_session: '/v2/logout',
  jwks: '/.well-known/jwks.json',
  userinfo: '/userinfo',
} as const;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Access tokens live an hour, as Auth0's SPA tokens do by default; the SDK refreshes before expiry. */
const ACCESS_TOKEN_TTL = HOUR;
/** Absolute refresh-token lifetime: rotation hands out new tokens, never a longer life. */
const REFRESH_TOKEN_TTL = 30 * DAY;

export interface ProviderConfigurationInput {
  db: Queryable;
  accounts: AccountStore;
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  audience: string;
  signingKey: JWK;
  cookieKeys: string[];
  /** The path the provider is mounted at ('/oidc'), taken from the issuer. */
  mountPath: string;
  adminEmails: string[];
}

function originOf(uri: string): string | undefined {
  return URL.parse(uri)?.origin;
}

/**
 * The role the embedded provider suggests for a first login. Demo accounts are the seeded ones
 * (email verified; a sign-up never is), so signing up as player@playtime.test earns nothing.
 * Stored emails are already normalized, so they compare as they are.
 */
function roleHint(account: Account, adminEmails: Set<string>): Role | undefined {
  // Nobody has proven they own an unverified address: it gets no role, admin least of all.
  if (!account.emailVerified) return undefined;
  if (adminEmails.has(account.email)) return 'admin';
  return DEMO_ACCOUNTS.find((demo) => demo.email === account.email)?.role;
}

/** What findAccount hands oidc-provider, with the account record kept for extraTokenClaims. */
interface LoadedAccount extends ProviderAccount {
  record: Account;
}

function profileClaims(account: Account): UnknownObject {
  return {
    email: account.email,
    email_verified: account.emailVerified,
    name: account.name,
    nickname: account.nickname,
    picture: account.picture,
  };
}

/**
 * Playtime's SPA is the only client and is first party: whatever it asks for is granted without a
 * consent page. The grant is created (or extended) here, which is where oidc-provider looks for it.
 */
async function grantEverythingRequested(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const accountId = oidc.session!.accountId!;
  const clientId = oidc.client!.clientId;
  const existingId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
  const existing = existingId ? await oidc.provider.Grant.find(existingId) : undefined;
  const grant =
    existing && existing.accountId === accountId && existing.clientId === clientId
      ? existing
      : new oidc.provider.Grant({ accountId, clientId });
  if (oidc.requestParamOIDCScopes.size) grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  if (oidc.requestParamClaims.size) grant.addOIDCClaims([...oidc.requestParamClaims]);
  for (const [indicator, server] of Object.entries(oidc.resourceServers)) {
    grant.addResourceScope(indicator, server.scope);
  }
  await grant.save();
  return grant;
}

/**
 * oidc-provider lists `sid` among the supported claims whatever its configuration, but no token here
 * carries it (there is no front- or back-channel logout to need it): discovery leaves it out.
 */
export async function advertiseOnlyWhatWorks(
  ctx: KoaResponseContext & { oidc?: { route?: string } },
  next: () => Promise<void>,
): Promise<void> {
  await next();
  const body = ctx.body as { claims_supported?: unknown } | undefined;
  if (ctx.oidc?.route === 'discovery' && body && Array.isArray(body.claims_supported))
    body.claims_supported = body.claims_supported.filter((claim) => claim !== 'sid');
}

export function providerConfiguration(input: ProviderConfigurationInput): Configuration {
  const adminEmails = new Set(input.adminEmails.map(normalizeEmail));
  const corsOrigins = new Set(
    [...input.redirectUris, ...input.postLogoutRedirectUris].map(originOf).filter((origin) => origin !== undefined),
  );

  return {
    adapter: postgresOidcAdapter(input.db),
    clients: [
      {
        client_id: input.clientId,
        client_name: 'Playtime',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: input.redirectUris,
        post_logout_redirect_uris: input.postLogoutRedirectUris,
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [input.signingKey as UnknownObject] },
    cookies: {
      names: {
        session: 'playtime_idp_session',
        interaction: 'playtime_idp_interaction',
        resume: 'playtime_idp_resume',
      },
      keys: input.cookieKeys,
    },

    async findAccount(_ctx, sub): Promise<LoadedAccount | undefined> {
      const account = await input.accounts.findById(sub);
      if (!account) return undefined;
      return {
        accountId: account.accountId,
        record: account,
        claims: () => ({ sub: account.accountId, ...profileClaims(account) }),
      };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'nickname', 'picture'],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    // Advertised in discovery as supported, so only what the one client uses: the code flow with PKCE,
    // a public client (no secret), ID tokens signed with the one RS256 key.
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    // The SPA SDK reads the profile from the ID token only (it never calls userinfo), so the
    // profile claims go into the ID token even though an access token is issued alongside it.
    conformIdTokenClaims: false,
    // `audience` is Auth0's name for the resource indicator; screen_hint=signup opens the sign-up page.
    extraParams: ['audience', 'screen_hint', SILENT_AUTHORIZATION_PARAM],

    interactions: { url: (_ctx, interaction) => `${input.mountPath}/interaction/${interaction.uid}` },
    loadExistingGrant: async (ctx) => grantEverythingRequested(ctx),

    pkce: { required: () => true },
    // The SPA gets refresh tokens even when oidc-provider dropped offline_access (see auth0-compatibility.ts).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Tokens belong to the provider's browser session: logging out revokes the grant and with it
    // every refresh token (otherwise oidc-provider keeps offline_access grants across logout).
    expiresWithSession: () => true,
    // Each refresh token works once; reusing a spent one revokes the whole grant (theft detection).
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: MINUTE,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: 14 * DAY,
      Grant: REFRESH_TOKEN_TTL,
      RefreshToken: (ctx: unknown) => {
        const rotated = (ctx as { oidc?: { entities?: { RotatedRefreshToken?: { remainingTTL: number } } } })?.oidc
          ?.entities?.RotatedRefreshToken;
        return rotated ? rotated.remainingTTL : REFRESH_TOKEN_TTL;
      },
    },

    // Profile claims ride along in the access token so the API can create the user record without
    // calling back here; playtime_demo_role is described in demo-accounts.ts.
    async extraTokenClaims(ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      // The token endpoint has just loaded the account through findAccount: reuse it, not query again.
      const loaded = ctx.oidc.account as LoadedAccount | undefined;
      const account =
        loaded?.accountId === token.accountId ? loaded.record : await input.accounts.findById(token.accountId);
      if (!account) return undefined;
      const role = roleHint(account, adminEmails);
      // The session the token belongs to, so the APIs refuse it once the session ends (ended-sessions.ts).
      const claims = { ...profileClaims(account), [SESSION_CLAIM]: token.grantId };
      return role ? { ...claims, [DEMO_ROLE_CLAIM]: role } : claims;
    },

    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    routes: { ...ROUTES },

    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage('Sign-in problem', out.error_description ?? out.error ?? 'Something went wrong.');
    },

    features: {
      devInteractions: { enabled: false },
      // At Auth0's path. It takes the access token of a login that named no API (`audience`): one for
      // the API is the API's alone (RFC 8707), as oidc-provider holds.
      userinfo: { enabled: true },
      // Not offered: the API takes bearer tokens, and a DPoP-bound token it would take as a bearer one
      // is no better bound than one (RFC 9449 §7.2).
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // The SDK revokes its refresh token at /oauth/revoke; a client may only revoke its own tokens.
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId: string }) =>
          token.clientId === client.clientId,
      },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      resourceIndicators: {
        enabled: true,
        // The SDK names the API with `audience`, as Auth0 has it. A login that names none gets, as at
        // Auth0, an access token for the userinfo endpoint only.
        defaultResource: async (ctx: KoaContextWithOIDC, _client: unknown, oneOf?: string[]) => {
          if (oneOf) return oneOf.includes(input.audience) ? input.audience : oneOf;
          const requested = ctx.oidc.params?.audience;
          return typeof requested === 'string' && requested ? requested : undefined;
        },
        // Code and refresh-token exchanges carry no resource parameter: reuse the one authorized.
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
          if (indicator !== input.audience) throw new errors.InvalidTarget(`unknown API audience ${indicator}`);
          return {
            scope: 'openid profile email',
            audience: input.audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // The SDK's logout is a plain redirect: confirm on the user's behalf (see pages.ts).
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          allowInlineScript(ctx, SIGN_OUT_SCRIPT);
          ctx.body = signingOutPage(form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>'));
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
  };
}
