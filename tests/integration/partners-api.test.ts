/**
 * Partner applications over HTTP: only a signed-in user applies, for their own account and email
 * (each bad input told what to fix); admins list them a page at a time, approve, decline, and change
 * their mind; the applicant's account follows the latest decision once, live, and an admin's own
 * role change stands across logins. A spreadsheet row has no account: the verified owner of its
 * email confirms it as theirs.
 */
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerApplicationRow } from '@playtime/shared/contract/partners';
import { rooms } from '@playtime/shared/contract/rooms';
import type { ChangedMessage } from '@playtime/shared/contract/realtime';
import { partnerApplicationStream } from '@playtime/shared/domain/partners/events';
import { userStream } from '@playtime/shared/domain/users/events';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { demoClients, signUpToken } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { NOTIFICATIONS_PATH, NOTIFICATION_TEXTS, type NotificationList } from '@playtime/shared/contract/notifications';
import { waitForMail } from '../support/mail';
import { appendUnclaimedApplication } from '../support/partner-applications';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { JOINED } from '../support/sockets';

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

type Me = { userId: string; role: string };
const errorOf = (answer: { json: unknown }) =>
  (answer.json as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('partner applications over HTTP', () => {
  let app: TestApp;
  let anonymous: ApiClient;
  let player: ApiClient;
  let admin: ApiClient;

  const list = () => admin.read<PartnerApplicationRow[]>('/api/admin/partner-applications?page=0&pageSize=50');
  /** A new account, signed up on the embedded provider (its email unverified unless said) and registered as the web does after login. */
  const signUp = async (email: string, verified = false) => {
    const token = await signUpToken(app, email, email.split('@')[0]!, verified);
    const client = new ApiClient(app.url, token);
    expect((await client.post('/api/register-user')).status).toBe(200);
    return { client, token, userId: ((await client.get('/api/get-user')).json as Me).userId };
  };
  const roleOf = async (client: ApiClient) => {
    client.seesWritesOf(admin);
    admin.seesWritesOf(client);
    return ((await client.get('/api/get-user')).json as Me).role;
  };
  const apply = async (client: ApiClient, email: string, fieldName: string) => {
    const answer = await client.post('/api/partner-applications', {
      ...FORM,
      contactName: 'Applicant',
      email,
      fieldName,
    });
    expect(answer.status, answer.text).toBe(200);
    admin.seesWritesOf(client);
    return (answer.json as { applicationId: string }).applicationId;
  };
  const decide = async (answer: 'approve' | 'decline' | 'revoke', applicationId: string) => {
    const decided = await admin.post(`/api/admin/${answer}-partner-application`, { applicationId });
    expect(decided.status, decided.text).toBe(200);
    return decided.json;
  };
  const mine = async (client: ApiClient) => {
    client.seesWritesOf(admin);
    return client.read<PartnerApplicationRow[]>('/api/my-partner-applications');
  };

  beforeAll(async () => {
    app = await startTestApp();
    anonymous = new ApiClient(app.url, null);
    [player, admin] = await demoClients(app.url, 'player', 'admin');
  }, 120_000);

  afterAll(async () => {
    await app?.dispose();
  });

  it('tells an applicant every input to fix', async () => {
    const bad = await player.post('/api/partner-applications', {
      ...FORM,
      email: 'pat',
      zipCode: '100',
      subFields: '',
      contactName: ' ',
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({
      email: 'Enter an email address like name@example.com',
      zipCode: 'Zip Code must be 5 digits',
      subFields: 'Number of sub-fields is a whole number from 1 to 50',
      contactName: 'Contact name is required',
    });
    // Left out, or not a number nor text, it is the same input to fix.
    const { subFields: _left, ...withoutSubFields } = FORM;
    for (const body of [withoutSubFields, { ...FORM, subFields: null }, { ...FORM, subFields: [3] }]) {
      const answer = await player.post('/api/partner-applications', body);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).fields?.subFields).toBe('Number of sub-fields is a whole number from 1 to 50');
    }
  });

  it("takes an application only from a signed-in user, with their account's email, and lists it for admins only", async () => {
    const guest = await anonymous.post('/api/partner-applications', FORM);
    expect(guest.status).toBe(401);
    const othersEmail = await player.post('/api/partner-applications', FORM);
    expect(othersEmail.status).toBe(422);
    expect(errorOf(othersEmail)).toMatchObject({
      code: 'not_your_email',
      fields: { email: "Applications use your account's email, player@playtime.test." },
    });

    await apply(player, 'Player@Playtime.test', 'Player Park');
    const rows = await list();
    expect(rows.map((row) => row.fieldName)).toEqual(['Player Park']);
    expect(rows[0]).toMatchObject({
      contactName: 'Applicant',
      email: 'player@playtime.test',
      location: '9 Park Ave, New York 10016',
      subFields: 3,
      status: 'submitted',
      hasAccount: true,
    });
    expect((await player.get('/api/admin/partner-applications')).status).toBe(403);
    expect((await anonymous.get('/api/admin/partner-applications')).status).toBe(401);
    expect((await admin.get('/api/admin/partner-applications?pageSize=15')).status).toBe(400);
    expect((await mine(player)).map((row) => row.status)).toEqual(['submitted']);
  });

  it("approves: the applicant's account becomes a field owner, live, though its email was never verified", async () => {
    const { client, token, userId } = await signUp('newcomer@fields.test');
    const applicationId = await apply(client, 'newcomer@fields.test', 'Newcomer Park');
    const socket = io(app.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(await new Promise((resolve) => socket.emit('join', rooms.user(userId), resolve))).toEqual(JOINED);
      const usersChanged = new Promise<ChangedMessage>((resolve) =>
        socket.on('changed', (change: ChangedMessage) => change.projection === 'users' && resolve(change)),
      );

      // The bell hears of the decision through the same room (issue #31).
      const bellRings = new Promise<ChangedMessage>((resolve) =>
        socket.on('changed', (change: ChangedMessage) => change.projection === 'notifications' && resolve(change)),
      );

      expect(await decide('approve', applicationId)).toEqual({ ok: true, granted: true });
      expect(await usersChanged).toMatchObject({ room: rooms.user(userId) });
      expect(await bellRings).toMatchObject({ room: rooms.user(userId) });
    } finally {
      socket.close();
    }
    expect(await roleOf(client)).toBe('field owner');
    expect((await mine(client))[0]).toMatchObject({ status: 'approved', hasAccount: true });
    const bell = (await client.get(NOTIFICATIONS_PATH)).json as NotificationList;
    expect(bell.items).toEqual([
      expect.objectContaining({
        kind: 'application-decided',
        text: NOTIFICATION_TEXTS.applicationApproved,
        link: '/FieldOwner',
        readAt: null,
      }),
    ]);
    expect(bell.unread).toBe(1);
  });

  it("keeps an admin's demotion of an approved partner across logins and repeated approvals", async () => {
    const { client, userId } = await signUp('demoted@fields.test');
    const applicationId = await apply(client, 'demoted@fields.test', 'Demoted Park');
    await decide('approve', applicationId);
    expect(await roleOf(client)).toBe('field owner');

    expect((await admin.post('/api/admin-edit-user', { userId, role: 'player' })).status).toBe(200);
    for (let login = 0; login < 3; login++) {
      client.seesWritesOf(admin);
      expect((await client.post('/api/register-user')).status).toBe(200);
      expect(await roleOf(client)).toBe('player');
    }
    // The same approval sent again is no new decision.
    expect(await decide('approve', applicationId)).toEqual({ ok: true, granted: true });
    expect(await roleOf(client)).toBe('player');
  });

  it('follows an admin who changes their mind: approve after decline, revoke after approve, approve again; a role the admin set since stands', async () => {
    const { client, userId } = await signUp('minded@fields.test');
    const applicationId = await apply(client, 'minded@fields.test', 'Minded Park');
    expect(await decide('decline', applicationId)).toEqual({ ok: true });
    expect(await roleOf(client)).toBe('player');
    expect(await decide('approve', applicationId)).toEqual({ ok: true, granted: true });
    expect(await roleOf(client)).toBe('field owner');

    const late = await admin.post('/api/admin/decline-partner-application', { applicationId });
    expect(late.status).toBe(409);
    expect(errorOf(late).message).toBe('This application was approved. Revoke the approval instead.');
    expect(await decide('revoke', applicationId)).toEqual({ ok: true });
    expect(await roleOf(client)).toBe('player');
    expect((await mine(client))[0]!.status).toBe('revoked');
    expect(await decide('approve', applicationId)).toEqual({ ok: true, granted: true });
    expect(await roleOf(client)).toBe('field owner');

    // The admin makes them a captain: the role is the admin's decision now, and a revocation leaves it.
    expect((await admin.post('/api/admin-edit-user', { userId, role: 'captain' })).status).toBe(200);
    expect(await decide('revoke', applicationId)).toEqual({ ok: true });
    expect(await roleOf(client)).toBe('captain');
    expect((await player.post('/api/admin/revoke-partner-application', { applicationId })).status).toBe(403);
    expect(
      (await admin.post('/api/admin/revoke-partner-application', { applicationId: 'no-such-application' })).status,
    ).toBe(404);
  });

  it('applies an approval to the account once, however many admins approve at the same moment', async () => {
    const { client, userId } = await signUp('rush@fields.test');
    const applicationId = await apply(client, 'rush@fields.test', 'Rush Park');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin.post('/api/admin/approve-partner-application', { applicationId })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const store = await PostgresEventStore.connect(app.databaseUrl);
    try {
      expect(
        (await store.readStream(partnerApplicationStream(applicationId))).filter(
          (event) => event.type === 'PartnerApplicationApproved',
        ),
      ).toHaveLength(1);
      expect(
        (await store.readStream(userStream(userId))).filter((event) => event.type === 'PartnerDecisionApplied'),
      ).toHaveLength(1);
    } finally {
      await store.close();
    }
    expect(await roleOf(client)).toBe('field owner');
  });

  it('records the approval of a spreadsheet row; the verified owner of its email confirms it as theirs and becomes a field owner', async () => {
    const applicationId = await appendUnclaimedApplication(app.databaseUrl, {
      email: 'sheet@greenfields.test',
      fieldName: 'Sheet Fields',
    });
    await expect
      .poll(async () => (await list()).find((row) => row.applicationId === applicationId)?.hasAccount, {
        timeout: 10_000,
      })
      .toBe(false);
    expect(await decide('approve', applicationId)).toEqual({ ok: true, granted: false });
    // Nobody has an account for it: the approval invites its email to sign up (issue #31).
    const invitation = await waitForMail(admin, 'sheet@greenfields.test', /Your field is approved on Playtime/);
    expect(invitation.message.kind).toBe('partner-invitation');
    expect(invitation.parsed.text).toContain(`Sign up on Playtime: ${app.url}/`);

    // Signing in gives nothing by itself: the account is asked, and confirms.
    const { client } = await signUp('sheet@greenfields.test', true);
    expect(await roleOf(client)).toBe('player');
    expect(await mine(client)).toEqual([
      expect.objectContaining({ applicationId, fieldName: 'Sheet Fields', status: 'approved', hasAccount: false }),
    ]);
    // Someone else cannot claim it, nor anybody before confirming their email.
    const notYours = await player.post('/api/claim-partner-application', { applicationId });
    expect(notYours.status).toBe(403);
    expect(errorOf(notYours).code).toBe('not_your_application');

    const claimed = await client.post('/api/claim-partner-application', { applicationId });
    expect(claimed.status, claimed.text).toBe(200);
    expect(await roleOf(client)).toBe('field owner');
    expect(await mine(client)).toEqual([
      expect.objectContaining({ applicationId, status: 'approved', hasAccount: true }),
    ]);
    expect((await player.post('/api/claim-partner-application', { applicationId })).status).toBe(409);
    expect((await client.post('/api/claim-partner-application', { applicationId })).status).toBe(200);
    expect((await anonymous.post('/api/claim-partner-application', { applicationId })).status).toBe(401);
  });

  it('lets nobody claim a row for an email they have not verified', async () => {
    const applicationId = await appendUnclaimedApplication(app.databaseUrl, {
      email: 'unverified@greenfields.test',
      fieldName: 'Unverified Fields',
    });
    await expect
      .poll(async () => (await list()).some((row) => row.applicationId === applicationId), { timeout: 10_000 })
      .toBe(true);
    expect(await decide('approve', applicationId)).toEqual({ ok: true, granted: false });
    const { client } = await signUp('unverified@greenfields.test');
    expect(await mine(client)).toEqual([]);
    const refused = await client.post('/api/claim-partner-application', { applicationId });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('email_not_verified');
    expect(await roleOf(client)).toBe('player');
  });
});
