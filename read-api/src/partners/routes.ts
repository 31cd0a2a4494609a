import { Router } from 'express';
import type pg from 'pg';
import { TOTAL_COUNT_HEADER } from '@playtime/shared/contract/headers';
import {
  partnerApplicationsQuery,
  type PartnerApplicationRow,
  type PartnerSheetStatus,
} from '@playtime/shared/contract/partners';
import {
  requireIdentity,
  requireUser,
  type ResolveUser,
  type VerifyAccessToken,
} from '@playtime/shared/infra/http/current-user';
import { parseBody } from '@playtime/shared/infra/http/errors';
import type { ReadModelRow } from '@playtime/shared/contract/read-models';

/** A row as the admin's table and the applicant's status show it (PartnerApplicationRow). */
const APPLICATION_ROW = `
  SELECT application_id AS "applicationId", submitted_at AS "submittedAt", contact_name AS "contactName", email, phone,
         field_name AS "fieldName", address || ', ' || city || ' ' || zip_code AS location, sub_fields AS "subFields", message, status,
         applicant_id IS NOT NULL AS "hasAccount"
    FROM read.partner_applications`;

/** Partner applications: the admins' paged list, and a logged-in applicant's own. */
export function partnerQueryRoutes(deps: {
  pool: pg.Pool;
  resolveUser: ResolveUser;
  identity: { verify: VerifyAccessToken };
  partnerSheetUrl: string | null;
}): Router {
  const router = Router();
  const admin = requireUser(deps.resolveUser, ['admin'], 'Only admins can read partner applications.');

  // The spreadsheet import's last run, for the admins' tab.
  router.get('/api/admin/partner-sheet', admin, async (_req, res) => {
    const { rows } = await deps.pool.query<
      ReadModelRow<
        'partner_sheet_imports',
        {
          imported_at: Date;
          rows: number;
          imported: number;
          duplicates: number;
          errors: Array<{ row: number; message: string }>;
          failure: string | null;
        }
      >
    >(
      'SELECT imported_at, rows, imported, duplicates, errors, failure FROM read.partner_sheet_imports ORDER BY imported_at DESC LIMIT 1',
    );
    const last = rows[0];
    const status: PartnerSheetStatus = {
      url: deps.partnerSheetUrl,
      last: last
        ? {
            at: last.imported_at.toISOString(),
            rows: last.rows,
            imported: last.imported,
            duplicates: last.duplicates,
            errors: last.errors,
            failure: last.failure,
          }
        : null,
    };
    res.json(status);
  });

  router.get('/api/admin/partner-applications', admin, async (req, res) => {
    const { page, pageSize } = parseBody(partnerApplicationsQuery, req.query);
    const [list, count] = await Promise.all([
      deps.pool.query<PartnerApplicationRow>(
        `${APPLICATION_ROW} ORDER BY submitted_at DESC, application_id LIMIT $1 OFFSET $2`,
        [pageSize, page * pageSize],
      ),
      deps.pool.query<{ total: string }>('SELECT count(*)::bigint AS total FROM read.partner_applications'),
    ]);
    res.setHeader(TOTAL_COUNT_HEADER, count.rows[0]!.total);
    res.json(list.rows);
  });

  // The applicant's own, and the approved ones without an account that name their email, to claim
  // (hasAccount false): only when the identity provider vouches for that email now.
  router.get(
    '/api/my-partner-applications',
    requireIdentity(deps.identity.verify),
    requireUser(deps.resolveUser),
    async (req, res) => {
      const { email, emailVerified } = req.identity!;
      const { rows } = await deps.pool.query<PartnerApplicationRow>(
        `${APPLICATION_ROW}
        WHERE applicant_id = $1 OR (applicant_id IS NULL AND status = 'approved' AND $3 AND lower(email) = lower($2))
        ORDER BY submitted_at DESC LIMIT 20`,
        [req.user!.userId, email ?? '', emailVerified && Boolean(email)],
      );
      res.json(rows);
    },
  );

  return router;
}
