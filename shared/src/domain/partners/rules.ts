import type { PartnerApplicationForm } from './events';

export const APPLICATION_STATUSES = ['submitted', 'approved', 'declined', 'revoked'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const PARTNER_TEXT_MAX = 200;
export const PARTNER_MESSAGE_MAX = 2000;
export const MAX_APPLICATION_SUBFIELDS = 50;
export const SUBFIELDS_PROBLEM = `Number of sub-fields is a whole number from 1 to ${MAX_APPLICATION_SUBFIELDS}`;
const FIVE_DIGITS = /^\d{5}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+()\d][\d\s().-]{6,}$/;

/** Every problem with an application form, by input, with a message a person can act on; empty when fine. */
export function applicationProblems(form: PartnerApplicationForm): Record<string, string> {
  const problems: Record<string, string> = {};
  const required = (key: keyof PartnerApplicationForm, label: string) => {
    const value = String(form[key]).trim();
    if (value === '') problems[key] = `${label} is required`;
    else if (value.length > PARTNER_TEXT_MAX) problems[key] = `${label} can be at most ${PARTNER_TEXT_MAX} characters`;
  };
  required('contactName', 'Contact name');
  required('fieldName', 'Field name');
  required('address', 'Street address');
  required('city', 'City');
  if (!EMAIL.test(form.email.trim())) problems.email = 'Enter an email address like name@example.com';
  if (!PHONE.test(form.phone.trim())) problems.phone = 'Enter a phone number, e.g. (212) 555-0100';
  if (!FIVE_DIGITS.test(form.zipCode.trim())) problems.zipCode = 'Zip Code must be 5 digits';
  if (!Number.isInteger(form.subFields) || form.subFields < 1 || form.subFields > MAX_APPLICATION_SUBFIELDS) {
    problems.subFields = SUBFIELDS_PROBLEM;
  }
  if (form.message.length > PARTNER_MESSAGE_MAX)
    problems.message = `Message can be at most ${PARTNER_MESSAGE_MAX} characters`;
  return problems;
}
