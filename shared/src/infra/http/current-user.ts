import type { RequestHandler } from 'express';
import type pg from 'pg';
import { userDecider } from '../../domain/users/decider';
import { userStream, type Role } from '../../domain/users/events';
import { handleCommand } from '../commands/command-handler';
import type { EventStore } from '../eventstore/port';
import { bearerToken, UnauthorizedError, type VerifiedAccessToken } from '../identity/verify-access-token';
import { stableId } from '../ids';
import type { ProjectionProgress } from '../projections/projection-progress';
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
  }
}

export const userIdFor = (identity: Pick<VerifiedAccessToken, 'iss' | 'sub'>) => stableId('user', identity.iss, identity.sub);

export interface UserRow {
  user_id: string;
  username: string | null;
  email: string | null;
  role: Role;
  deleted: boolean;
}

export interface CurrentUserDependencies {
  verify: VerifyAccessToken;
  pool: pg.Pool;
  store: EventStore;
  progress: ProjectionProgress;
  adminEmails: string[];
  /** Rows of recent callers, forgotten when the projector announces a role change or deletion. */
  cache?: CurrentUserCache<UserRow>;
}

/**
 * Resolves the bearer of the request's access token to their user record, registering them on
 * their first call (role `player`, `admin` for configured emails, the demo role for demo accounts).
 */
export function createUserResolver(deps: CurrentUserDependencies) {
  const lookup = async (userId: string): Promise<UserRow | undefined> => {
    const cached = deps.cache?.get(userId);
    if (cached) return cached;
    const generation = deps.cache?.currentGeneration ?? 0;
    const { rows } = await deps.pool.query<UserRow>('SELECT user_id, username, email, role, deleted FROM read.users WHERE user_id = $1', [userId]);
    if (rows[0]) deps.cache?.remember(userId, rows[0], generation);
    return rows[0];
  };

  /** The verifier hands out the same identity object for a token it has seen: hash it once. */
  const userIds = new WeakMap<VerifiedAccessToken, string>();

  return async function resolve(token: string): Promise<CurrentUser> {
    const identity = await deps.verify(token).catch((error: unknown) => {
      if (error instanceof UnauthorizedError) throw new ApiError(401, error.code, error.message);
      throw new ApiError(503, 'identity_unavailable', 'We cannot check your login right now. Please try again in a minute.');
    });
    let userId = userIds.get(identity);
    if (!userId) userIds.set(identity, (userId = userIdFor(identity)));
    let row = await lookup(userId);
    if (!row) {
      const email = (identity.email ?? '').toLowerCase();
      // ADMIN_EMAILS counts only for an address the identity provider has verified.
      const role: Role = identity.emailVerified && deps.adminEmails.includes(email) ? 'admin' : (identity.demoRole ?? 'player');
      const outcome = await handleCommand({
        store: deps.store,
        decider: userDecider,
        streamId: userStream(userId),
        command: {
          type: 'RegisterUser',
          userId,
          issuer: identity.iss,
          subject: identity.sub,
          email,
          nickname: identity.nickname ?? identity.name ?? '',
          profilePicture: identity.picture ?? '/avatars/1.svg',
          role,
        },
        context: { now: new Date(), newId: () => userId, actorId: userId },
        metadata: { userId, correlationId: `register-${userId}` },
        commandId: `register-${userId}`,
      });
      if (outcome.appended) await deps.progress.waitFor(['users'], outcome.appended.checkpoint, 5000);
      row = await lookup(userId);
      if (!row) throw new ApiError(503, 'registering', 'Your account is being set up. Please try again in a moment.');
    }
    if (row.deleted) throw new ApiError(403, 'user_deleted', 'This account has been deleted. Contact an administrator if this is a mistake.');
    return { userId: row.user_id, username: row.username ?? '', email: row.email ?? '', role: row.role };
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
