import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { given, testContext } from '../../testing/decider-testing';
import { decisionForApplicant, partnerApplicationDecider, SIGN_IN_TO_APPLY } from './decider';
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
const pat = testContext({ actorId: 'u-pat', now: new Date('2026-11-23T12:00:00.000Z') });
const admin = testContext({ actorId: 'admin-1' });
const applicant = { userId: 'u-pat', email: 'pat@greenfields.test' };
const submitted: PartnerEvent = {
  type: 'PartnerApplicationSubmitted',
  data: {
    ...form,
    email: 'pat@greenfields.test',
    applicationId: 'a1',
    submittedAt: '2026-11-23T12:00:00.000Z',
    applicantId: 'u-pat',
    source: 'form',
  },
};
const sheetRow: PartnerEvent = {
  ...submitted,
  data: { ...submitted.data, applicantId: null, source: 'sheet' },
} as PartnerEvent;
const submit = (overrides: Partial<PartnerApplicationForm> = {}) =>
  ({ type: 'SubmitApplication', applicationId: 'a1', form: { ...form, ...overrides }, applicant }) as const;
const approved: PartnerEvent = {
  type: 'PartnerApplicationApproved',
  data: { applicationId: 'a1', email: 'pat@greenfields.test', approvedBy: 'admin-1' },
};
const declined: PartnerEvent = {
  type: 'PartnerApplicationDeclined',
  data: { applicationId: 'a1', declinedBy: 'admin-1' },
};
const revoked: PartnerEvent = {
  type: 'PartnerApplicationRevoked',
  data: { applicationId: 'a1', revokedBy: 'admin-1' },
};
const claimed: PartnerEvent = {
  type: 'PartnerApplicationClaimed',
  data: { applicationId: 'a1', applicantId: 'u-pat' },
};
const claim = (overrides: Partial<{ userId: string; email: string; emailVerified: boolean }> = {}) =>
  ({
    type: 'ClaimApplication',
    userId: 'u-pat',
    email: 'Pat@GreenFields.test',
    emailVerified: true,
    ...overrides,
  }) as const;

describe('partner application decider', () => {
  it("takes a signed-in user's application for their own account, its email in lower case, once", () => {
    given(partnerApplicationDecider, []).when(submit(), pat).then([submitted]);
    given(partnerApplicationDecider, [submitted]).when(submit(), pat).then([]);
  });

  it("refuses a guest's form, and an application naming another email than the account's", () => {
    given(partnerApplicationDecider, [])
      .when({ ...submit(), applicant: null }, guest)
      .thenRefused('sign_in_to_apply', SIGN_IN_TO_APPLY);
    given(partnerApplicationDecider, [])
      .when(submit({ email: 'someone@else.test' }), pat)
      .thenRefused('not_your_email', "Applications use your account's email, pat@greenfields.test.");
    given(partnerApplicationDecider, [])
      .when({ ...submit(), applicant: { userId: 'u-pat', email: '' } }, pat)
      .thenRefused('not_your_email', 'Your account has no email address: sign in with one to apply.');
  });

  it('takes a row of the published spreadsheet without an account', () => {
    given(partnerApplicationDecider, [])
      .when({ ...submit(), applicant: null, source: 'sheet' }, guest)
      .then([sheetRow]);
  });

  it('refuses a form a person must fix, naming the input', () => {
    given(partnerApplicationDecider, [])
      .when(submit({ zipCode: '1001' }), pat)
      .thenRefused('invalid_application', 'Zip Code must be 5 digits');
    given(partnerApplicationDecider, [])
      .when({ ...submit({ email: 'pat' }), applicant: null, source: 'sheet' }, guest)
      .thenRefused('invalid_application', 'Enter an email address like name@example.com');
    given(partnerApplicationDecider, [])
      .when(submit({ subFields: 0 }), pat)
      .thenRefused('invalid_application', 'Number of sub-fields is a whole number from 1 to 50');
  });

  it('is approved or declined, and an admin may change their mind: approve after decline, revoke after approve, approve again', () => {
    given(partnerApplicationDecider, [submitted]).when({ type: 'ApproveApplication' }, admin).then([approved]);
    given(partnerApplicationDecider, [submitted, approved]).when({ type: 'ApproveApplication' }, admin).then([]);
    given(partnerApplicationDecider, [submitted]).when({ type: 'DeclineApplication' }, admin).then([declined]);
    given(partnerApplicationDecider, [submitted, declined]).when({ type: 'DeclineApplication' }, admin).then([]);
    given(partnerApplicationDecider, [submitted, declined])
      .when({ type: 'ApproveApplication' }, admin)
      .then([approved]);
    given(partnerApplicationDecider, [submitted, approved]).when({ type: 'RevokeApproval' }, admin).then([revoked]);
    given(partnerApplicationDecider, [submitted, approved, revoked]).when({ type: 'RevokeApproval' }, admin).then([]);
    given(partnerApplicationDecider, [submitted, approved, revoked])
      .when({ type: 'ApproveApplication' }, admin)
      .then([approved]);
  });

  it('refuses an answer that does not fit the last decision, saying what to do instead', () => {
    given(partnerApplicationDecider, [submitted, approved])
      .when({ type: 'DeclineApplication' }, admin)
      .thenRefused('application_approved', 'This application was approved. Revoke the approval instead.');
    given(partnerApplicationDecider, [submitted, approved, revoked])
      .when({ type: 'DeclineApplication' }, admin)
      .thenRefused('application_revoked');
    given(partnerApplicationDecider, [submitted])
      .when({ type: 'RevokeApproval' }, admin)
      .thenRefused('application_not_approved', 'Only an approved application can be revoked.');
    given(partnerApplicationDecider, [submitted, declined])
      .when({ type: 'RevokeApproval' }, admin)
      .thenRefused('application_not_approved');
    given(partnerApplicationDecider, [])
      .when({ type: 'ApproveApplication' }, admin)
      .thenRefused('application_not_found');
    given(partnerApplicationDecider, [submitted])
      .when({ type: 'ApproveApplication' }, guest)
      .thenRefused('admins_only');
  });

  it("numbers the decisions, so the applicant's account follows the latest one, once", () => {
    const state = (events: PartnerEvent[]) => decisionForApplicant(fold(partnerApplicationDecider, events));
    expect(state([submitted])).toBeNull();
    expect(state([submitted, approved])).toEqual({ userId: 'u-pat', applicationId: 'a1', decision: 1, approved: true });
    expect(state([submitted, declined, approved, revoked])).toEqual({
      userId: 'u-pat',
      applicationId: 'a1',
      decision: 3,
      approved: false,
    });
    // A spreadsheet row has no account to follow it until someone claims it.
    expect(state([sheetRow, approved])).toBeNull();
    expect(state([sheetRow, approved, claimed])).toEqual({
      userId: 'u-pat',
      applicationId: 'a1',
      decision: 1,
      approved: true,
    });
  });

  it('is claimed, once, by the signed-in user whose verified email a row without an account names', () => {
    given(partnerApplicationDecider, [sheetRow, approved]).when(claim(), pat).then([claimed]);
    given(partnerApplicationDecider, [sheetRow, approved, claimed]).when(claim(), pat).then([]);
    given(partnerApplicationDecider, [sheetRow, approved, claimed])
      .when(claim({ userId: 'u-other' }), pat)
      .thenRefused('application_has_account', 'This application belongs to another account.');
    given(partnerApplicationDecider, [submitted])
      .when(claim({ userId: 'u-other' }), pat)
      .thenRefused('application_has_account');
    given(partnerApplicationDecider, [sheetRow, approved])
      .when(claim({ email: 'lee@stonepark.test' }), pat)
      .thenRefused('not_your_application');
    given(partnerApplicationDecider, [sheetRow, approved])
      .when(claim({ emailVerified: false }), pat)
      .thenRefused('email_not_verified', /^Verify your email address/);
    given(partnerApplicationDecider, []).when(claim(), pat).thenRefused('application_not_found');
  });
});
