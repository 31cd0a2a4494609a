import { Router } from 'express';
import type pg from 'pg';
import { fieldOwnerRequestSchema } from '@playtime/shared/contract/payments';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';

/**
 * Queries about payments (spec §7). The spec asks them with POST: the proxy sends them to the read
 * APIs by path (deploy/Caddyfile, @reads_by_post), the standalone app has them on the same server.
 */
export function paymentQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();
  const anyUser = requireUser(deps.resolveUser);

  // The rental's payment receiver: the username of the owner of the field named (the first added, if two share it).
  router.post('/api/find-username-of-field-owner', anyUser, async (req, res) => {
    const { fieldName } = parseBody(fieldOwnerRequestSchema, req.body);
    const { rows } = await deps.pool.query<{ username: string | null }>(
      `SELECT u.username FROM read.fields f JOIN read.users u ON u.user_id = f.owner_id
        WHERE lower(f.name) = lower($1) AND NOT f.deleted AND NOT u.deleted ORDER BY f.added_at LIMIT 1`,
      [fieldName],
    );
    if (!rows[0]) throw new ApiError(404, 'field_not_found', `There is no field named "${fieldName}".`);
    if (!rows[0].username)
      throw new ApiError(
        404,
        'owner_has_no_username',
        `The owner of "${fieldName}" has no username to receive payments.`,
      );
    res.type('text/plain').send(rows[0].username);
  });

  return router;
}
