import { Router, type Request, type Response } from 'express';
import { applicationIdBody, PARTNER_SHEET_NOT_SET, partnerApplicationBody } from '@playtime/shared/contract/partners';
import { decisionForApplicant, partnerApplicationDecider } from '@playtime/shared/domain/partners/decider';
import { partnerApplicationStream } from '@playtime/shared/domain/partners/events';
import { userDecider } from '@playtime/shared/domain/users/decider';
import { userStream } from '@playtime/shared/domain/users/events';
import { readCurrentState } from '@playtime/shared/infra/commands/current-state';
import {
  requireIdentity,
  requireUser,
  type ResolveUser,
  type VerifyAccessToken,
} from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { newIdFor, runCommand, type CommandDependencies } from '../http/run-command';
import { importPartnerSheet } from './sheet-import';

export type PartnerCommandDependencies = CommandDependencies & {
  resolveUser: ResolveUser;
  identity: { verify: VerifyAccessToken };
  /** PARTNER_SHEET_URL: the published partner spreadsheet, when one is imported. */
  partnerSheetUrl: string | null;
};

const ONLY_ADMINS = 'Only admins can answer applications.';

/**
 * The applicant's account follows the application's latest decision (decisionForApplicant): an
 * approval makes it a field owner, a revocation gives back what the approval replaced. Once per
 * decision, and whether or not the account's email was verified: the account itself applied, or
 * its verified owner claimed the application. Run after each answer also when the answer changed
 * nothing, so retrying a request cut off between the two writes completes it. Says whether the
 * application has an account yet.
 */
async function applicantFollows(
  deps: CommandDependencies,
  req: Request,
  res: Response,
  applicationId: string,
): Promise<boolean> {
  const { state } = await readCurrentState(
    deps.store,
    partnerApplicationDecider,
    partnerApplicationStream(applicationId),
    { cache: deps.streamStates },
  );
  const decision = decisionForApplicant(state);
  if (decision) {
    const { userId, ...command } = decision;
    await runCommand(deps, req, res, userDecider, userStream(userId), { type: 'ApplyPartnerDecision', ...command });
  }
  return state.status !== 'none' && state.applicantId !== null;
}

/** The signed-in user's application, the admins' answers to applications, and claims of rows that came without an account. */
export function partnerCommandRoutes(deps: PartnerCommandDependencies): Router {
  const router = Router();
  const admin = requireUser(deps.resolveUser, ['admin'], ONLY_ADMINS);
  const answer =
    (type: 'ApproveApplication' | 'DeclineApplication' | 'RevokeApproval') => async (req: Request, res: Response) => {
      const { applicationId } = parseBody(applicationIdBody, req.body);
      await runCommand(deps, req, res, partnerApplicationDecider, partnerApplicationStream(applicationId), { type });
      // A decline answers an application nobody approved yet: the account has nothing to follow.
      const granted = type === 'DeclineApplication' ? false : await applicantFollows(deps, req, res, applicationId);
      res.json(type === 'ApproveApplication' ? { ok: true, granted } : { ok: true });
    };

  // Only for the signed-in account, with its own email: nobody applies in someone else's name.
  router.post('/api/partner-applications', requireUser(deps.resolveUser), async (req, res) => {
    const form = parseBody(partnerApplicationBody, req.body);
    const applicationId = newIdFor(deps, req)();
    const { userId, email } = req.user!;
    await runCommand(deps, req, res, partnerApplicationDecider, partnerApplicationStream(applicationId), {
      type: 'SubmitApplication',
      applicationId,
      form,
      applicant: { userId, email },
    });
    res.json({ applicationId });
  });

  // `granted`: the application has an account, which is a field owner now; false for a row nobody has claimed yet.
  router.post('/api/admin/approve-partner-application', admin, answer('ApproveApplication'));
  router.post('/api/admin/decline-partner-application', admin, answer('DeclineApplication'));
  router.post('/api/admin/revoke-partner-application', admin, answer('RevokeApproval'));

  // The identity provider's verdict on the email is the token's, as it stands now (it may have been verified since sign-up).
  router.post(
    '/api/claim-partner-application',
    requireIdentity(deps.identity.verify),
    requireUser(deps.resolveUser),
    async (req, res) => {
      const { applicationId } = parseBody(applicationIdBody, req.body);
      const { email = '', emailVerified } = req.identity!;
      await runCommand(deps, req, res, partnerApplicationDecider, partnerApplicationStream(applicationId), {
        type: 'ClaimApplication',
        userId: req.user!.userId,
        email,
        emailVerified,
      });
      await applicantFollows(deps, req, res, applicationId);
      res.json({ ok: true });
    },
  );

  // Reads the spreadsheet now, rather than at its next turn.
  router.post('/api/admin/import-partner-sheet', admin, async (_req, res) => {
    if (!deps.partnerSheetUrl) throw new ApiError(409, 'partner_sheet_not_set', PARTNER_SHEET_NOT_SET);
    res.json(await importPartnerSheet(deps, deps.partnerSheetUrl));
  });

  return router;
}
