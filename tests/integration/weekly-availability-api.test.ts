import type { AvailabilityPreview, SubFieldTimeline } from '@playtime/shared/contract/availability';
import type { OwnerField } from '@playtime/shared/contract/fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, accessTokenFor, type ApiAnswer } from '../support/api-client';
import { signUpPlayer, signedIn } from '../support/accounts';
import { addNewYorkField, addSubField as addSubFieldTo, newYorkFieldBody } from '../support/fields';
import { bookPaidGame } from '../support/game-loop';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { at, HOUR } from '../support/time';
import { waitFor } from '../support/wait';

/** An owner's weekly availability over HTTP (issue #30): sets, the what-if preview, closing a day, races. */
const errorOf = (answer: ApiAnswer) => (answer.json as { error: { code: string; message: string } }).error;
const NY = { 'x-time-zone': 'America/New_York' };

describe('weekly availability over HTTP', () => {
  let app: TestApp;
  const clients = {} as Record<'owner' | 'captain' | 'anonymous', ApiClient>;
  let fieldId: string;

  const addSubField = (name: string) => addSubFieldTo(clients.owner, fieldId, name);
  const timeline = () => clients.owner.read<SubFieldTimeline[]>(`/api/get-field-schedules?fieldId=${fieldId}`);
  /** A command as the owner's browser in New York sends it. */
  const postInNewYork = (path: string, body: unknown) => clients.owner.call('POST', path, body, NY);
  const windowsOf = async (subFieldId: string) =>
    (await timeline()).find((row) => row.subFieldId === subFieldId)!.data.filter((entry) => entry.type === 'schedule');

  beforeAll(async () => {
    app = await startTestApp();
    clients.anonymous = new ApiClient(app.url, null);
    for (const who of ['owner', 'captain'] as const)
      clients[who] = new ApiClient(app.url, await accessTokenFor(app.url, `${who}@playtime.test`));
    fieldId = await addNewYorkField(clients.owner, { name: 'Weekly Park', address: '5 Weekly Rd' });
    clients.captain.seesWritesOf(clients.owner);
  }, 120_000);

  afterAll(async () => {
    await app?.dispose();
  });

  it('stores the field’s zone, New York when none is given, and refuses a zone that does not exist', async () => {
    const fields = (await clients.owner.get('/api/get-owner-fields')).json as OwnerField[];
    expect(fields.find((field) => field.fieldId === fieldId)?.timeZone).toBe('America/New_York');
    const london = await addNewYorkField(clients.owner, {
      name: 'Thames Side',
      address: '2 Thames St',
      timeZone: 'Europe/London',
    });
    const listed = (await clients.owner.get('/api/get-owner-fields')).json as OwnerField[];
    expect(listed.find((field) => field.fieldId === london)?.timeZone).toBe('Europe/London');
    const bad = await clients.owner.post(
      '/api/add-field',
      newYorkFieldBody({ name: 'Nowhere', address: '1 Nowhere', timeZone: 'Mars/Olympus' }),
    );
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe('Choose a time zone by its IANA name, such as America/New_York.');
  });

  it('keeps weekday evenings at 18:00–22:00 New York across the changes of 14 Mar and 7 Nov 2027', async () => {
    const pitch = await addSubField('Spring Pitch');
    const spring = await postInNewYork('/api/add-field-schedule', {
      subFieldId: pitch,
      startDate: '2027-03-08T23:00:00.000Z', // Mon 8 Mar, 18:00 EST
      endDate: '2027-03-09T03:00:00.000Z',
      repeat: { weekdays: [1, 2, 3, 4, 5], until: '2027-03-19', skipDates: ['2027-03-17'] },
    });
    expect(spring.status, spring.text).toBe(200);
    const answer = spring.json as { setId: string; fieldScheduleIds: string[] };
    expect(answer.fieldScheduleIds).toHaveLength(9);
    const windows = await windowsOf(pitch);
    expect(windows.map((window) => [window.startDate, window.endDate])).toEqual([
      ['2027-03-08T23:00:00.000Z', '2027-03-09T03:00:00.000Z'],
      ['2027-03-09T23:00:00.000Z', '2027-03-10T03:00:00.000Z'],
      ['2027-03-10T23:00:00.000Z', '2027-03-11T03:00:00.000Z'],
      ['2027-03-11T23:00:00.000Z', '2027-03-12T03:00:00.000Z'],
      ['2027-03-12T23:00:00.000Z', '2027-03-13T03:00:00.000Z'],
      // Daylight saving from Sunday 14 March: still 18:00–22:00 in New York, an hour earlier in UTC.
      ['2027-03-15T22:00:00.000Z', '2027-03-16T02:00:00.000Z'],
      ['2027-03-16T22:00:00.000Z', '2027-03-17T02:00:00.000Z'],
      ['2027-03-18T22:00:00.000Z', '2027-03-19T02:00:00.000Z'],
      ['2027-03-19T22:00:00.000Z', '2027-03-20T02:00:00.000Z'],
    ]);
    expect(windows.every((window) => window.type === 'schedule' && window.setId === answer.setId)).toBe(true);

    const autumn = await postInNewYork('/api/add-field-schedule', {
      subFieldId: pitch,
      startDate: '2027-11-04T22:00:00.000Z', // Thu 4 Nov, 18:00 EDT
      endDate: '2027-11-05T02:00:00.000Z',
      repeat: { weekdays: [1, 4], until: '2027-11-11' },
    });
    expect(autumn.status, autumn.text).toBe(200);
    const november = (await windowsOf(pitch)).filter((window) => window.startDate.startsWith('2027-11'));
    expect(november.map((window) => window.startDate)).toEqual([
      '2027-11-04T22:00:00.000Z',
      '2027-11-08T23:00:00.000Z', // after 7 Nov: EST, 18:00 is 23:00 UTC
      '2027-11-11T23:00:00.000Z',
    ]);
  });

  it('refuses a repeat with no days, past a year, or with a bad date, each with a message to act on', async () => {
    const pitch = await addSubField('Rules Pitch');
    const add = (repeat: unknown) =>
      clients.owner.post('/api/add-field-schedule', { subFieldId: pitch, startDate: at(22), endDate: at(26), repeat });
    const noDays = await add({ weekdays: [], until: '2027-01-01' });
    expect(noDays.status).toBe(400);
    expect(errorOf(noDays).message).toContain('Choose at least one day of the week (1–7 from Monday).');
    const badDate = await add({ weekdays: [1], until: '1 Jan' });
    expect(badDate.status).toBe(400);
    expect(errorOf(badDate).message).toContain('The end date must be a date, e.g. 2027-03-14');
    const tooLong = await add({ weekdays: [1], until: '2028-06-01' });
    expect(tooLong.status).toBe(422);
    expect(errorOf(tooLong).message).toBe('Repeat for at most 366 days (a year).');
  });

  it('previews an add, naming what overlaps, and saves nothing; the add is then refused with the dates', async () => {
    const pitch = await addSubField('Preview Pitch');
    const single = await clients.owner.post('/api/add-field-schedule', {
      subFieldId: pitch,
      startDate: at(47),
      endDate: at(49),
    });
    expect(single.status, single.text).toBe(200);
    const body = {
      subFieldId: pitch,
      startDate: at(23),
      endDate: at(27),
      repeat: {
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        until: new Date(Date.parse(at(0)) + 6 * 24 * HOUR).toISOString().slice(0, 10),
      },
    };
    const preview = await postInNewYork('/api/preview-field-schedule', body);
    expect(preview.status, preview.text).toBe(200);
    const what = preview.json as AvailabilityPreview;
    expect(what.created).toBe(7);
    expect(what.overlaps).toEqual([{ startDate: at(47), endDate: at(51) }]);
    expect(what.refusal?.code).toBe('overlap');
    expect(await windowsOf(pitch)).toHaveLength(1);
    const refused = await postInNewYork('/api/add-field-schedule', body);
    expect(refused.status).toBe(422);
    expect(errorOf(refused).message).toBe(what.refusal?.message);
    expect(await windowsOf(pitch)).toHaveLength(1);
  });

  it('previews deleting a set from a date on, naming the booked game and its time; the delete is refused the same way', async () => {
    const pitch = await addSubField('Booked Pitch');
    const added = await postInNewYork('/api/add-field-schedule', {
      subFieldId: pitch,
      startDate: at(12), // 07:00 in New York
      endDate: at(23),
      repeat: {
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        until: new Date(Date.parse(at(0)) + 3 * 24 * HOUR).toISOString().slice(0, 10),
      },
    });
    expect(added.status, added.text).toBe(200);
    const [first] = (added.json as { fieldScheduleIds: string[] }).fieldScheduleIds;
    const { gameId } = await bookPaidGame(clients.captain, clients.anonymous, pitch, 18, 19, { name: 'Set Kickabout' });
    const body = { action: 'delete', fieldScheduleId: first, scope: 'following' };
    const preview = await postInNewYork('/api/preview-field-schedule', body);
    expect(preview.status, preview.text).toBe(200);
    const what = preview.json as AvailabilityPreview;
    expect(what.removed).toBe(4);
    expect(what.bookings).toEqual([{ gameId, name: 'Set Kickabout', startDate: at(18), endDate: at(19) }]);
    expect(what.refusal?.message).toMatch(
      /^These games are booked in this availability: Set Kickabout \(\w{3} \d+ \w{3}, 13:00–14:00\)/,
    );
    const refused = await postInNewYork('/api/delete-field-schedule', { fieldScheduleId: first, scope: 'following' });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe(what.refusal?.message);
    // An edit of the set that keeps the game's time is fine: every later window moves to 08:00–18:00.
    const edited = await postInNewYork('/api/edit-field-schedule', {
      fieldScheduleId: first,
      startDate: at(13),
      endDate: at(23),
      scope: 'following',
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await windowsOf(pitch)).every((window) => window.startDate.endsWith('T13:00:00.000Z'))).toBe(true);

    // Closing that day names the game first; the captain must cancel it.
    const day = at(0).slice(0, 10);
    const close = await postInNewYork('/api/close-field-day', { fieldId, date: day });
    expect(close.status).toBe(409);
    expect(errorOf(close).message).toMatch(/^Games are booked on \d+ \w{3}: Set Kickabout/);
    const nextDay = new Date(Date.parse(at(24))).toISOString().slice(0, 10);
    const closed = await postInNewYork('/api/close-field-day', { fieldId, date: nextDay });
    expect(closed.status, closed.text).toBe(200);
    expect((closed.json as { message: string }).message).toMatch(/^Closed on \d+ \w{3}$/);
    expect((await windowsOf(pitch)).map((window) => window.startDate)).not.toContain(at(24 + 13));
  });

  it("answers 403 to a preview of another owner's availability, or closing their day, naming nothing of theirs", async () => {
    const pitch = await addSubField('Private Pitch');
    const until = new Date(Date.parse(at(0)) + 2 * 24 * HOUR).toISOString().slice(0, 10);
    const added = await postInNewYork('/api/add-field-schedule', {
      subFieldId: pitch,
      startDate: at(12),
      endDate: at(23),
      repeat: { weekdays: [1, 2, 3, 4, 5, 6, 7], until },
    });
    expect(added.status, added.text).toBe(200);
    const [first] = (added.json as { fieldScheduleIds: string[] }).fieldScheduleIds;
    await bookPaidGame(clients.captain, clients.anonymous, pitch, 19, 20, { name: 'Secret Fixture' });

    // Another field owner: a new account the admin makes one.
    const rival = await signUpPlayer(app, 'rival-owner@example.com', 'Rival');
    const rivalId = ((await rival.get('/api/get-user')).json as { userId: string }).userId;
    const admin = await signedIn(app.url, 'admin');
    expect((await admin.post('/api/admin-edit-user', { userId: rivalId, role: 'field owner' })).status).toBe(200);
    await waitFor('the new field owner', async () => (await rival.get('/api/get-owner-fields')).status === 200);

    for (const body of [
      { action: 'delete', fieldScheduleId: first, scope: 'following' },
      { action: 'delete', fieldScheduleId: first, scope: 'window' },
      { action: 'edit', fieldScheduleId: first, startDate: at(13), endDate: at(23), scope: 'following' },
      { action: 'edit', fieldScheduleId: first, startDate: at(13), endDate: at(23), scope: 'window' },
      { subFieldId: pitch, startDate: at(10), endDate: at(11) },
      { subFieldId: pitch, startDate: at(10), endDate: at(11), repeat: { weekdays: [1, 2, 3, 4, 5, 6, 7], until } },
    ]) {
      const answer = await rival.call('POST', '/api/preview-field-schedule', body, NY);
      expect(answer.status, answer.text).toBe(403);
      expect(errorOf(answer)).toEqual({ code: 'not_your_field', message: 'You can only change your own fields.' });
    }
    // Closing a day of their field is refused the same way, before naming the games booked that day.
    const close = await rival.call('POST', '/api/close-field-day', { fieldId, date: at(0).slice(0, 10) }, NY);
    expect(close.status, close.text).toBe(403);
    expect(errorOf(close)).toEqual({ code: 'not_your_field', message: 'You can only change your own fields.' });
    // The field's own owner still sees the booked game in the same preview.
    const own = await postInNewYork('/api/preview-field-schedule', {
      action: 'delete',
      fieldScheduleId: first,
      scope: 'following',
    });
    expect(own.status, own.text).toBe(200);
    expect((own.json as AvailabilityPreview).bookings.map((booking) => booking.name)).toEqual(['Secret Fixture']);
  });

  it('lets exactly one of many concurrent repeated adds on one sub-field win, leaving no overlapping windows', async () => {
    const pitch = await addSubField('Race Pitch');
    const until = new Date(Date.parse(at(0)) + 20 * 24 * HOUR).toISOString().slice(0, 10);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        postInNewYork(
          '/api/add-field-schedule',
          // Racers' evenings start up to 3½ hours apart and last 4: every pair overlaps.
          {
            subFieldId: pitch,
            startDate: at(20 + (index % 8) / 2),
            endDate: at(24 + (index % 8) / 2),
            repeat: { weekdays: [1, 2, 3, 4, 5], until },
          },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.filter((status) => status === 200),
      statuses.join(),
    ).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(11);
    const winner = answers.find((answer) => answer.status === 200)!.json as { fieldScheduleIds: string[] };
    const windows = await windowsOf(pitch);
    expect(windows).toHaveLength(winner.fieldScheduleIds.length);
    const spans = windows.map((window) => [Date.parse(window.startDate), Date.parse(window.endDate)] as const);
    const overlapping = spans.some(([start, end], i) => spans.some(([s, e], j) => i !== j && s < end && start < e));
    expect(overlapping).toBe(false);
  });
});
