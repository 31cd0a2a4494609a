import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { LRUCache } from 'lru-cache';
import { ROLES, type Role } from '../../domain/users/events';
import { DEMO_ROLE_CLAIM } from './demo-accounts';
import { SESSION_CLAIM } from './ended-sessions';

/** Why a request carried no usable access token; `code` is stable for clients, `message` is for people. */
export type UnauthorizedCode =
  | 'missing_token'
  | 'invalid_token'
  | 'token_expired'
  | 'wrong_issuer'
  | 'wrong_audience'
  | 'not_an_access_token'
  | 'sender_constrained'
  | 'session_ended';

const MESSAGES: Record<UnauthorizedCode, string> = {
  missing_token: 'You are not signed in. Please log in to continue.',
  invalid_token: 'Your sign-in could not be verified. Please log in again.',
  token_expired: 'Your session has expired. Please log in again.',
  wrong_issuer: 'Your sign-in comes from a different identity provider. Please log in again.',
  wrong_audience: 'Your sign-in is not meant for the Playtime API. Please log in again.',
  not_an_access_token: 'An ID token was sent where an access token belongs. Please log in again.',
  sender_constrained:
    'Your sign-in is bound to a key (DPoP), which this API does not check, so it cannot take it. Please log in again.',
  session_ended: 'You logged out of this session. Please log in again.',
};

export class UnauthorizedError extends Error {
  readonly status = 401;

  constructor(
    readonly code: UnauthorizedCode,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES[code], options);
    this.name = 'UnauthorizedError';
  }

  /** RFC 6750 challenge for the response's WWW-Authenticate header. */
  get wwwAuthenticate(): string {
    return this.code === 'missing_token'
      ? 'Bearer'
      : `Bearer error="invalid_token", error_description="${this.message.replaceAll('"', "'")}"`;
  }
}

export interface VerifiedAccessToken {
  sub: string;
  iss: string;
  email?: string;
  name?: string;
  nickname?: string;
  picture?: string;
  /** Only from the embedded provider: the role a demo (or configured admin) account starts with. */
  demoRole?: Role;
  /** The provider vouches that the bearer owns `email`. */
  emailVerified: boolean;
  /** Only from the embedded provider: the session the token belongs to, refused once it ended. */
  session?: string;
}

export interface AccessTokenVerifierOptions {
  /** The token issuer exactly as in `iss`, with its trailing slash (Auth0: `https://tenant/`). */
  issuer: string;
  /**
   * Other `iss` values of the same provider: the embedded one answers at each address the app does
   * (127.0.0.1 as well as PUBLIC_URL), each under its own issuer. Their tokens are read as `issuer`'s,
   * so one account stays one user whichever address it logged in at.
   */
  aliases?: string[];
  /** The API identifier the token must be addressed to. */
  audience: string;
  /** Where to fetch the signing keys; defaults to `${issuer}.well-known/jwks.json` (Auth0's and ours). */
  jwksUrl?: string;
  /** Signing keys held locally (the embedded provider's), so the API need not fetch from itself. */
  jwks?: JSONWebKeySet;
}

export interface AccessTokenVerifier {
  verify(token: string | null | undefined): Promise<VerifiedAccessToken>;
  /** Reads `Authorization: Bearer <token>`; anything else counts as no token. */
  verifyAuthorizationHeader(header: string | null | undefined): Promise<VerifiedAccessToken>;
}

/** Auth0 and every other provider we accept sign access tokens with RS256; nothing else is tried. */
const ALGORITHM = 'RS256';
/** Matches the SPA SDK's leeway, so a token the client still uses is not refused for clock skew. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** Tokens remembered as verified; about one per active session. */
const VERIFIED_CACHE_SIZE = 10_000;
/** Claims only ID tokens carry: a token with one of them is proof of sign-in, not of access. */
const ID_TOKEN_ONLY_CLAIMS = ['nonce', 'at_hash', 'c_hash', 's_hash'];

function normalizedType(typ: string | undefined): string | undefined {
  if (typ === undefined) return undefined;
  const lower = typ.toLowerCase();
  return lower.startsWith('application/') ? lower.slice('application/'.length) : lower;
}

function decodeUnverified(token: string): { alg: unknown; typ: string | undefined; payload: JWTPayload } {
  try {
    const header = decodeProtectedHeader(token);
    return { alg: header.alg, typ: normalizedType(header.typ), payload: decodeJwt(token) };
  } catch (cause) {
    throw new UnauthorizedError('invalid_token', { cause });
  }
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function asRole(value: unknown): Role | undefined {
  return ROLES.find((role) => role === value);
}

/** Faults of the token itself. Anything else (a key set that cannot be fetched) is an outage. */
const TOKEN_FAULTS = [
  errors.JWSInvalid,
  errors.JWTInvalid,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWTClaimValidationFailed,
];

function toUnauthorized(error: unknown): unknown {
  if (error instanceof errors.JWTExpired) return new UnauthorizedError('token_expired', { cause: error });
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return new UnauthorizedError('wrong_audience', { cause: error });
    if (error.claim === 'iss') return new UnauthorizedError('wrong_issuer', { cause: error });
  }
  if (TOKEN_FAULTS.some((fault) => error instanceof fault))
    return new UnauthorizedError('invalid_token', { cause: error });
  return error;
}

export function bearerToken(header: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const { issuer, audience } = options;
  const issuers = [issuer, ...(options.aliases ?? [])];
  const keys: JWTVerifyGetKey = options.jwks
    ? createLocalJWKSet(options.jwks)
    : createRemoteJWKSet(new URL(options.jwksUrl ?? '.well-known/jwks.json', issuer));

  // A browser sends the same token with every call until it expires; checking its RS256 signature
  // each time cost about a tenth of the API's CPU under load. A token verified once is trusted until
  // the moment jwtVerify itself would refuse it (expiry plus the clock tolerance).
  // Expiry is checked against the wall clock, like jwtVerify checks `exp`; the cache only bounds the count.
  const verified = new LRUCache<string, { identity: VerifiedAccessToken; validUntilMs: number }>({
    max: VERIFIED_CACHE_SIZE,
  });

  async function verify(token: string | null | undefined): Promise<VerifiedAccessToken> {
    if (!token) throw new UnauthorizedError('missing_token');
    const known = verified.get(token);
    if (known && Date.now() < known.validUntilMs) return known.identity;
    if (known) verified.delete(token);

    // Cheap, specific refusals before any key lookup. They read unverified data, so they may only
    // ever refuse; acceptance comes from jwtVerify below.
    const unverified = decodeUnverified(token);
    if (unverified.alg !== ALGORITHM) throw new UnauthorizedError('invalid_token');
    if (typeof unverified.payload.iss !== 'string' || !issuers.includes(unverified.payload.iss))
      throw new UnauthorizedError('wrong_issuer');
    const looksLikeIdToken =
      ID_TOKEN_ONLY_CLAIMS.some((claim) => claim in unverified.payload) ||
      (unverified.typ !== undefined && unverified.typ !== 'at+jwt' && unverified.typ !== 'jwt');
    if (looksLikeIdToken) throw new UnauthorizedError('not_an_access_token');
    // A token bound to a key (`cnf`: DPoP or mTLS) is only as good as the proof of that key, which a
    // bearer-only API never sees: taking it as a bearer token would undo the binding (RFC 9449 §7.2).
    if ('cnf' in unverified.payload) throw new UnauthorizedError('sender_constrained');

    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: [ALGORITHM],
        issuer: issuers,
        audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      throw toUnauthorized(error);
    }

    const identity: VerifiedAccessToken = {
      sub: payload.sub!,
      iss: issuer,
      email: asString(payload.email),
      name: asString(payload.name),
      nickname: asString(payload.nickname),
      picture: asString(payload.picture),
      demoRole: asRole(payload[DEMO_ROLE_CLAIM]),
      emailVerified: payload.email_verified === true,
      session: asString(payload[SESSION_CLAIM]),
    };
    verified.set(token, { identity, validUntilMs: (payload.exp! + CLOCK_TOLERANCE_SECONDS) * 1000 });
    return identity;
  }

  return {
    verify,
    verifyAuthorizationHeader: (header) => verify(bearerToken(header)),
  };
}
