/** The partner application form and the admins' list of applications, for the web and the services. */
import { z } from 'zod';
import { applicationProblems, SUBFIELDS_PROBLEM, type ApplicationStatus } from '../domain/partners/rules';
import type { PartnerApplicationForm } from '../domain/partners/events';
import { requiredId, singleLineText, storableText } from './text';

export const PARTNER_PAGE_SIZES = [10, 20, 50] as const;

/** The form as the web holds it: every input is text until sent. */
export type PartnerApplicationInputs = Record<Exclude<keyof PartnerApplicationForm, 'subFields'>, string> & {
  subFields: number | string;
};

const text = (label: string) => storableText(label, 'Fill this in').max(5000).default('');
const line = (label: string) => singleLineText(label, 'Fill this in').max(5000).default('');

/** POST /api/partner-applications: the form's own rules (the decider's), each message on its input. */
export const partnerApplicationBody = z
  .object({
    contactName: line('Contact name'),
    email: line('Email'),
    phone: line('Phone'),
    fieldName: line('Field name'),
    address: line('Street address'),
    zipCode: line('Zip Code'),
    city: line('City'),
    subFields: z
      .union([z.number(), storableText('Number of sub-fields')], { error: SUBFIELDS_PROBLEM })
      .transform((value) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value))),
    message: text('Message'),
  })
  .superRefine((form, ctx) => {
    for (const [input, message] of Object.entries(applicationProblems(form)))
      ctx.addIssue({ code: 'custom', path: [input], message });
  });

/** The admin's approve and decline calls. */
export const applicationIdBody = z.object({ applicationId: requiredId('applicationId') });

/** GET /api/admin/partner-sheet: the published spreadsheet's import (PARTNER_SHEET_URL), when one is set. */
export interface PartnerSheetStatus {
  url: string | null;
  last: {
    at: string;
    rows: number;
    imported: number;
    duplicates: number;
    errors: Array<{ row: number; message: string }>;
    failure: string | null;
  } | null;
}

export const PARTNER_SHEET_NOT_SET = 'No partner spreadsheet is set up (PARTNER_SHEET_URL).';

/** A row of the admin's 'Field Owners Applications' table (its eight columns), and the applicant's own view. */
export interface PartnerApplicationRow {
  applicationId: string;
  submittedAt: string;
  contactName: string;
  email: string;
  phone: string;
  fieldName: string;
  /** Street address, city and zip joined. */
  location: string;
  subFields: number;
  message: string;
  status: ApplicationStatus;
  /** Whether it belongs to an account: false for a spreadsheet row nobody has claimed yet. */
  hasAccount: boolean;
}

export const partnerApplicationsQuery = z.object({
  page: z.coerce.number().int().min(0, 'page is 0 or more').default(0),
  pageSize: z.coerce
    .number()
    .pipe(
      z.union(
        PARTNER_PAGE_SIZES.map((size) => z.literal(size)),
        { error: `pageSize is one of ${PARTNER_PAGE_SIZES.join(', ')}` },
      ),
    )
    .default(10),
});

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
