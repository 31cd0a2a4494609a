import { z } from 'zod';
import { eventSchema, typesOf, type EventsOf } from '../event-schemas';
/** A field owner's request to become a partnered field, and the admin's answer. Stream: `partner-application-{id}`. */

/** What the applicant fills in on the landing page's form. */
const application = z.object({
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  fieldName: z.string(),
  address: z.string(),
  zipCode: z.string(),
  city: z.string(),
  subFields: z.number().int().positive(),
  message: z.string(),
});
export type PartnerApplicationForm = z.infer<typeof application>;

export const PartnerApplicationSubmitted = eventSchema(
  'PartnerApplicationSubmitted',
  application.extend({
    applicationId: z.string(),
    submittedAt: z.iso.datetime({ offset: true }),
    applicantId: z.string().nullable(),
    /** Where it came from: the landing page's form, or a row of the published partner spreadsheet (absent: the form). */
    source: z.enum(['form', 'sheet']).optional(),
  }),
);

export const PartnerApplicationApproved = eventSchema(
  'PartnerApplicationApproved',
  z.object({ applicationId: z.string(), email: z.string(), approvedBy: z.string() }),
);

export const PartnerApplicationDeclined = eventSchema(
  'PartnerApplicationDeclined',
  z.object({ applicationId: z.string(), declinedBy: z.string() }),
);

/** An admin took an approval back; approving again is still possible. */
export const PartnerApplicationRevoked = eventSchema(
  'PartnerApplicationRevoked',
  z.object({ applicationId: z.string(), revokedBy: z.string() }),
);

/**
 * An application that came without an account (a spreadsheet row, or a form sent before applying
 * needed one) confirmed as theirs by the signed-in user whose verified email it names.
 */
export const PartnerApplicationClaimed = eventSchema(
  'PartnerApplicationClaimed',
  z.object({ applicationId: z.string(), applicantId: z.string() }),
);

/** One run of the spreadsheet import: what it read, took and could not take (row numbers as the sheet counts them, header = 1). */
export const PartnerSheetImported = eventSchema(
  'PartnerSheetImported',
  z.object({
    url: z.string(),
    rows: z.number().int().nonnegative(),
    imported: z.number().int().nonnegative(),
    duplicates: z.number().int().nonnegative(),
    errors: z.array(z.object({ row: z.number().int().positive(), message: z.string() })),
    /** The sheet could not be read at all (HTTP status, network, format), in words an admin can act on. */
    failure: z.string().nullable(),
  }),
);

export const PARTNER_EVENTS = [
  PartnerApplicationSubmitted,
  PartnerApplicationApproved,
  PartnerApplicationDeclined,
  PartnerApplicationRevoked,
  PartnerApplicationClaimed,
  PartnerSheetImported,
] as const;

export type PartnerEvent = EventsOf<typeof PARTNER_EVENTS>;

export const PARTNER_EVENT_TYPES = typesOf(PARTNER_EVENTS);

export const partnerApplicationStream = (applicationId: string) => `partner-application-${applicationId}`;

/** The spreadsheet import's runs, one stream. */
export const PARTNER_SHEET_STREAM = 'partner-sheet';
