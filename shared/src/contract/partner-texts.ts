/**
 * The partner applications' texts: the applicant's status, the claim question, the admin's answers. Apart
 * from the form's and the list's schemas (partners.ts, which re-exports them), so the claim notice every
 * signed-in page may show does not download the schema library.
 */
import type { ApplicationStatus } from '../domain/partners/rules';

/** The applicant's view of their application's status (approved: while the account holds the role). */
export const APPLICATION_STATUS_TEXT = {
  submitted: 'Waiting for an answer',
  approved: 'Approved: you are a field owner',
  declined: 'Declined',
  revoked: 'Approval revoked',
} as const satisfies Record<ApplicationStatus, string>;
/** An approved application whose account an admin has given another role since. */
export const APPROVED_ROLE_CHANGED_TEXT = 'Approved';

/** What a guest sees instead of the application form. */
export const SIGN_IN_TO_APPLY_TEXT =
  'Log in or sign up first: your application belongs to your account, and its approval makes that account a field owner.';
export const SIGN_IN_TO_APPLY_BUTTON = 'Log in or sign up';
/** The email input of the form: the account's, not editable. */
export const ACCOUNT_EMAIL_HINT = "Your account's email: an admin's approval makes this account a field owner.";

/** Asked of a signed-in user whose verified email an approved application without an account names. */
export const claimQuestion = (fieldName: string) =>
  `An approved application names your email: ${fieldName}. Is it yours?`;
export const CLAIM_BUTTON = 'Yes, it is mine';
export const CLAIMED_TEXT = 'Confirmed: the application is yours, and your account is a field owner.';

/** The admin's answers, and what each did. */
export type ApplicationAnswer = 'approve' | 'decline' | 'revoke';
export const ANSWERED_TEXT = {
  approvedWithAccount: "Approved: the applicant's account is a field owner now.",
  approvedWithoutAccount:
    'Approved. This application has no account yet: the role goes to whoever signs in with its verified email and confirms it as theirs.',
  declined: 'Declined.',
  revoked: 'Approval revoked.',
} as const;
export const NO_ACCOUNT_YET = 'No account yet';
export const REVOKE_CONSEQUENCE =
  'The account goes back to the role it had before the approval, unless an admin has changed its role since.';
