import { DomainError, decideByType, unknownType, type CommandOf, type DecisionContext, type Decider } from '../decider';
import type { EventOf } from '../event-schemas';
import type { PartnerApplicationForm, PartnerEvent, PartnerSheetImported } from './events';
import { applicationProblems, type ApplicationStatus } from './rules';

/** Who sends an application from the form: the signed-in account, with its email. */
export interface Applicant {
  userId: string;
  email: string;
}

export type PartnerCommand =
  | {
      type: 'SubmitApplication';
      applicationId: string;
      form: PartnerApplicationForm;
      applicant: Applicant | null;
      source?: 'form' | 'sheet';
    }
  | { type: 'ApproveApplication' }
  | { type: 'DeclineApplication' }
  | { type: 'RevokeApproval' }
  /** The signed-in user confirms an application without an account as theirs; the identity provider vouches for `email` when `emailVerified`. */
  | { type: 'ClaimApplication'; userId: string; email: string; emailVerified: boolean };

export type PartnerApplicationState =
  | { status: 'none' }
  | {
      status: ApplicationStatus;
      applicationId: string;
      email: string;
      /** The account the application belongs to; none yet for a spreadsheet row nobody has claimed. */
      applicantId: string | null;
      /** How many times an admin has decided on it (approve, decline, revoke): the applicant's account follows the latest. */
      decisions: number;
    };

export const SIGN_IN_TO_APPLY = 'Log in or sign up to apply: an application belongs to the account that sends it.';

type Command<Type extends PartnerCommand['type']> = CommandOf<PartnerCommand, Type>;
type Application = Exclude<PartnerApplicationState, { status: 'none' }>;

function submitApplication(
  command: Command<'SubmitApplication'>,
  state: PartnerApplicationState,
  context: DecisionContext,
): PartnerEvent[] {
  if (state.status !== 'none') return []; // the same submission again (a retried request)
  const source = command.source ?? 'form';
  const { applicant } = command;
  // Whoever could type any email could make someone else a field owner: the form is the signed-in account's own.
  if (source === 'form' && !applicant) throw new DomainError('forbidden', 'sign_in_to_apply', SIGN_IN_TO_APPLY);
  if (applicant && command.form.email.trim().toLowerCase() !== applicant.email.toLowerCase()) {
    const problem = applicant.email
      ? `Applications use your account's email, ${applicant.email}.`
      : 'Your account has no email address: sign in with one to apply.';
    throw new DomainError('invalid', 'not_your_email', problem, { email: problem });
  }
  const problems = applicationProblems(command.form);
  const first = Object.values(problems)[0];
  if (first !== undefined) throw new DomainError('invalid', 'invalid_application', first, problems);
  const form = { ...command.form, email: command.form.email.trim().toLowerCase() };
  return [
    {
      type: 'PartnerApplicationSubmitted',
      data: {
        ...form,
        applicationId: command.applicationId,
        submittedAt: context.now.toISOString(),
        applicantId: applicant?.userId ?? null,
        source,
      },
    },
  ];
}

function submitted(state: PartnerApplicationState): Application {
  if (state.status === 'none')
    throw new DomainError('not_found', 'application_not_found', 'There is no application with this id.');
  return state;
}

function answeringAdmin(context: DecisionContext): string {
  if (!context.actorId) throw new DomainError('forbidden', 'admins_only', 'Only admins can answer applications.');
  return context.actorId;
}

// An admin may change their mind: a declined or revoked application can still be approved.
function approveApplication(state: PartnerApplicationState, context: DecisionContext): PartnerEvent[] {
  const application = submitted(state);
  const admin = answeringAdmin(context);
  if (application.status === 'approved') return [];
  return [
    {
      type: 'PartnerApplicationApproved',
      data: { applicationId: application.applicationId, email: application.email, approvedBy: admin },
    },
  ];
}

function declineApplication(state: PartnerApplicationState, context: DecisionContext): PartnerEvent[] {
  const application = submitted(state);
  const admin = answeringAdmin(context);
  if (application.status === 'declined') return [];
  if (application.status === 'approved')
    throw new DomainError(
      'conflict',
      'application_approved',
      'This application was approved. Revoke the approval instead.',
    );
  if (application.status === 'revoked')
    throw new DomainError('conflict', 'application_revoked', 'The approval of this application was revoked already.');
  return [
    { type: 'PartnerApplicationDeclined', data: { applicationId: application.applicationId, declinedBy: admin } },
  ];
}

function revokeApproval(state: PartnerApplicationState, context: DecisionContext): PartnerEvent[] {
  const application = submitted(state);
  const admin = answeringAdmin(context);
  if (application.status === 'revoked') return [];
  if (application.status !== 'approved')
    throw new DomainError('conflict', 'application_not_approved', 'Only an approved application can be revoked.');
  return [{ type: 'PartnerApplicationRevoked', data: { applicationId: application.applicationId, revokedBy: admin } }];
}

function claimApplication(command: Command<'ClaimApplication'>, state: PartnerApplicationState): PartnerEvent[] {
  const application = submitted(state);
  if (application.applicantId === command.userId) return [];
  if (application.applicantId !== null)
    throw new DomainError('conflict', 'application_has_account', 'This application belongs to another account.');
  if (command.email.trim().toLowerCase() !== application.email)
    throw new DomainError(
      'forbidden',
      'not_your_application',
      'This application names another email than your account.',
    );
  if (!command.emailVerified) {
    throw new DomainError(
      'forbidden',
      'email_not_verified',
      'Verify your email address with your sign-in provider first: only its verified owner can claim an application.',
    );
  }
  return [
    {
      type: 'PartnerApplicationClaimed',
      data: { applicationId: application.applicationId, applicantId: command.userId },
    },
  ];
}

export const partnerApplicationDecider: Decider<PartnerCommand, PartnerEvent, PartnerApplicationState> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'PartnerApplicationSubmitted':
        return {
          status: 'submitted',
          applicationId: event.data.applicationId,
          email: event.data.email,
          applicantId: event.data.applicantId,
          decisions: 0,
        };
      case 'PartnerApplicationApproved':
        return state.status === 'none' ? state : { ...state, status: 'approved', decisions: state.decisions + 1 };
      case 'PartnerApplicationDeclined':
        return state.status === 'none' ? state : { ...state, status: 'declined', decisions: state.decisions + 1 };
      case 'PartnerApplicationRevoked':
        return state.status === 'none' ? state : { ...state, status: 'revoked', decisions: state.decisions + 1 };
      case 'PartnerApplicationClaimed':
        return state.status === 'none' ? state : { ...state, applicantId: event.data.applicantId };
      case 'PartnerSheetImported':
        return state;
      default:
        return unknownType(event);
    }
  },

  decide: decideByType({
    SubmitApplication: submitApplication,
    ApproveApplication: (_command, state, context) => approveApplication(state, context),
    DeclineApplication: (_command, state, context) => declineApplication(state, context),
    RevokeApproval: (_command, state, context) => revokeApproval(state, context),
    ClaimApplication: claimApplication,
  }),
};

/**
 * What the applicant's account follows: the application's latest decision, numbered, so the account
 * applies each decision once and never an older one after a newer. Null while nobody has decided or
 * no account holds the application.
 */
export function decisionForApplicant(
  state: PartnerApplicationState,
): { userId: string; applicationId: string; decision: number; approved: boolean } | null {
  if (state.status === 'none' || state.applicantId === null || state.decisions === 0) return null;
  return {
    userId: state.applicantId,
    applicationId: state.applicationId,
    decision: state.decisions,
    approved: state.status === 'approved',
  };
}

export type SheetImport = EventOf<typeof PartnerSheetImported>['data'];

/**
 * The spreadsheet import's stream: each run is recorded as it went, so admins see the last one and
 * its row errors. Rows themselves become applications through partnerApplicationDecider.
 */
export const partnerSheetDecider: Decider<
  { type: 'RecordSheetImport'; outcome: SheetImport },
  PartnerEvent,
  { runs: number }
> = {
  initialState: () => ({ runs: 0 }),
  evolve: (state, event) => (event.type === 'PartnerSheetImported' ? { runs: state.runs + 1 } : state),
  decide(command) {
    switch (command.type) {
      case 'RecordSheetImport':
        return [{ type: 'PartnerSheetImported', data: command.outcome }];
      default:
        return unknownType(command.type);
    }
  },
};
