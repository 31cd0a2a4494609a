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
  application.extend({ applicationId: z.string(), submittedAt: z.iso.datetime({ offset: true }), applicantId: z.string().nullable() }),
);

export const PartnerApplicationApproved = eventSchema('PartnerApplicationApproved', z.object({ applicationId: z.string(), email: z.string(), approvedBy: z.string() }));

export const PartnerApplicationDeclined = eventSchema('PartnerApplicationDeclined', z.object({ applicationId: z.string(), declinedBy: z.string() }));

export const PARTNER_EVENTS = [PartnerApplicationSubmitted, PartnerApplicationApproved, PartnerApplicationDeclined] as const;

export type PartnerEvent = EventsOf<typeof PARTNER_EVENTS>;

export const PARTNER_EVENT_TYPES = typesOf(PARTNER_EVENTS);

export const partnerApplicationStream = (applicationId: string) => `partner-application-${applicationId}`;
