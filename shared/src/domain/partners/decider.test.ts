import { describe, it } from 'vitest';
import { given, testContext } from '../../testing/decider-testing';
import { partnerApplicationDecider } from './decider';
import type { PartnerApplicationForm, PartnerEvent } from './events';

const form: PartnerApplicationForm = {
  contactName: 'Pat Green',
  email: 'Pat@GreenFields.test',
  phone: '(212) 555-0100',
  fieldName: 'Green Fields',
  address: '9 Park Ave',
  zipCode: '10016',
  city: 'New York',
  subFields: 3,
  message: '',
};
const guest = testContext({ actorId: null, now: new Date('2026-11-23T12:00:00.000Z') });
const admin = testContext({ actorId: 'admin-1' });
const submitted: PartnerEvent = {
  type: 'PartnerApplicationSubmitted',
  data: { ...form, email: 'pat@greenfields.test', applicationId: 'a1', submittedAt: '2026-11-23T12:00:00.000Z', applicantId: null, source: 'form' },
};
const submit = (overrides: Partial<PartnerApplicationForm> = {}) => ({ type: 'SubmitApplication', applicationId: 'a1', form: { ...form, ...overrides }, applicantId: null }) as const;

describe('partner application decider', () => {
  it('takes an application from anyone, its email in lower case, once', () => {
    given(partnerApplicationDecider, []).when(submit(), guest).then([submitted]);
    given(partnerApplicationDecider, [submitted]).when(submit(), guest).then([]);
  });

  it('records where an application came from: the form, or a row of the published spreadsheet', () => {
    given(partnerApplicationDecider, []).when({ ...submit(), source: 'sheet' }, guest).then([{ ...submitted, data: { ...submitted.data, source: 'sheet' } } as PartnerEvent]);
  });

  it('refuses a form a person must fix, naming the input', () => {
    given(partnerApplicationDecider, []).when(submit({ zipCode: '1001' }), guest).thenRefused('invalid_application', 'Zip Code must be 5 digits');
    given(partnerApplicationDecider, []).when(submit({ email: 'pat' }), guest).thenRefused('invalid_application', 'Enter an email address like name@example.com');
    given(partnerApplicationDecider, []).when(submit({ subFields: 0 }), guest).thenRefused('invalid_application', 'Number of sub-fields is a whole number from 1 to 50');
  });

  it('is approved or declined once, never both', () => {
    const approved: PartnerEvent = { type: 'PartnerApplicationApproved', data: { applicationId: 'a1', email: 'pat@greenfields.test', approvedBy: 'admin-1' } };
    const declined: PartnerEvent = { type: 'PartnerApplicationDeclined', data: { applicationId: 'a1', declinedBy: 'admin-1' } };
    given(partnerApplicationDecider, [submitted]).when({ type: 'ApproveApplication' }, admin).then([approved]);
    given(partnerApplicationDecider, [submitted, approved]).when({ type: 'ApproveApplication' }, admin).then([]);
    given(partnerApplicationDecider, [submitted, approved]).when({ type: 'DeclineApplication' }, admin).thenRefused('application_approved');
    given(partnerApplicationDecider, [submitted]).when({ type: 'DeclineApplication' }, admin).then([declined]);
    given(partnerApplicationDecider, [submitted, declined]).when({ type: 'ApproveApplication' }, admin).thenRefused('application_declined', 'This application was declined.');
    given(partnerApplicationDecider, []).when({ type: 'ApproveApplication' }, admin).thenRefused('application_not_found');
  });
});
