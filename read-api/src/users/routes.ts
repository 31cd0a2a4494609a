import { Router } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';

const balanceBody = z.object({ name: z.string().min(1, 'name is required').max(100) });
const usersPage = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().refine((size) => [10, 20, 50].includes(size), 'pageSize must be 10, 20 or 50').default(10),
});

/** Queries about user accounts (spec §7 user calls). */
export function userQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();
  const signedIn = requireUser(deps.resolveUser);

  router.get('/api/get-user', signedIn, async (req, res) => {
    const { rows } = await deps.pool.query(
      `SELECT user_id AS "userId", username, email, nickname, bio, profile_picture AS "profilePicture", role
         FROM read.users WHERE user_id = $1`,
      [req.user!.userId],
    );
    res.json(rows[0]);
  });

  // Games join this list once the games capability exists; until then every user has none.
  router.get('/api/get-user-games', signedIn, (_req, res) => {
    res.json([]);
  });

  router.post('/api/get-balance-of-account-from-username', signedIn, async (req, res) => {
    const { name } = parseBody(balanceBody, req.body);
    if (req.user!.role !== 'admin' && name.toLowerCase() !== req.user!.username.toLowerCase()) {
      throw new ApiError(403, 'forbidden', 'You can only see your own balance.');
    }
    const { rows } = await deps.pool.query<{ balance_cents: number }>(
      'SELECT balance_cents FROM read.users WHERE lower(username) = lower($1) AND NOT deleted LIMIT 1',
      [name],
    );
    if (!rows[0]) throw new ApiError(404, 'not_found', `There is no account with the username ${name}.`);
    res.type('text/plain').send(String(rows[0].balance_cents));
  });

  router.get('/api/get-users', requireUser(deps.resolveUser, ['admin']), async (req, res) => {
    const { page, pageSize } = parseBody(usersPage, req.query);
    const [list, count] = await Promise.all([
      deps.pool.query(
        `SELECT user_id AS "userId", username, email, profile_picture AS "profilePicture", role
           FROM read.users WHERE NOT deleted ORDER BY registered_at, user_id LIMIT $1 OFFSET $2`,
        [pageSize, page * pageSize],
      ),
      deps.pool.query<{ total: number }>('SELECT count(*)::bigint AS total FROM read.users WHERE NOT deleted'),
    ]);
    res.setHeader('X-Total-Count', String(count.rows[0]!.total));
    res.json(list.rows);
  });

  return router;
}
