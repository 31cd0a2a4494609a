/** The partner application form and the admins' list of applications, for the web and the services. */
import { z } from 'zod';
import { applicationProblems, SUBFIELDS_PROBLEM, type ApplicationStatus } from '../domain/partners/rules';
import type { PartnerApplicationForm } from '../domain/partners/events';
import { requiredId, singleLineText, storableText } from './text';

// Its texts live in partner-texts.ts (no schemas there); every importer of this module keeps finding them here.
export * from './partner-texts';

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
