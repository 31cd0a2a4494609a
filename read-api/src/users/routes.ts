import { Router } from 'express';
import { readBalanceCents } from '../payments/read-balance';
import { standingsOf } from './reliability';
import type { NoShowBan } from '@playtime/shared/domain/users/reliability';
import type pg from 'pg';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { TOTAL_COUNT_HEADER } from '@playtime/shared/contract/headers';
import { balanceBody, usersPageQuery, type AdminUserRow, type CurrentUser } from '@playtime/shared/contract/users';
import { requireUser, userIdOfUsername, type ResolveUser } from '@playtime/shared/infra/http/current-user';

/** Queries about user accounts (spec §7 user calls). */
export function userQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser; noShowBan: NoShowBan }): Router {
  const router = Router();
  const signedIn = requireUser(deps.resolveUser);

  router.get('/api/get-user', signedIn, async (req, res) => {
    const { rows } = await deps.pool.query<CurrentUser>(
      `SELECT user_id AS "userId", username, email, nickname, bio, profile_picture AS "profilePicture", role
         FROM read.users WHERE user_id = $1`,
      [req.user!.userId],
    );
    const user = rows[0];
    if (!user) {
      res.json(user);
      return;
    }
    const { percent, games, noShows } = (await standingsOf(deps.pool, [user.userId], deps.noShowBan)).get(user.userId)!;
    const answer: CurrentUser = { ...user, reliability: { percent, games, noShows } };
    res.json(answer);
  });

  // What the user has received as organizer or owner, minus refunds and fees, in cents (DESIGN §7), from the ledger.
  router.post('/api/get-balance-of-account-from-username', signedIn, async (req, res) => {
    const { name } = parseBody(balanceBody, req.body);
    const user = req.user!;
    let accountId = user.userId;
    if (user.role !== 'admin') {
      // Compared with the caller's own (unique) username; the balance is then read by their id.
      if (name.toLowerCase() !== user.username.toLowerCase())
        throw new ApiError(403, 'forbidden', 'You can only see your own balance.');
    } else {
      accountId = await userIdOfUsername(deps.pool, name);
    }
    res.type('text/plain').send(String(await readBalanceCents(deps.pool, accountId)));
  });

  router.get('/api/get-users', requireUser(deps.resolveUser, ['admin']), async (req, res) => {
    const { page, pageSize } = parseBody(usersPageQuery, req.query);
    const [list, count] = await Promise.all([
      deps.pool.query<Omit<AdminUserRow, 'noShows' | 'noShowGameIds'>>(
        `SELECT user_id AS "userId", username, email, profile_picture AS "profilePicture", role
           FROM read.users WHERE NOT deleted ORDER BY registered_at, user_id LIMIT $1 OFFSET $2`,
        [pageSize, page * pageSize],
      ),
      deps.pool.query<{ total: number }>('SELECT count(*)::bigint AS total FROM read.users WHERE NOT deleted'),
    ]);
    res.setHeader(TOTAL_COUNT_HEADER, String(count.rows[0]!.total));
    const standings = await standingsOf(
      deps.pool,
      list.rows.map((row) => row.userId),
      deps.noShowBan,
    );
    const rows: AdminUserRow[] = list.rows.map((row) => {
      const { noShows, noShowGameIds } = standings.get(row.userId)!;
      return { ...row, noShows, noShowGameIds };
    });
    res.json(rows);
  });

  return router;
}
