import { DomainError, type Decider } from '../decider';
import type { EventOf } from '../event-schemas';
import type { PartnerApplicationForm, PartnerEvent, PartnerSheetImported } from './events';

export const APPLICATION_STATUSES = ['submitted', 'approved', 'declined'] as const;
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
  if (form.message.length > PARTNER_MESSAGE_MAX) problems.message = `Message can be at most ${PARTNER_MESSAGE_MAX} characters`;
  return problems;
}

export type PartnerCommand =
  | { type: 'SubmitApplication'; applicationId: string; form: PartnerApplicationForm; applicantId: string | null; source?: 'form' | 'sheet' }
  | { type: 'ApproveApplication' }
  | { type: 'DeclineApplication' };

export type PartnerApplicationState = { status: 'none' } | { status: ApplicationStatus; applicationId: string; email: string };

export const partnerApplicationDecider: Decider<PartnerCommand, PartnerEvent, PartnerApplicationState> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'PartnerApplicationSubmitted':
        return { status: 'submitted', applicationId: event.data.applicationId, email: event.data.email };
      case 'PartnerApplicationApproved':
        return state.status === 'none' ? state : { ...state, status: 'approved' };
      case 'PartnerApplicationDeclined':
        return state.status === 'none' ? state : { ...state, status: 'declined' };
      case 'PartnerSheetImported':
        return state;
    }
  },

  decide(command, state, context) {
    if (command.type === 'SubmitApplication') {
      if (state.status !== 'none') return []; // the same submission again (a retried request)
      const problems = applicationProblems(command.form);
      const first = Object.values(problems)[0];
      if (first !== undefined) throw new DomainError('invalid', 'invalid_application', first, problems);
      const form = { ...command.form, email: command.form.email.trim().toLowerCase() };
      return [
        {
          type: 'PartnerApplicationSubmitted',
          data: { ...form, applicationId: command.applicationId, submittedAt: context.now.toISOString(), applicantId: command.applicantId, source: command.source ?? 'form' },
        },
      ];
    }
    if (state.status === 'none') throw new DomainError('not_found', 'application_not_found', 'There is no application with this id.');
    const admin = context.actorId;
    if (!admin) throw new DomainError('forbidden', 'admins_only', 'Only admins can answer applications.');
    if (command.type === 'ApproveApplication') {
      if (state.status === 'approved') return [];
      if (state.status === 'declined') throw new DomainError('conflict', 'application_declined', 'This application was declined.');
      return [{ type: 'PartnerApplicationApproved', data: { applicationId: state.applicationId, email: state.email, approvedBy: admin } }];
    }
    if (state.status === 'declined') return [];
    if (state.status === 'approved') throw new DomainError('conflict', 'application_approved', 'This application was approved already.');
    return [{ type: 'PartnerApplicationDeclined', data: { applicationId: state.applicationId, declinedBy: admin } }];
  },
};

export type SheetImport = EventOf<typeof PartnerSheetImported>['data'];

/**
 * The spreadsheet import's stream: each run is recorded as it went, so admins see the last one and
 * its row errors. Rows themselves become applications through partnerApplicationDecider.
 */
export const partnerSheetDecider: Decider<{ type: 'RecordSheetImport'; outcome: SheetImport }, PartnerEvent, { runs: number }> = {
  initialState: () => ({ runs: 0 }),
  evolve: (state, event) => (event.type === 'PartnerSheetImported' ? { runs: state.runs + 1 } : state),
  decide: (command) => [{ type: 'PartnerSheetImported', data: command.outcome }],
};
