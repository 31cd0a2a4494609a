import { Router, type Request, type Response } from 'express';
import type pg from 'pg';
import { applicationIdBody, PARTNER_SHEET_NOT_SET, partnerApplicationBody } from '@playtime/shared/contract/partners';
import { partnerApplicationDecider } from '@playtime/shared/domain/partners/decider';
import { partnerApplicationStream } from '@playtime/shared/domain/partners/events';
import { optionalUser, requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { newIdFor, runCommand, type CommandDependencies } from '../http/run-command';
import { changeRole } from '../users/accounts';
import { importPartnerSheet } from './sheet-import';

export type PartnerCommandDependencies = CommandDependencies & {
  pool: pg.Pool;
  resolveUser: ResolveUser;
  /** PARTNER_SHEET_URL: the published partner spreadsheet, when one is imported. */
  partnerSheetUrl: string | null;
};

const ONLY_ADMINS = 'Only admins can answer applications.';

/**
 * Makes the account with an approved application's email a field owner. Players and captains become
 * owners; an owner or an admin keeps their role. Emails are the identity provider's, verified at sign-up.
 */
export async function grantFieldOwner(deps: Omit<PartnerCommandDependencies, 'partnerSheetUrl'>, req: Request, res: Response, email: string): Promise<boolean> {
  const { rows } = await deps.pool.query<{ user_id: string; role: string }>(
    'SELECT user_id, role FROM read.users WHERE lower(email) = lower($1) AND NOT deleted AND email_verified',
    [email],
  );
  const account = rows[0];
  if (!account || account.role === 'field owner' || account.role === 'admin') return false;
  await changeRole(deps, req, res, account.user_id, 'field owner');
  return true;
}

/** A new account whose email an admin approved a partner application for becomes a field owner at sign-up. */
export async function grantApprovedApplicant(deps: Omit<PartnerCommandDependencies, 'partnerSheetUrl'>, req: Request, res: Response, email: string, emailVerified: boolean): Promise<void> {
  if (!emailVerified || email === '') return;
  const { rows } = await deps.pool.query(`SELECT 1 FROM read.partner_applications WHERE lower(email) = lower($1) AND status = 'approved' LIMIT 1`, [email]);
  if (rows.length > 0) await grantFieldOwner(deps, req, res, email);
}

/** The landing page's partner application, and the admins' answers to it. */
export function partnerCommandRoutes(deps: PartnerCommandDependencies): Router {
  const router = Router();
  const admin = requireUser(deps.resolveUser, ['admin'], ONLY_ADMINS);

  // Anyone may apply; a logged-in applicant sees their application's status later.
  router.post('/api/partner-applications', optionalUser(deps.resolveUser), async (req, res) => {
    const form = parseBody(partnerApplicationBody, req.body);
    const applicationId = newIdFor(deps, req)();
    await runCommand(deps, req, res, partnerApplicationDecider, partnerApplicationStream(applicationId), {
      type: 'SubmitApplication',
      applicationId,
      form,
      applicantId: req.user?.userId ?? null,
    });
    res.json({ applicationId });
  });

  router.post('/api/admin/approve-partner-application', admin, async (req, res) => {
    const { applicationId } = parseBody(applicationIdBody, req.body);
    const outcome = await runCommand(deps, req, res, partnerApplicationDecider, partnerApplicationStream(applicationId), { type: 'ApproveApplication' });
    const approved = outcome.events.find((event) => event.type === 'PartnerApplicationApproved');
    const granted = approved?.type === 'PartnerApplicationApproved' ? await grantFieldOwner(deps, req, res, approved.data.email) : false;
    res.json({ ok: true, granted });
  });

  // Reads the spreadsheet now, rather than at its next turn.
  router.post('/api/admin/import-partner-sheet', admin, async (_req, res) => {
    if (!deps.partnerSheetUrl) throw new ApiError(409, 'partner_sheet_not_set', PARTNER_SHEET_NOT_SET);
    res.json(await importPartnerSheet(deps, deps.partnerSheetUrl));
  });

  router.post('/api/admin/decline-partner-application', admin, async (req, res) => {
    const { applicationId } = parseBody(applicationIdBody, req.body);
    await runCommand(deps, req, res, partnerApplicationDecider, partnerApplicationStream(applicationId), { type: 'DeclineApplication' });
    res.json({ ok: true });
  });

  return router;
}
