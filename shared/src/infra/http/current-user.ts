import type { RequestHandler } from 'express';
import type pg from 'pg';
import type { Role } from '../../domain/users/events';
import { bearerToken, UnauthorizedError, type VerifiedAccessToken } from '../identity/verify-access-token';
import { stableId } from '../ids';
import type { CurrentUserCache } from './current-user-cache';
import { ApiError } from './errors';

export type VerifyAccessToken = (token: string) => Promise<VerifiedAccessToken>;

export interface CurrentUser {
  userId: string;
  username: string;
  email: string;
  role: Role;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: CurrentUser;
    /** Set by requireIdentity: who the token says the caller is, registered or not. */
    identity?: VerifiedAccessToken;
  }
}

export const userIdFor = (identity: Pick<VerifiedAccessToken, 'iss' | 'sub'>) =>
  stableId('user', identity.iss, identity.sub);

export interface UserRow {
  user_id: string;
  username: string | null;
  email: string | null;
  role: Role;
  deleted: boolean;
}

export interface CurrentUserDependencies {
  verify: VerifyAccessToken;
  /**
   * Where the caller's record is read when it is not cached: the read model on the read side
   * (readUserRow), the user's own stream on the write side (userRowInLog), which decides from no
   * projection.
   */
  readUser: (userId: string) => Promise<UserRow | undefined>;
  /** Rows of recent callers, forgotten when the projector announces a role change or deletion. */
  cache?: CurrentUserCache<UserRow>;
}

/** The verified identity behind an access token; a bad token is a 401, an unreachable provider a 503. */
export async function verifyIdentity(verify: VerifyAccessToken, token: string): Promise<VerifiedAccessToken> {
  return verify(token).catch((error: unknown) => {
    if (error instanceof UnauthorizedError) throw new ApiError(401, error.code, error.message);
    throw new ApiError(
      503,
      'identity_unavailable',
      'We cannot check your login right now. Please try again in a minute.',
    );
  });
}

/** The user's row in read.users, read now (no cache): for decisions that must see the latest role. */
export async function readUserRow(pool: Pick<pg.Pool, 'query'>, userId: string): Promise<UserRow | undefined> {
  const { rows } = await pool.query<UserRow>(
    'SELECT user_id, username, email, role, deleted FROM read.users WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

/** What a lookup of another user by username answers when there is no one, or more than one, to name. */
export const noUserNamed = (username: string) =>
  new ApiError(404, 'user_not_found', `There is no account with the username ${username}.`);
export const manyUsersNamed = (username: string) =>
  new ApiError(409, 'ambiguous_username', `More than one account has the username ${username}.`);

/**
 * The id of the account with this username (compared case-insensitively) in the read model, for the
 * read side's calls that name another user: 404 when there is none, 409 when accounts from before
 * usernames were claimed share it. The write side asks the log instead (commands/users-in-log.ts).
 */
export async function userIdOfUsername(pool: Pick<pg.Pool, 'query'>, username: string): Promise<string> {
  const { rows } = await pool.query<{ user_id: string }>(
    'SELECT user_id FROM read.users WHERE lower(username) = lower($1) AND NOT deleted LIMIT 2',
    [username],
  );
  if (!rows[0]) throw noUserNamed(username);
  if (rows.length > 1) throw manyUsersNamed(username);
  return rows[0].user_id;
}

export const NOT_REGISTERED = 'not_registered';

/** A registered, not deleted user's row as the caller of a request. */
export function currentUserFrom(row: UserRow | undefined): CurrentUser {
  if (!row) {
    throw new ApiError(
      403,
      NOT_REGISTERED,
      'Your account is not registered yet: register it (POST /api/register-user), then try again.',
    );
  }
  if (row.deleted)
    throw new ApiError(
      403,
      'user_deleted',
      'This account has been deleted. Contact an administrator if this is a mistake.',
    );
  return { userId: row.user_id, username: row.username ?? '', email: row.email ?? '', role: row.role };
}

/**
 * Resolves the bearer of the request's access token to their user record. It only reads: a caller
 * who has not registered (POST /api/register-user, which the web sends after every login) gets a 403
 * `not_registered` telling them to.
 */
export function createUserResolver(deps: CurrentUserDependencies) {
  const lookup = async (userId: string): Promise<UserRow | undefined> => {
    const cached = deps.cache?.get(userId);
    if (cached) return cached;
    const generation = deps.cache?.currentGeneration ?? 0;
    const row = await deps.readUser(userId);
    if (row) deps.cache?.remember(userId, row, generation);
    return row;
  };

  /** The verifier hands out the same identity object for a token it has seen: hash it once. */
  const userIds = new WeakMap<VerifiedAccessToken, string>();

  return async function resolve(token: string): Promise<CurrentUser> {
    const identity = await verifyIdentity(deps.verify, token);
    let userId = userIds.get(identity);
    if (!userId) userIds.set(identity, (userId = userIdFor(identity)));
    return currentUserFrom(await lookup(userId));
  };
}

export type ResolveUser = ReturnType<typeof createUserResolver>;

/**
 * Requires a valid access token (401 otherwise) and, when roles are given, one of them (403
 * otherwise, with `refusal` as the message when the screen has its own words for it).
 */
export function requireUser(resolve: ResolveUser, roles?: readonly Role[], refusal?: string): RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) return next(new ApiError(401, 'unauthenticated', 'Please log in to do this.'));
    resolve(token)
      .then((user) => {
        if (roles && !roles.includes(user.role)) {
          return next(new ApiError(403, 'forbidden', refusal ?? `This needs one of these roles: ${roles.join(', ')}.`));
        }
        req.user = user;
        next();
      })
      .catch(next);
  };
}

/** A caller who may be logged in or not (a public form): `req.user` when a token came, and it must be valid then. */
export function optionalUser(resolve: ResolveUser): RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) return next();
    resolve(token)
      .then((user) => {
        req.user = user;
        next();
      })
      .catch(next);
  };
}

/** Requires a valid access token (401 otherwise) and keeps its identity; the caller need not be registered. */
export function requireIdentity(verify: VerifyAccessToken): RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) return next(new ApiError(401, 'unauthenticated', 'Please log in to do this.'));
    verifyIdentity(verify, token)
      .then((identity) => {
        req.identity = identity;
        next();
      })
      .catch(next);
  };
}
