import type { OwnerField } from '@playtime/shared/contract/fields';
import { FIELD_PICTURE_REFUSED } from '@playtime/shared/domain/pictures/addresses';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityEvent } from '@playtime/shared/domain/availability/events';
import { subFieldStream } from '@playtime/shared/domain/availability/events';
import { compareCheckpoints, formatCheckpoint, parseCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { ApiClient, accessTokenFor, type ApiAnswer } from '../support/api-client';
import { addAvailability } from '../support/fields';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { JOINED } from '../support/sockets';

type Caller = 'nobody' | 'player' | 'owner' | 'secondOwner' | 'admin';

const riverside = {
  name: 'Riverside Park',
  description: 'Floodlit, artificial grass',
  address: '1 Riverside Dr',
  zipCode: '10001',
  city: 'New York',
  price: 45,
  picture: '',
};

const HOUR = 3_600_000;
/** Midnight UTC two days from now: every window in these tests lies safely in the future. */
const dayAfterTomorrow = (() => {
  const day = new Date(Date.now() + 2 * 24 * HOUR);
  day.setUTCHours(0, 0, 0, 0);
  return day.getTime();
})();
/** An ISO time on that day, `hours` after midnight UTC (fractions for half hours). */
const at = (hours: number) => new Date(dayAfterTomorrow + hours * HOUR).toISOString();

const errorOf = (answer: ApiAnswer) =>
  (answer.json as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('field and schedule calls over HTTP', () => {
  let app: TestApp;
  const clients = {} as Record<Caller, ApiClient>;
  const tokens = {} as Record<Exclude<Caller, 'nobody'>, string>;
  const ids = {} as Record<Exclude<Caller, 'nobody'>, string>;

  async function addField(client: ApiClient, overrides: Partial<typeof riverside> = {}): Promise<string> {
    const answer = await client.post('/api/add-field', { ...riverside, ...overrides });
    expect(answer.status, answer.text).toBe(200);
    return (answer.json as { fieldId: string }).fieldId;
  }

  async function addSubField(client: ApiClient, masterFieldId: string, name: string): Promise<string> {
    const answer = await client.post('/api/add-subfield', { masterFieldId, name });
    expect(answer.status, answer.text).toBe(200);
    return answer.text;
  }

  async function ownerFields(client: ApiClient): Promise<OwnerField[]> {
    return client.read<OwnerField[]>('/api/get-owner-fields');
  }

  beforeAll(async () => {
    app = await startTestApp();
    clients.nobody = new ApiClient(app.url, null);
    const emails = { player: 'player', owner: 'owner', secondOwner: 'captain', admin: 'admin' } as const;
    for (const caller of ['player', 'owner', 'secondOwner', 'admin'] as const) {
      tokens[caller] = await accessTokenFor(app.url, `${emails[caller]}@playtime.test`);
      clients[caller] = new ApiClient(app.url, tokens[caller]);
      const me = await clients[caller].get('/api/get-user');
      expect(me.status).toBe(200);
      ids[caller] = (me.json as { userId: string }).userId;
    }
    // A second field owner: the admin makes the demo captain one.
    expect(
      (await clients.admin.post('/api/admin-edit-user', { userId: ids.secondOwner, role: 'field owner' })).status,
    ).toBe(200);
    // The admin's next read waits for the change, so the captain's calls after it see the new role.
    await clients.admin.get('/api/get-users?page=0&pageSize=10');
    expect(((await clients.secondOwner.get('/api/get-user')).json as { role: string }).role).toBe('field owner');
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it('answers 401 to nobody and 403 to a player on every owner call, and 401 to nobody on the public ones', async () => {
    const ownerCalls: [string, (c: ApiClient) => Promise<ApiAnswer>][] = [
      ['get-owner-fields', (c) => c.get('/api/get-owner-fields')],
      ['add-field', (c) => c.post('/api/add-field', riverside)],
      ['edit-field', (c) => c.post('/api/edit-field', { ...riverside, fieldId: 'f' })],
      ['delete-field', (c) => c.post('/api/delete-field', { fieldId: 'f' })],
      ['add-subfield', (c) => c.post('/api/add-subfield', { masterFieldId: 'f', name: 'A' })],
      ['delete-subfield', (c) => c.post('/api/delete-subfield', { subFieldId: 's' })],
      ['get-field-schedules', (c) => c.get('/api/get-field-schedules?fieldId=f')],
      [
        'add-field-schedule',
        (c) => c.post('/api/add-field-schedule', { subFieldId: 's', startDate: at(18), endDate: at(20) }),
      ],
      [
        'edit-field-schedule',
        (c) => c.post('/api/edit-field-schedule', { fieldScheduleId: 'w', startDate: at(18), endDate: at(20) }),
      ],
      ['delete-field-schedule', (c) => c.post('/api/delete-field-schedule', { fieldScheduleId: 'w' })],
      ['owner-get-game-data', (c) => c.get('/api/owner-get-game-data?gameId=g')],
    ];
    const mismatches: string[] = [];
    for (const [name, call] of ownerCalls) {
      const anonymous = await call(clients.nobody);
      if (anonymous.status !== 401) mismatches.push(`${name} as nobody: ${anonymous.status}`);
      const player = await call(clients.player);
      if (player.status !== 403 || errorOf(player).message !== 'Only field owners can manage fields.')
        mismatches.push(`${name} as player: ${player.status} ${player.text}`);
    }
    for (const path of ['/api/get-fields-by-name?name=river', '/api/get-subfield-schedules?subFieldId=s']) {
      const anonymous = await clients.nobody.get(path);
      if (anonymous.status !== 401) mismatches.push(`${path} as nobody: ${anonymous.status}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses a bad Add Field form with each of the spec messages, naming every bad field', async () => {
    const empty = await clients.owner.post('/api/add-field', {});
    expect(empty.status).toBe(400);
    expect(errorOf(empty)).toMatchObject({
      code: 'invalid_request',
      fields: {
        name: 'Field name is required',
        address: 'Street address is required',
        zipCode: 'Zip Code must be 5 digits',
        city: 'City is required',
        price: 'Price is required',
      },
    });
    const cases: [Partial<Record<keyof typeof riverside, unknown>>, string, string][] = [
      [{ name: '  ' }, 'name', 'Field name is required'],
      [{ address: '' }, 'address', 'Street address is required'],
      [{ zipCode: '1234' }, 'zipCode', 'Zip Code must be 5 digits'],
      [{ zipCode: '123456' }, 'zipCode', 'Zip Code must be 5 digits'],
      [{ zipCode: '1o001' }, 'zipCode', 'Zip Code must be 5 digits'],
      [{ city: '' }, 'city', 'City is required'],
      [{ price: 0 }, 'price', 'Price is required'],
      [{ price: undefined }, 'price', 'Price is required'],
      [{ price: '' }, 'price', 'Price is required'],
      [{ price: -5 }, 'price', 'Price must be more than 0'],
      [{ price: 'cheap' }, 'price', 'Price must be a number'],
      [{ picture: 'ftp://example.com/a.jpg' }, 'picture', FIELD_PICTURE_REFUSED],
      // A picture on another site would tell it who looks at the field: only uploaded pictures are taken.
      [{ picture: 'https://example.com/riverside.jpg' }, 'picture', FIELD_PICTURE_REFUSED],
    ];
    for (const [change, field, message] of cases) {
      const answer = await clients.owner.post('/api/add-field', { ...riverside, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(errorOf(answer), JSON.stringify(change)).toEqual({
        code: 'invalid_request',
        message,
        fields: { [field]: message },
      });
    }
    expect(await ownerFields(clients.owner)).toEqual([]);
  });

  it('refuses a ZIP code the gazetteer does not know', async () => {
    const answer = await clients.owner.post('/api/add-field', { ...riverside, zipCode: '00000' });
    expect(answer.status).toBe(422);
    expect(errorOf(answer)).toMatchObject({
      code: 'unknown_zip',
      message: 'We could not find the ZIP code 00000. Check it and try again.',
    });
  });

  it("adds a field and shows it in the owner's list on the very next read, price in dollars, 'No description' when empty", async () => {
    const added = await clients.owner.post('/api/add-field', {
      ...riverside,
      name: 'Harbour Field',
      description: '',
      picture: '',
      price: 37.5,
      zipCode: '02108',
      city: 'Boston',
    });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({ ok: true, fieldId: expect.any(String) });
    expect(added.headers.get('x-playtime-position')).toMatch(/^\d+:\d+$/);
    const fieldId = (added.json as { fieldId: string }).fieldId;
    // The client sends the position back on its next read, which waits for the projection: no stale answer.
    const read = await clients.owner.get('/api/get-owner-fields');
    expect(read.headers.get('x-playtime-stale')).toBeNull();
    const fields = read.json as OwnerField[];
    expect(fields).toContainEqual({
      fieldId,
      fieldName: 'Harbour Field',
      address: '1 Riverside Dr',
      zipCode: '02108',
      city: 'Boston',
      price: 37.5,
      picture: '',
      description: 'No description',
      subFields: [],
      // The booking policy: the app's default window, rentals paid.
      cancellationWindowHours: null,
      freeRental: false,
      // No zone was given: the demo's, New York (issue #30).
      timeZone: 'America/New_York',
    });
    // Another owner's list does not have it; an admin's has everyone's.
    expect((await ownerFields(clients.secondOwner)).map((field) => field.fieldId)).not.toContain(fieldId);
    expect((await ownerFields(clients.admin)).map((field) => field.fieldId)).toContain(fieldId);
  });

  it('stores the coordinates of the ZIP code with the field', async () => {
    const fieldId = await addField(clients.owner, {
      name: 'Coordinates Check',
      zipCode: '90210',
      city: 'Beverly Hills',
    });
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      await clients.owner.get('/api/get-owner-fields');
      const { rows } = await db.query<{ latitude: number; longitude: number }>(
        'SELECT latitude, longitude FROM read.fields WHERE field_id = $1',
        [fieldId],
      );
      expect(rows[0]!.latitude).toBeCloseTo(34.09, 1);
      expect(rows[0]!.longitude).toBeCloseTo(-118.41, 1);
    } finally {
      await db.end();
    }
  });

  it('lets the owner and an admin edit a field, and refuses another owner', async () => {
    const fieldId = await addField(clients.owner, { name: 'Edit Me' });
    const edit = { ...riverside, fieldId, name: 'Edited', price: '50', description: '' };
    expect((await clients.owner.post('/api/edit-field', edit)).status).toBe(200);
    expect((await ownerFields(clients.owner)).find((field) => field.fieldId === fieldId)).toMatchObject({
      fieldName: 'Edited',
      price: 50,
      description: 'No description',
    });

    const stranger = await clients.secondOwner.post('/api/edit-field', { ...edit, name: 'Hijacked' });
    expect(stranger.status).toBe(403);
    expect(errorOf(stranger)).toMatchObject({
      code: 'not_your_field',
      message: 'You can only change your own fields.',
    });
    expect((await clients.secondOwner.post('/api/delete-field', { fieldId })).status).toBe(403);
    expect(
      (await clients.secondOwner.post('/api/add-subfield', { masterFieldId: fieldId, name: 'Mine now' })).status,
    ).toBe(403);

    expect((await clients.admin.post('/api/edit-field', { ...edit, name: 'Edited by admin' })).status).toBe(200);
    expect((await ownerFields(clients.admin)).find((field) => field.fieldId === fieldId)).toMatchObject({
      fieldName: 'Edited by admin',
    });

    const invalid = await clients.owner.post('/api/edit-field', { ...edit, zipCode: '123' });
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid).fields).toEqual({ zipCode: 'Zip Code must be 5 digits' });
    const unknown = await clients.owner.post('/api/edit-field', { ...edit, fieldId: 'no-such-field' });
    expect(unknown.status).toBe(404);
    const noId = await clients.owner.post('/api/edit-field', { ...riverside });
    expect(noId.status).toBe(400);
    expect(errorOf(noId).fields).toEqual({ fieldId: 'fieldId is required' });
  });

  it("adds sub-fields answering the new id as text, 'New Subfield' for an empty name, unique names, and removes them", async () => {
    const fieldId = await addField(clients.owner, { name: 'Sub-field Park' });
    const answer = await clients.owner.post('/api/add-subfield', { masterFieldId: fieldId, name: 'Pitch A' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const pitchA = answer.text;
    expect(pitchA).toMatch(/^[\w-]{8,}$/);
    const unnamed = await addSubField(clients.owner, fieldId, '');
    const pitchB = await addSubField(clients.owner, fieldId, 'Pitch B');

    const duplicate = await clients.owner.post('/api/add-subfield', { masterFieldId: fieldId, name: 'pitch a' });
    expect(duplicate.status).toBe(409);
    expect(errorOf(duplicate)).toMatchObject({
      code: 'duplicate_subfield',
      message: 'This field already has a sub-field named Pitch A. Choose another name.',
    });
    expect((await clients.owner.post('/api/add-subfield', { masterFieldId: fieldId })).status).toBe(409);

    expect((await ownerFields(clients.owner)).find((field) => field.fieldId === fieldId)!.subFields).toEqual([
      { subFieldId: pitchA, name: 'Pitch A' },
      { subFieldId: unnamed, name: 'New Subfield' },
      { subFieldId: pitchB, name: 'Pitch B' },
    ]);

    const stranger = await clients.secondOwner.post('/api/delete-subfield', { subFieldId: pitchB });
    expect(stranger.status).toBe(403);
    expect(errorOf(stranger).message).toBe('You can only change your own fields.');
    expect((await clients.owner.post('/api/delete-subfield', { subFieldId: pitchB })).json).toEqual({ ok: true });
    expect(
      (await ownerFields(clients.owner)).find((field) => field.fieldId === fieldId)!.subFields.map((sub) => sub.name),
    ).toEqual(['Pitch A', 'New Subfield']);
    const again = await clients.owner.post('/api/delete-subfield', { subFieldId: pitchB });
    expect(again.status).toBe(404);
    expect(errorOf(again).message).toBe('There is no sub-field with this id.');
    expect((await clients.owner.post('/api/add-subfield', { masterFieldId: 'no-such-field', name: 'X' })).status).toBe(
      404,
    );
  });

  describe('availability', () => {
    let fieldId: string;
    let pitchA: string;
    let pitchB: string;

    /** A socket as a browser opens it: the owner's with their token, a guest's with none. */
    const openSocket = (token?: string): Socket =>
      io(app.url, { path: '/socket.io', transports: ['websocket'], auth: token === undefined ? {} : { token } });
    const connected = (socket: Socket) => new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    /** The next change the socket hears of `projection`. */
    const nextChange = (socket: Socket, projection: string) =>
      new Promise<{ room: string; projection: string; checkpoint: string }>((resolve) =>
        socket.on('changed', (message: { room: string; projection: string; checkpoint: string }) => {
          if (message.projection === projection) resolve(message);
        }),
      );

    /** Adds a window from `from` to `to` o'clock as the owner's browser in `timeZone` sends it. */
    const addWindowIn = (timeZone: string, subFieldId: string, from: number, to: number) =>
      clients.owner.call(
        'POST',
        '/api/add-field-schedule',
        { subFieldId, startDate: at(from), endDate: at(to) },
        { 'x-time-zone': timeZone },
      );

    beforeAll(async () => {
      fieldId = await addField(clients.owner, { name: 'Schedule Park' });
      pitchA = await addSubField(clients.owner, fieldId, 'Pitch A');
      pitchB = await addSubField(clients.owner, fieldId, 'Pitch B');
    });

    it('adds a window and lists it per sub-field, sub-fields without windows included', async () => {
      const added = await clients.owner.post('/api/add-field-schedule', {
        subFieldId: pitchA,
        startDate: at(18),
        endDate: at(20),
      });
      expect(added.status, added.text).toBe(200);
      expect(added.json).toEqual({ ok: true, fieldScheduleId: expect.any(String) });
      const fieldScheduleId = (added.json as { fieldScheduleId: string }).fieldScheduleId;
      const schedules = await clients.owner.get(`/api/get-field-schedules?fieldId=${fieldId}`);
      expect(schedules.status).toBe(200);
      expect(schedules.json).toEqual([
        {
          subFieldId: pitchA,
          name: 'Pitch A',
          data: [{ type: 'schedule', fieldScheduleId, startDate: at(18), endDate: at(20) }],
        },
        { subFieldId: pitchB, name: 'Pitch B', data: [] },
      ]);
    });

    it('refuses an overlapping window with its message, in the UTC default or the caller’s time zone', async () => {
      const overlap = await clients.owner.post('/api/add-field-schedule', {
        subFieldId: pitchA,
        startDate: at(19),
        endDate: at(21),
      });
      expect(overlap.status).toBe(422);
      expect(errorOf(overlap)).toEqual({
        code: 'overlap',
        message: 'This availability overlaps another window on Pitch A from 18:00 to 20:00',
      });
      const inKolkata = await addWindowIn('Asia/Kolkata', pitchA, 17, 18.5);
      expect(errorOf(inKolkata)).toEqual({
        code: 'overlap',
        message: 'This availability overlaps another window on Pitch A from 23:30 to 01:30',
      });
      const badZone = await addWindowIn('Mars/Olympus', pitchA, 19, 21);
      expect(badZone.status).toBe(400);
      expect(errorOf(badZone).code).toBe('bad_time_zone');
      // The same time on another sub-field is free.
      await addAvailability(clients.owner, pitchB, { startDate: at(19), endDate: at(21) });
    });

    it('accepts windows that touch at the edges', async () => {
      await addAvailability(clients.owner, pitchA, { startDate: at(20), endDate: at(22) });
      await addAvailability(clients.owner, pitchA, { startDate: at(16), endDate: at(18) });
      const schedules = (await clients.owner.get(`/api/get-field-schedules?fieldId=${fieldId}`)).json as {
        data: { startDate: string }[];
      }[];
      expect(schedules[0]!.data.map((entry) => entry.startDate)).toEqual([at(16), at(18), at(20)]);
    });

    it('refuses each broken rule with its code and message', async () => {
      const cases: [string, string, string, string][] = [
        [at(10), at(9), 'end_before_start', 'The end must be after the start.'],
        [at(10), at(10), 'end_before_start', 'The end must be after the start.'],
        [at(10.25), at(11), 'off_grid', 'Start and end must be on the hour or half hour.'],
        [at(-72), at(-71), 'in_the_past', 'This availability is already over.'],
        [at(0), at(14 * 24 + 0.5), 'too_long', 'An availability window can be at most 14 days long.'],
        [at(366 * 24), at(366 * 24 + 2), 'too_far_ahead', 'Availability can start at most 365 days from now.'],
      ];
      for (const [startDate, endDate, code, message] of cases) {
        const answer = await clients.owner.post('/api/add-field-schedule', { subFieldId: pitchB, startDate, endDate });
        expect(answer.status, `${startDate} ${endDate}`).toBe(422);
        expect(errorOf(answer)).toEqual({ code, message });
      }
      // A year no calendar of this product reaches is not a date it takes at all (contract/instants.ts).
      const farFuture = await clients.owner.post('/api/add-field-schedule', {
        subFieldId: pitchB,
        startDate: '9999-01-01T10:00:00Z',
        endDate: '9999-01-01T12:00:00Z',
      });
      expect(farFuture.status).toBe(400);
      expect(Object.keys(errorOf(farFuture).fields!)).toEqual(['startDate', 'endDate']);
      const notADate = await clients.owner.post('/api/add-field-schedule', {
        subFieldId: pitchB,
        startDate: 'tomorrow',
        endDate: at(11),
      });
      expect(notADate.status).toBe(400);
      expect(Object.keys(errorOf(notADate).fields!)).toEqual(['startDate']);
      const unknown = await clients.owner.post('/api/add-field-schedule', {
        subFieldId: 'no-such-subfield',
        startDate: at(10),
        endDate: at(11),
      });
      expect(unknown.status).toBe(404);
      expect(errorOf(unknown).message).toBe('There is no sub-field with this id.');
    });

    it('edits and deletes a window, refusing another owner and an overlap', async () => {
      const added = await clients.owner.post('/api/add-field-schedule', {
        subFieldId: pitchB,
        startDate: at(8),
        endDate: at(10),
      });
      const fieldScheduleId = (added.json as { fieldScheduleId: string }).fieldScheduleId;

      expect(
        (await clients.owner.post('/api/edit-field-schedule', { fieldScheduleId, startDate: at(8.5), endDate: at(12) }))
          .status,
      ).toBe(200);
      const overlap = await clients.owner.post('/api/edit-field-schedule', {
        fieldScheduleId,
        startDate: at(8),
        endDate: at(19.5),
      });
      expect(errorOf(overlap)).toEqual({
        code: 'overlap',
        message: 'This availability overlaps another window on Pitch B from 19:00 to 21:00',
      });
      const stranger = await clients.secondOwner.post('/api/edit-field-schedule', {
        fieldScheduleId,
        startDate: at(9),
        endDate: at(12),
      });
      expect(stranger.status).toBe(403);
      expect(errorOf(stranger).message).toBe('You can only change your own fields.');
      expect((await clients.secondOwner.post('/api/delete-field-schedule', { fieldScheduleId })).status).toBe(403);
      expect((await clients.secondOwner.get(`/api/get-field-schedules?fieldId=${fieldId}`)).status).toBe(403);

      const pitchBWindows = async () =>
        (
          (await clients.owner.get(`/api/get-field-schedules?fieldId=${fieldId}`)).json as {
            subFieldId: string;
            data: { fieldScheduleId: string; startDate: string; endDate: string }[];
          }[]
        ).find((row) => row.subFieldId === pitchB)!.data;
      expect(await pitchBWindows()).toContainEqual({
        type: 'schedule',
        fieldScheduleId,
        startDate: at(8.5),
        endDate: at(12),
      });

      expect((await clients.owner.post('/api/delete-field-schedule', { fieldScheduleId })).json).toEqual({ ok: true });
      expect((await pitchBWindows()).map((entry) => entry.fieldScheduleId)).not.toContain(fieldScheduleId);
      const gone = await clients.owner.post('/api/delete-field-schedule', { fieldScheduleId });
      expect(gone.status).toBe(404);
      expect(errorOf(gone).message).toBe('There is no availability with this id.');
    });

    it("lets an admin see and change any owner's schedule", async () => {
      expect((await clients.admin.get(`/api/get-field-schedules?fieldId=${fieldId}`)).status).toBe(200);
      const added = await clients.admin.post('/api/add-field-schedule', {
        subFieldId: pitchB,
        startDate: at(30),
        endDate: at(31),
      });
      expect(added.status, added.text).toBe(200);
    });

    it('shows any logged-in user when a sub-field is available', async () => {
      const answer = await clients.player.get(`/api/get-subfield-schedules?subFieldId=${pitchA}`);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual([
        { type: 'schedule', startDate: at(16), endDate: at(18) },
        { type: 'schedule', startDate: at(18), endDate: at(20) },
        { type: 'schedule', startDate: at(20), endDate: at(22) },
      ]);
      expect((await clients.player.get('/api/get-subfield-schedules?subFieldId=nope')).status).toBe(404);
      expect((await clients.player.get('/api/get-subfield-schedules')).status).toBe(400);
    });

    it('tells the browsers following the field that its schedule changed', async () => {
      const socket = openSocket(tokens.owner);
      try {
        const join = (room: string) => new Promise<{ ok: boolean }>((resolve) => socket.emit('join', room, resolve));
        await connected(socket);
        expect(await join(`field:${fieldId}`)).toEqual(JOINED);
        const pushed = nextChange(socket, 'availability_windows');
        const added = await clients.owner.post('/api/add-field-schedule', {
          subFieldId: pitchA,
          startDate: at(40),
          endDate: at(41),
        });
        expect(added.status).toBe(200);
        expect(await pushed).toMatchObject({
          room: `field:${fieldId}`,
          projection: 'availability_windows',
          checkpoint: expect.stringMatching(/^\d+:\d+$/),
        });
      } finally {
        socket.disconnect();
      }
    });

    it('tells a guest following the field (public rooms need no login) that its schedule changed, and keeps owner rooms closed to guests', async () => {
      const guest = openSocket();
      try {
        const join = (room: string) =>
          new Promise<{ ok: boolean; error?: string }>((resolve) => guest.emit('join', room, resolve));
        await connected(guest);
        expect(await join(`owner:${ids.owner}`)).toEqual({ ok: false, error: 'Log in to follow this room.' });
        expect(await join(`field:${fieldId}`)).toEqual(JOINED);
        const pushed = nextChange(guest, 'availability_windows');
        await addAvailability(clients.owner, pitchA, { startDate: at(42), endDate: at(43) });
        expect(await pushed).toMatchObject({ room: `field:${fieldId}`, projection: 'availability_windows' });
      } finally {
        guest.disconnect();
      }
    });

    it("tells the owner's browsers that their field list changed", async () => {
      const socket = openSocket(tokens.owner);
      try {
        await connected(socket);
        expect(await new Promise((resolve) => socket.emit('join', `owner:${ids.owner}`, resolve))).toEqual(JOINED);
        const pushed = nextChange(socket, 'fields');
        await addSubField(clients.owner, fieldId, 'Pitch C');
        expect(await pushed).toMatchObject({ room: `owner:${ids.owner}`, projection: 'fields' });
      } finally {
        socket.disconnect();
      }
    });
  });

  it('finds venues by part of their name, case-insensitively, across owners, at least 3 characters', async () => {
    const mine = await addField(clients.owner, { name: 'Lakeside Arena' });
    const theirs = await addField(clients.secondOwner, { name: 'Old LAKESIDE Ground' });
    await addField(clients.secondOwner, { name: '100% Turf' });
    const found = await clients.player.seesWritesOf(clients.secondOwner).get('/api/get-fields-by-name?name=keSIDE');
    expect(found.status).toBe(200);
    expect((found.json as OwnerField[]).map((field) => field.fieldId)).toEqual([mine, theirs]);
    expect((found.json as OwnerField[])[0]).toEqual({
      ...(await ownerFields(clients.owner)).find((field) => field.fieldId === mine),
    });

    const wildcard = await clients.player.get(`/api/get-fields-by-name?name=${encodeURIComponent('0% T')}`);
    expect((wildcard.json as OwnerField[]).map((field) => field.fieldName)).toEqual(['100% Turf']);
    expect((await clients.player.get('/api/get-fields-by-name?name=%25%25%25')).json).toEqual([]);

    for (const query of ['?name=la', '?name=%20la%20', '']) {
      const short = await clients.player.get(`/api/get-fields-by-name${query}`);
      expect(short.status, query).toBe(400);
      expect(errorOf(short).fields, query).toEqual({ name: 'Type at least 3 characters to search venues.' });
    }
  });

  it('serves the venue search from the trigram index, not a scan of every field', async () => {
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      // Thousands of venues, for as long as this transaction lasts: with a handful a scan is rightly cheapest.
      await db.query('BEGIN');
      await db.query(
        `INSERT INTO read.fields (field_id, owner_id, name, address, zip_code, city, price_cents, description, picture, latitude, longitude, added_at, time_zone)
         SELECT 'bulk-' || i, 'bulk-owner', 'Venue ' || md5(i::text), '1 Main St', '10001', 'New York', 4500, 'No description', '', 40.75, -74, now(), 'America/New_York'
           FROM generate_series(1, 5000) AS i`,
      );
      const { rows: state } = await db.query<{ active_generation: number }>(
        `SELECT active_generation FROM projection_state WHERE name = 'fields'`,
      );
      const schema = `proj_fields_g${state[0]!.active_generation}`;
      // What autovacuum does in the background: move the index's pending entries into the index proper, gather statistics.
      await db.query(`SELECT gin_clean_pending_list('${schema}.fields_name_trigrams')`);
      await db.query(`ANALYZE ${schema}.fields`);
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT field_id FROM read.fields f WHERE NOT f.deleted AND lower(f.name) LIKE '%' || lower($1) || '%'`,
        ['keSIDE'],
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('fields_name_trigrams');
    } finally {
      await db.query('ROLLBACK');
      await db.end();
    }
  });

  it('deletes a field softly: it leaves every list and takes no more changes', async () => {
    const fieldId = await addField(clients.owner, { name: 'Doomed Meadow' });
    const pitch = await addSubField(clients.owner, fieldId, 'Pitch A');
    expect(
      (await clients.owner.post('/api/add-field-schedule', { subFieldId: pitch, startDate: at(18), endDate: at(20) }))
        .status,
    ).toBe(200);

    expect((await clients.owner.post('/api/delete-field', { fieldId })).json).toEqual({ ok: true });
    expect((await ownerFields(clients.owner)).map((field) => field.fieldId)).not.toContain(fieldId);
    expect((await clients.owner.get('/api/get-fields-by-name?name=doomed')).json).toEqual([]);
    expect((await clients.owner.get(`/api/get-field-schedules?fieldId=${fieldId}`)).status).toBe(404);
    expect((await clients.owner.get(`/api/get-subfield-schedules?subFieldId=${pitch}`)).status).toBe(404);
    const again = await clients.owner.post('/api/delete-field', { fieldId });
    expect(again.status).toBe(404);
    expect(errorOf(again).message).toBe('There is no field with this id.');
    expect(
      (await clients.owner.post('/api/add-field-schedule', { subFieldId: pitch, startDate: at(21), endDate: at(22) }))
        .status,
    ).toBe(404);
  });

  it('takes availability up to a year ahead (AVAILABILITY_MAX_DAYS_AHEAD), and moves no window beyond it', async () => {
    const fieldId = await addField(clients.owner, { name: 'Far Ahead Park' });
    const pitch = await addSubField(clients.owner, fieldId, 'Pitch A');
    const nearTheBound = await clients.owner.post('/api/add-field-schedule', {
      subFieldId: pitch,
      startDate: at(360 * 24),
      endDate: at(360 * 24 + 2),
    });
    expect(nearTheBound.status, nearTheBound.text).toBe(200);
    const fieldScheduleId = (nearTheBound.json as { fieldScheduleId: string }).fieldScheduleId;
    const moved = await clients.owner.post('/api/edit-field-schedule', {
      fieldScheduleId,
      startDate: at(366 * 24),
      endDate: at(366 * 24 + 2),
    });
    expect(moved.status).toBe(422);
    expect(errorOf(moved)).toEqual({
      code: 'too_far_ahead',
      message: 'Availability can start at most 365 days from now.',
    });
  });

  describe('a removed sub-field or a deleted field takes no more availability', () => {
    /** Reads wait until the projections have applied every one of these answers' writes. */
    const settle = async (answers: ApiAnswer[]) =>
      settleAt(
        answers
          .map((answer) => answer.headers.get('x-playtime-position'))
          .filter((position): position is string => position !== null),
      );
    const settleAt = async (positions: string[]) => {
      const last = positions.sort((a, b) => compareCheckpoints(parseCheckpoint(a)!, parseCheckpoint(b)!)).at(-1)!;
      // A client of its own: the owner's client sends the position of whichever answer it received last.
      const read = await new ApiClient(app.url, tokens.owner).call('GET', '/api/get-owner-fields', undefined, {
        'x-playtime-after': last,
      });
      expect(read.headers.get('x-playtime-stale')).toBeNull();
    };
    const windowsOf = async (subFieldIds: string[]) => {
      const db = new pg.Client({ connectionString: app.databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ window_id: string }>(
          'SELECT window_id FROM read.availability_windows WHERE sub_field_id = ANY($1)',
          [subFieldIds],
        );
        return rows.map((row) => row.window_id);
      } finally {
        await db.end();
      }
    };

    it('refuses availability added right after the sub-field was removed or its field deleted (20 tries each: no orphan window)', async () => {
      /** An evening window on a pitch just removed (or whose field was just deleted): refused with 404. */
      const windowOnGonePitch = async (pitch: string, attempt: number) => {
        const added = await clients.owner.post('/api/add-field-schedule', {
          subFieldId: pitch,
          startDate: at(18),
          endDate: at(20),
        });
        expect(added.status, `try ${attempt}: ${added.text}`).toBe(404);
        return added;
      };
      const fieldId = await addField(clients.owner, { name: 'Removal Race Park' });
      const answers: ApiAnswer[] = [];
      const removedPitches: string[] = [];
      for (let i = 0; i < 20; i++) {
        const pitch = await addSubField(clients.owner, fieldId, `Pitch ${i}`);
        const removed = await clients.owner.post('/api/delete-subfield', { subFieldId: pitch });
        expect(removed.status, removed.text).toBe(200);
        const added = await windowOnGonePitch(pitch, i);
        expect(errorOf(added)).toEqual({ code: 'subfield_not_found', message: 'There is no sub-field with this id.' });
        answers.push(removed);
        removedPitches.push(pitch);
      }
      const deletedPitches: string[] = [];
      for (let i = 0; i < 20; i++) {
        const doomed = await addField(clients.owner, { name: `Deletion Race Park ${i}` });
        const pitch = await addSubField(clients.owner, doomed, 'Pitch A');
        const deleted = await clients.owner.post('/api/delete-field', { fieldId: doomed });
        expect(deleted.status, deleted.text).toBe(200);
        await windowOnGonePitch(pitch, i);
        answers.push(deleted);
        deletedPitches.push(pitch);
      }
      await settle(answers);
      expect(await windowsOf([...removedPitches, ...deletedPitches])).toEqual([]);
    });

    for (const removal of ['the sub-field is removed', 'its field is deleted'] as const) {
      it(`leaves no window that cannot be edited or deleted when many adds race while ${removal}`, async () => {
        const fieldId = await addField(clients.owner, { name: `Concurrent Park (${removal})` });
        const pitch = await addSubField(clients.owner, fieldId, 'Pitch A');
        const adds = Array.from({ length: 40 }, (_, i) =>
          clients.owner.post('/api/add-field-schedule', { subFieldId: pitch, startDate: at(i), endDate: at(i + 0.5) }),
        );
        const removed =
          removal === 'the sub-field is removed'
            ? clients.owner.post('/api/delete-subfield', { subFieldId: pitch })
            : clients.owner.post('/api/delete-field', { fieldId });
        const answers = await Promise.all([...adds, removed]);
        expect(answers.at(-1)!.status, answers.at(-1)!.text).toBe(200);
        const accepted = answers.slice(0, -1).filter((answer) => answer.status === 200);
        // 409: lost the race for the stream too often and changed nothing, as any busy stream may answer.
        for (const answer of answers.slice(0, -1)) expect([200, 404, 409], answer.text).toContain(answer.status);
        await settle(answers);

        // Every window that was accepted left with its sub-field: none is shown, none can be changed.
        expect(await windowsOf([pitch])).toEqual([]);
        expect((await clients.owner.get(`/api/get-subfield-schedules?subFieldId=${pitch}`)).status).toBe(404);
        for (const answer of accepted) {
          const { fieldScheduleId } = answer.json as { fieldScheduleId: string };
          expect((await clients.owner.post('/api/delete-field-schedule', { fieldScheduleId })).status).toBe(404);
        }
        const late = await clients.owner.post('/api/add-field-schedule', {
          subFieldId: pitch,
          startDate: at(50),
          endDate: at(51),
        });
        expect(late.status).toBe(404);
      });
    }

    /** What a crash after a removal's first append leaves: the sub-field's own stream closed, its field still listing it. */
    const closeOnItsStreamOnly = async (
      fieldId: string,
      subFieldId: string,
      subFieldName: string,
      reason: 'subfield_removed' | 'field_deleted',
    ) => {
      const store = await PostgresEventStore.connect(app.databaseUrl);
      try {
        const closing: AvailabilityEvent = {
          type: 'SubFieldClosed',
          data: { subFieldId, fieldId, ownerId: ids.owner, subFieldName, closedBy: ids.owner, reason },
        };
        const closed = await store.appendToStream(subFieldStream(subFieldId), [closing], { expectedRevision: 'any' });
        await settleAt([formatCheckpoint(closed.checkpoint)]);
      } finally {
        await store.close();
      }
    };

    it('completes a removal or deletion retried after it stopped between closing a sub-field and recording it on the field', async () => {
      const fieldId = await addField(clients.owner, { name: 'Half Removed Park' });
      const pitchA = await addSubField(clients.owner, fieldId, 'Pitch A');
      const pitchB = await addSubField(clients.owner, fieldId, 'Pitch B');
      await addAvailability(clients.owner, pitchA, { startDate: at(18), endDate: at(20) });
      await closeOnItsStreamOnly(fieldId, pitchA, 'Pitch A', 'subfield_removed');

      const late = await clients.owner.post('/api/add-field-schedule', {
        subFieldId: pitchA,
        startDate: at(21),
        endDate: at(22),
      });
      expect(late.status).toBe(404);
      // The closed sub-field's windows are off the schedule already; the field still lists it until the retry.
      expect(
        ((await clients.owner.get(`/api/get-field-schedules?fieldId=${fieldId}`)).json as { subFieldId: string }[]).map(
          (row) => row.subFieldId,
        ),
      ).toEqual([pitchA, pitchB]);
      expect(await windowsOf([pitchA])).toEqual([]);

      const retried = await clients.owner.post('/api/delete-subfield', { subFieldId: pitchA });
      expect(retried.status, retried.text).toBe(200);
      expect((await ownerFields(clients.owner)).find((field) => field.fieldId === fieldId)!.subFields).toEqual([
        { subFieldId: pitchB, name: 'Pitch B' },
      ]);
      // Its name is free again, as after any removal.
      expect((await clients.owner.post('/api/add-subfield', { masterFieldId: fieldId, name: 'Pitch A' })).status).toBe(
        200,
      );

      // A field deletion that closed one of its sub-fields and stopped: deleting again closes the rest and deletes.
      await closeOnItsStreamOnly(fieldId, pitchB, 'Pitch B', 'field_deleted');
      const deleted = await clients.owner.post('/api/delete-field', { fieldId });
      expect(deleted.status, deleted.text).toBe(200);
      expect((await ownerFields(clients.owner)).map((field) => field.fieldId)).not.toContain(fieldId);
      expect(
        (
          await clients.owner.post('/api/add-field-schedule', {
            subFieldId: pitchB,
            startDate: at(21),
            endDate: at(22),
          })
        ).status,
      ).toBe(404);
    });
  });

  describe('Idempotency-Key', () => {
    const withKey = (client: ApiClient, key: string, path: string, body: unknown) =>
      client.call('POST', path, body, { 'idempotency-key': key });
    const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2)}`;

    it('answers add-field sent twice with one key the same way and adds one field; another body with that key is refused', async () => {
      const key = unique('add-field');
      const body = { ...riverside, name: 'Idempotent Park' };
      const first = await withKey(clients.owner, key, '/api/add-field', body);
      const again = await withKey(clients.owner, key, '/api/add-field', body);
      expect(first.status, first.text).toBe(200);
      expect([again.status, again.text]).toEqual([first.status, first.text]);
      const { fieldId } = first.json as { fieldId: string };
      expect(
        (await ownerFields(clients.owner))
          .filter((field) => field.fieldName === 'Idempotent Park')
          .map((field) => field.fieldId),
      ).toEqual([fieldId]);

      const other = await withKey(clients.owner, key, '/api/add-field', { ...body, name: 'Another Park' });
      expect(other.status).toBe(422);
      expect(errorOf(other)).toEqual({
        code: 'idempotency_key_reused',
        message:
          'This Idempotency-Key was already used for a different request. Send a new key with a new request; repeat a key only to retry the very same request.',
      });
      expect((await ownerFields(clients.owner)).map((field) => field.fieldName)).not.toContain('Another Park');

      // Keys are per user: another owner's request with the same key is another request.
      const theirs = await withKey(clients.secondOwner, key, '/api/add-field', body);
      expect(theirs.status).toBe(200);
      expect((theirs.json as { fieldId: string }).fieldId).not.toBe(fieldId);
    });

    it('adds one field when the same keyed request arrives twice at once', async () => {
      const key = unique('add-field-at-once');
      const body = { ...riverside, name: 'Twice At Once Park' };
      const [first, second] = await Promise.all([
        withKey(clients.owner, key, '/api/add-field', body),
        withKey(clients.owner, key, '/api/add-field', body),
      ]);
      expect(first.status, first.text).toBe(200);
      expect([second.status, second.text]).toEqual([first.status, first.text]);
      expect(
        (await ownerFields(clients.owner)).filter((field) => field.fieldName === 'Twice At Once Park'),
      ).toHaveLength(1);
    });

    it('answers add-subfield sent twice with one key with the same id, and refuses the key with another body', async () => {
      const fieldId = await addField(clients.owner, { name: 'Idempotent Sub-field Park' });
      const otherFieldId = await addField(clients.owner, { name: 'Idempotent Other Park' });
      const key = unique('add-subfield');
      const first = await withKey(clients.owner, key, '/api/add-subfield', { masterFieldId: fieldId, name: 'Pitch A' });
      const again = await withKey(clients.owner, key, '/api/add-subfield', { masterFieldId: fieldId, name: 'Pitch A' });
      expect(first.status, first.text).toBe(200);
      expect([again.status, again.text]).toEqual([200, first.text]);
      expect((await ownerFields(clients.owner)).find((field) => field.fieldId === fieldId)!.subFields).toEqual([
        { subFieldId: first.text, name: 'Pitch A' },
      ]);

      for (const body of [
        { masterFieldId: fieldId, name: 'Pitch B' },
        { masterFieldId: otherFieldId, name: 'Pitch A' },
      ]) {
        const other = await withKey(clients.owner, key, '/api/add-subfield', body);
        expect(other.status, JSON.stringify(body)).toBe(422);
        expect(errorOf(other).code).toBe('idempotency_key_reused');
      }
      const fields = await ownerFields(clients.owner);
      expect(fields.find((field) => field.fieldId === fieldId)!.subFields).toHaveLength(1);
      expect(fields.find((field) => field.fieldId === otherFieldId)!.subFields).toEqual([]);
    });

    it('answers add-field-schedule sent twice with one key with the same window, and refuses the key with another body', async () => {
      const fieldId = await addField(clients.owner, { name: 'Idempotent Schedule Park' });
      const pitchA = await addSubField(clients.owner, fieldId, 'Pitch A');
      const pitchB = await addSubField(clients.owner, fieldId, 'Pitch B');
      const key = unique('add-field-schedule');
      const body = { subFieldId: pitchA, startDate: at(18), endDate: at(20) };
      const first = await withKey(clients.owner, key, '/api/add-field-schedule', body);
      const again = await withKey(clients.owner, key, '/api/add-field-schedule', body);
      expect(first.status, first.text).toBe(200);
      expect([again.status, again.text]).toEqual([200, first.text]);

      for (const other of [
        { ...body, endDate: at(21) },
        { ...body, subFieldId: pitchB },
      ]) {
        const answer = await withKey(clients.owner, key, '/api/add-field-schedule', other);
        expect(answer.status, JSON.stringify(other)).toBe(422);
        expect(errorOf(answer).code).toBe('idempotency_key_reused');
      }
      const schedules = (await clients.owner.get(`/api/get-field-schedules?fieldId=${fieldId}`)).json as {
        subFieldId: string;
        data: { fieldScheduleId: string }[];
      }[];
      expect(schedules.map((row) => [row.subFieldId, row.data.map((entry) => entry.fieldScheduleId)])).toEqual([
        [pitchA, [(first.json as { fieldScheduleId: string }).fieldScheduleId]],
        [pitchB, []],
      ]);
    });

    it('answers a removal sent twice with one key the same way, though the read model no longer has what it removed', async () => {
      const fieldId = await addField(clients.owner, { name: 'Idempotent Removal Park' });
      const pitch = await addSubField(clients.owner, fieldId, 'Pitch A');
      const window = await clients.owner.post('/api/add-field-schedule', {
        subFieldId: pitch,
        startDate: at(18),
        endDate: at(20),
      });
      const { fieldScheduleId } = window.json as { fieldScheduleId: string };
      const calls: [string, unknown][] = [
        ['/api/delete-field-schedule', { fieldScheduleId }],
        ['/api/delete-subfield', { subFieldId: pitch }],
        ['/api/delete-field', { fieldId }],
      ];
      for (const [path, body] of calls) {
        const key = unique(path);
        const first = await withKey(clients.owner, key, path, body);
        expect(first.status, first.text).toBe(200);
        await clients.owner.get('/api/get-owner-fields'); // the read model has caught up with the removal
        const again = await withKey(clients.owner, key, path, body);
        expect([again.status, again.text, again.headers.get('x-playtime-position')], path).toEqual([
          200,
          first.text,
          first.headers.get('x-playtime-position'),
        ]);
        // Without the key the same call finds nothing left to remove.
        expect((await clients.owner.post(path, body)).status, path).toBe(404);
      }
    });

    it('refuses an empty or overlong key', async () => {
      for (const key of [' ', 'k'.repeat(201)]) {
        const answer = await withKey(clients.owner, key, '/api/add-field', riverside);
        expect(answer.status).toBe(400);
        expect(errorOf(answer).code).toBe('bad_idempotency_key');
      }
    });
  });

  it('answers owner-get-game-data for an unknown game with 404', async () => {
    const answer = await clients.owner.get('/api/owner-get-game-data?gameId=some-game');
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ error: { code: 'game_not_found', message: 'There is no game with this id.' } });
  });
});
