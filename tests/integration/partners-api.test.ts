/**
 * Partner applications over HTTP: anyone applies with the landing page's form (each bad input told
 * what to fix); admins list them a page at a time and approve or decline; approving makes the
 * applicant's account a field owner, or the account they sign up with later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerApplicationRow } from '@playtime/shared/contract/partners';
import { signUpToken } from '../support/accounts';
import { ApiClient, accessTokenFor } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/standalone-app';

const FORM = {
  contactName: 'Pat Green',
  email: 'pat@greenfields.test',
  phone: '(212) 555-0100',
  fieldName: 'Green Fields',
  address: '9 Park Ave',
  zipCode: '10016',
  city: 'New York',
  subFields: 3,
  message: 'Two floodlit pitches and a small one.',
};

describe('partner applications over HTTP', () => {
  let app: TestApp;
  let anonymous: ApiClient;
  let player: ApiClient;
  let admin: ApiClient;

  const list = async () => {
    admin.seesWritesOf(anonymous).seesWritesOf(player);
    const answer = await admin.get('/api/admin/partner-applications?page=0&pageSize=10');
    expect(answer.status, answer.text).toBe(200);
    return answer.json as PartnerApplicationRow[];
  };

  beforeAll(async () => {
    app = await startTestApp();
    anonymous = new ApiClient(app.url, null);
    player = new ApiClient(app.url, await accessTokenFor(app.url, 'player@playtime.test'));
    admin = new ApiClient(app.url, await accessTokenFor(app.url, 'admin@playtime.test'));
  }, 120_000);

  afterAll(async () => {
    await app?.dispose();
  });

  it('tells an applicant every input to fix', async () => {
    const bad = await anonymous.post('/api/partner-applications', { ...FORM, email: 'pat', zipCode: '100', subFields: '', contactName: ' ' });
    expect(bad.status).toBe(400);
    const { error } = bad.json as { error: { fields: Record<string, string> } };
    expect(error.fields).toMatchObject({
      email: 'Enter an email address like name@example.com',
      zipCode: 'Zip Code must be 5 digits',
      subFields: 'Number of sub-fields is a whole number from 1 to 50',
      contactName: 'Contact name is required',
    });
    // Left out, or not a number nor text, it is the same input to fix.
    const { subFields: _left, ...withoutSubFields } = FORM;
    for (const body of [withoutSubFields, { ...FORM, subFields: null }, { ...FORM, subFields: [3] }]) {
      const answer = await anonymous.post('/api/partner-applications', body);
      expect(answer.status).toBe(400);
      expect((answer.json as { error: { fields: Record<string, string> } }).error.fields.subFields).toBe('Number of sub-fields is a whole number from 1 to 50');
    }
  });

  it('takes applications from anyone, lists them for admins only, and shows a logged-in applicant their status', async () => {
    expect((await anonymous.post('/api/partner-applications', FORM)).status).toBe(200);
    const mine = await player.post('/api/partner-applications', { ...FORM, contactName: 'Player One', email: 'player@playtime.test', fieldName: 'Player Park' });
    expect(mine.status, mine.text).toBe(200);
    const rows = await list();
    expect(rows.map((row) => row.fieldName)).toEqual(['Player Park', 'Green Fields']);
    expect(rows[1]).toMatchObject({ contactName: 'Pat Green', email: 'pat@greenfields.test', location: '9 Park Ave, New York 10016', subFields: 3, status: 'submitted' });
    expect((await player.get('/api/admin/partner-applications')).status).toBe(403);
    expect((await anonymous.get('/api/admin/partner-applications')).status).toBe(401);
    expect((await admin.get('/api/admin/partner-applications?pageSize=15')).status).toBe(400);
    player.seesWritesOf(player);
    expect(((await player.get('/api/my-partner-applications')).json as PartnerApplicationRow[]).map((row) => row.status)).toEqual(['submitted']);
  });

  it("approves: the applicant's account becomes a field owner, live; a declined one stays declined", async () => {
    const rows = await list();
    const players = rows.find((row) => row.fieldName === 'Player Park')!;
    const approved = await admin.post('/api/admin/approve-partner-application', { applicationId: players.applicationId });
    expect(approved.json).toEqual({ ok: true, granted: true });
    player.seesWritesOf(admin);
    expect(((await player.get('/api/get-user')).json as { role: string }).role).toBe('field owner');
    expect(((await player.get('/api/my-partner-applications')).json as PartnerApplicationRow[])[0]!.status).toBe('approved');

    const pats = rows.find((row) => row.fieldName === 'Green Fields')!;
    expect((await player.post('/api/admin/decline-partner-application', { applicationId: pats.applicationId })).status).toBe(403);
    expect((await admin.post('/api/admin/decline-partner-application', { applicationId: pats.applicationId })).status).toBe(200);
    const late = await admin.post('/api/admin/approve-partner-application', { applicationId: pats.applicationId });
    expect(late.status).toBe(409);
    expect((late.json as { error: { message: string } }).error.message).toBe('This application was declined.');
  });

  it('makes an approved applicant without an account a field owner when they sign up with that (verified) email', async () => {
    expect((await anonymous.post('/api/partner-applications', { ...FORM, email: 'later@greenfields.test', fieldName: 'Later Fields' })).status).toBe(200);
    const later = (await list()).find((row) => row.fieldName === 'Later Fields')!;
    expect((await admin.post('/api/admin/approve-partner-application', { applicationId: later.applicationId })).json).toEqual({ ok: true, granted: false });
    admin.seesWritesOf(admin);
    const newcomer = new ApiClient(app.url, await signUpToken(app, 'later@greenfields.test', 'Later', true));
    const registered = await newcomer.post('/api/register-user');
    expect(registered.status, registered.text).toBe(200);
    expect(((await newcomer.get('/api/get-user')).json as { role: string }).role).toBe('field owner');
  });
});
