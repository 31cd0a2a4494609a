import { Router } from 'express';
import type pg from 'pg';
import { TOTAL_COUNT_HEADER } from '@playtime/shared/contract/headers';
import { partnerApplicationsQuery } from '@playtime/shared/contract/partners';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { parseBody } from '@playtime/shared/infra/http/errors';

/** A row as the admin's table and the applicant's status show it (PartnerApplicationRow). */
const APPLICATION_ROW = `
  SELECT application_id AS "applicationId", submitted_at AS "submittedAt", contact_name AS "contactName", email, phone,
         field_name AS "fieldName", address || ', ' || city || ' ' || zip_code AS location, sub_fields AS "subFields", message, status
    FROM read.partner_applications`;

/** Partner applications: the admins' paged list, and a logged-in applicant's own. */
export function partnerQueryRoutes(deps: { pool: pg.Pool; resolveUser: ResolveUser }): Router {
  const router = Router();

  router.get('/api/admin/partner-applications', requireUser(deps.resolveUser, ['admin'], 'Only admins can read partner applications.'), async (req, res) => {
    const { page, pageSize } = parseBody(partnerApplicationsQuery, req.query);
    const [list, count] = await Promise.all([
      deps.pool.query(`${APPLICATION_ROW} ORDER BY submitted_at DESC, application_id LIMIT $1 OFFSET $2`, [pageSize, page * pageSize]),
      deps.pool.query<{ total: string }>('SELECT count(*)::bigint AS total FROM read.partner_applications'),
    ]);
    res.setHeader(TOTAL_COUNT_HEADER, count.rows[0]!.total);
    res.json(list.rows);
  });

  // The applicant's own: sent while logged in, or with the email they log in with.
  router.get('/api/my-partner-applications', requireUser(deps.resolveUser), async (req, res) => {
    const { rows } = await deps.pool.query(`${APPLICATION_ROW} WHERE applicant_id = $1 OR lower(email) = lower($2) ORDER BY submitted_at DESC LIMIT 20`, [
      req.user!.userId,
      req.user!.email,
    ]);
    res.json(rows);
  });

  return router;
}
