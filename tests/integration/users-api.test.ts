import pino from 'pino';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareUsersAtStart } from '@playtime/command-api/users/accounts';
import { createProjector } from '@playtime/projector/runtime/projector';
import { usersProjection } from '@playtime/projector/users/users-projection';
import { MAX_ROOMS_PER_CONNECTION, rooms, TOO_MANY_ROOMS } from '@playtime/shared/contract/rooms';
import { userStream } from '@playtime/shared/domain/users/events';
import { loadConfig } from '@playtime/shared/infra/config/config';
import { freeServerPort } from '../support/ports';
import { migrate } from '@playtime/shared/infra/db/migrations';
import { createPool } from '@playtime/shared/infra/db/pool';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
import { projectionMigrations } from '@playtime/shared/infra/projections/schema';
import { startStandalone } from '../../scripts/standalone';
import { ApiClient, accessTokenFor } from '../support/api-client';
import { createTestDatabase } from '../support/postgres';
import { signUpToken } from '../support/accounts';
import { JOINED, connectSocket } from '../support/sockets';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { appEnvironment } from '../support/app-environment';

type Caller = 'nobody' | 'player' | 'captain' | 'owner' | 'admin';

describe('user calls over HTTP', () => {
  let app: TestApp;
  const clients = {} as Record<Caller, ApiClient>;
  const ids = {} as Record<Exclude<Caller, 'nobody'>, string>;

  beforeAll(async () => {
    app = await startTestApp();
    clients.nobody = new ApiClient(app.url, null);
    for (const caller of ['player', 'captain', 'owner', 'admin'] as const) {
      clients[caller] = new ApiClient(app.url, await accessTokenFor(app.url, `${caller}@playtime.test`));
      const me = await clients[caller].get('/api/get-user');
      expect(me.status).toBe(200);
      ids[caller] = (me.json as { userId: string }).userId;
    }
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it('registers each demo account on its first call with its role', async () => {
    const roles = await Promise.all(
      (['player', 'captain', 'owner', 'admin'] as const).map(
        async (caller) => ((await clients[caller].get('/api/get-user')).json as { role: string }).role,
      ),
    );
    expect(roles).toEqual(['player', 'captain', 'field owner', 'admin']);
  });

  it('answers every user route correctly for every kind of caller', async () => {
    const everyone: Caller[] = ['nobody', 'player', 'captain', 'owner', 'admin'];
    const expectations: {
      call: (c: ApiClient) => ReturnType<ApiClient['get']>;
      status: Record<Caller, number>;
      name: string;
    }[] = [
      {
        name: 'get-user',
        call: (c) => c.get('/api/get-user'),
        status: { nobody: 401, player: 200, captain: 200, owner: 200, admin: 200 },
      },
      {
        name: 'get-user-games',
        call: (c) => c.get('/api/get-user-games'),
        status: { nobody: 401, player: 200, captain: 200, owner: 200, admin: 200 },
      },
      {
        name: 'get-users',
        call: (c) => c.get('/api/get-users?page=0&pageSize=10'),
        status: { nobody: 401, player: 403, captain: 403, owner: 403, admin: 200 },
      },
      {
        name: "balance of the player's account",
        call: (c) => c.post('/api/get-balance-of-account-from-username', { name: 'player' }),
        status: { nobody: 401, player: 200, captain: 403, owner: 403, admin: 200 },
      },
      {
        name: 'admin-edit-user',
        call: (c) => c.post('/api/admin-edit-user', { userId: ids.captain, role: 'captain' }),
        status: { nobody: 401, player: 403, captain: 403, owner: 403, admin: 200 },
      },
      {
        name: 'admin-delete-user of an unknown id',
        call: (c) => c.post('/api/admin-delete-user', { userId: 'no-such-user' }),
        status: { nobody: 401, player: 403, captain: 403, owner: 403, admin: 404 },
      },
      {
        name: 'edit-user',
        call: (c) => c.post('/api/edit-user', { username: 'player', bio: 'hi', profilePicture: '/avatars/2.svg' }),
        status: { nobody: 401, player: 200, captain: 422, owner: 422, admin: 422 },
      },
    ];
    const mismatches: string[] = [];
    for (const expectation of expectations) {
      for (const caller of everyone) {
        const answer = await expectation.call(clients[caller]);
        if (answer.status !== expectation.status[caller])
          mismatches.push(`${expectation.name} as ${caller}: ${answer.status} ${answer.text.slice(0, 120)}`);
        if (answer.status >= 400)
          expect((answer.json as { error: { message: string } }).error.message.length).toBeGreaterThan(5);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('shows the user their own edit on the very next read, and refuses a username change', async () => {
    const edit = await clients.player.post('/api/edit-user', {
      username: 'player',
      bio: 'Left back',
      profilePicture: '/avatars/5.svg',
    });
    expect(edit.headers.get('x-playtime-position')).toMatch(/^\d+:\d+$/);
    const me = await clients.player.get('/api/get-user');
    expect(me.json).toMatchObject({ username: 'player', bio: 'Left back', profilePicture: '/avatars/5.svg' });
    const rename = await clients.player.post('/api/edit-user', {
      username: 'someone-else',
      bio: '',
      profilePicture: '',
    });
    expect(rename.status).toBe(422);
    expect(rename.json).toMatchObject({
      error: { code: 'username_read_only', message: 'Your username cannot be changed.' },
    });
  });

  it('pages users in SQL and reports the total', async () => {
    const page = await clients.admin.get('/api/get-users?page=0&pageSize=10');
    expect(page.headers.get('x-total-count')).toBe('4');
    expect((page.json as unknown[]).length).toBe(4);
    const bad = await clients.admin.get('/api/get-users?page=0&pageSize=7');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { fields: { pageSize: 'pageSize must be 10, 20 or 50' } } });
  });

  it('refuses bad input with a clear 4xx: no XSRF header, malformed JSON, oversized body, a body not sent as JSON, unknown route, bad role', async () => {
    const noXsrf = await fetch(`${app.url}/api/edit-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noXsrf.status).toBe(403);
    expect(((await noXsrf.json()) as { error: { code: string } }).error.code).toBe('xsrf');
    expect((await clients.player.call('POST', '/api/edit-user', '{"bio":')).json).toEqual({
      error: { code: 'malformed_json', message: 'The request body is not valid JSON.' },
    });
    expect((await clients.player.post('/api/edit-user', { username: 'player', bio: 'x'.repeat(100_000) })).status).toBe(
      413,
    );
    // Another type would be passed over by the JSON parser, and the call refused for every field it did send.
    const form = { username: 'player', bio: 'Sundays', profilePicture: '' };
    const sendAsJson = {
      error: {
        code: 'unsupported_media_type',
        message: 'Send the body as JSON, with the header Content-Type: application/json.',
      },
    };
    const asText = await clients.player.call('POST', '/api/edit-user', JSON.stringify(form), {
      'content-type': 'text/plain',
    });
    expect(asText.status, asText.text).toBe(415);
    expect(asText.json).toEqual(sendAsJson);
    expect(
      (
        await clients.player.call('POST', '/api/edit-user', new URLSearchParams(form).toString(), {
          'content-type': 'application/x-www-form-urlencoded',
        })
      ).json,
    ).toEqual(sendAsJson);
    // An empty body needs no type (it has no fields), and JSON with a charset is JSON.
    const empty = await clients.player.call('POST', '/api/edit-user', '', { 'content-type': '' });
    expect(empty.status, empty.text).toBe(400);
    expect(empty.json).toMatchObject({ error: { code: 'invalid_request' } });
    const withCharset = await clients.player.call('POST', '/api/edit-user', JSON.stringify(form), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(withCharset.status, withCharset.text).toBe(200);
    const unknown = await clients.player.get('/api/no-such-call');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: { code: 'not_found' } });
    const badRole = await clients.admin.post('/api/admin-edit-user', { userId: ids.player, role: 'king' });
    expect(badRole.status).toBe(400);
    expect(badRole.json).toMatchObject({
      error: { fields: { role: 'Role must be one of: player, captain, field owner, admin' } },
    });
    const badToken = await new ApiClient(app.url, 'not-a-token').get('/api/get-user');
    expect(badToken.status).toBe(401);
  });

  it("deletes a user's personal data from the read model and refuses them afterwards", async () => {
    const owner = await accessTokenFor(app.url, 'owner@playtime.test');
    const deleted = await clients.admin.post('/api/admin-delete-user', { userId: ids.owner });
    expect(deleted.status).toBe(200);
    const list = await clients.admin.get('/api/get-users?page=0&pageSize=50');
    expect((list.json as { email: string }[]).map((user) => user.email)).not.toContain('owner@playtime.test');
    const refused = await new ApiClient(app.url, owner).get('/api/get-user');
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: { code: 'user_deleted' } });
  });

  it("applies a role change to the user's next requests, though who they are is cached between requests", async () => {
    /** Waits for the projector to apply the change and announce it to the API's cache (milliseconds). */
    const statusOf = async (expected: number) => {
      const started = Date.now();
      let status = 0;
      while (
        Date.now() - started < 3000 &&
        (status = (await clients.captain.get('/api/get-users?page=0&pageSize=10')).status) !== expected
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return status;
    };
    expect(await statusOf(403)).toBe(403);
    expect((await clients.admin.post('/api/admin-edit-user', { userId: ids.captain, role: 'admin' })).status).toBe(200);
    expect(await statusOf(200)).toBe(200);
    expect((await clients.admin.post('/api/admin-edit-user', { userId: ids.captain, role: 'captain' })).status).toBe(
      200,
    );
    expect(await statusOf(403)).toBe(403);
  });
});

async function signUp(
  app: { url: string; databaseUrl: string },
  email: string,
  nickname: string,
  emailVerified = false,
): Promise<ApiClient> {
  return new ApiClient(app.url, await signUpToken(app, email, nickname, emailVerified));
}

/** Polls until a call answers `expected` (a role change reaches the API's cache of callers within milliseconds). */
async function statusWithin(call: () => Promise<{ status: number }>, expected: number): Promise<number> {
  const started = Date.now();
  let status = 0;
  while (Date.now() - started < 5000 && (status = (await call()).status) !== expected)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return status;
}

async function registered(client: ApiClient): Promise<{ userId: string; username: string; role: string }> {
  const answer = await client.post('/api/register-user');
  expect(answer.status, answer.text).toBe(200);
  return (await client.get('/api/get-user')).json as { userId: string; username: string; role: string };
}

const join = (socket: Socket, room: string) =>
  new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit('join', room, resolve));

describe('registration, unique usernames, the last admin and sockets over HTTP and socket.io', () => {
  let app: TestApp;
  let admin: ApiClient;
  let adminToken: string;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: 'boss@playtime.test' });
    adminToken = await accessTokenFor(app.url, 'admin@playtime.test');
    admin = new ApiClient(app.url, adminToken);
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it('lists the demo accounts from the first start, before any of them logged in', async () => {
    const list = await admin.get('/api/get-users?page=0&pageSize=50');
    expect(list.status, list.text).toBe(200);
    expect((list.json as { email: string; role: string }[]).map(({ email, role }) => ({ email, role }))).toEqual([
      { email: 'player@playtime.test', role: 'player' },
      { email: 'captain@playtime.test', role: 'captain' },
      { email: 'owner@playtime.test', role: 'field owner' },
      { email: 'admin@playtime.test', role: 'admin' },
    ]);
  });

  it('reads never register: an unregistered caller is told to register, and registering twice appends nothing', async () => {
    const newcomer = await signUp(app, 'newcomer@playtime.test', 'newcomer');
    const read = await newcomer.get('/api/get-user');
    expect(read.status).toBe(403);
    expect(read.json).toMatchObject({ error: { code: 'not_registered' } });
    expect((await newcomer.post('/api/edit-user', { username: 'newcomer', bio: '' })).json).toMatchObject({
      error: { code: 'not_registered' },
    });
    const list = await admin.get('/api/get-users?page=0&pageSize=50');
    expect((list.json as { email: string }[]).map((user) => user.email)).not.toContain('newcomer@playtime.test');

    const first = await newcomer.post('/api/register-user');
    const second = await newcomer.post('/api/register-user');
    expect(first.status).toBe(200);
    expect(second.json).toEqual(first.json);
    // Same position: the second call appended no event after the first.
    expect(second.headers.get('x-playtime-position')).toBe(first.headers.get('x-playtime-position'));
    expect((await newcomer.get('/api/get-user')).json).toMatchObject({ username: 'newcomer', role: 'player' });
    expect((await new ApiClient(app.url, null).post('/api/register-user')).status).toBe(401);
  });

  it('lets one socket follow a bounded number of rooms, leaving one makes room for another', async () => {
    const { socket } = await connectSocket(app, adminToken);
    try {
      // All at once: a signed-in user's joins are checked as their account is read, in any order.
      const wanted = Array.from({ length: MAX_ROOMS_PER_CONNECTION + 1 }, (_, index) => rooms.game(`g${index}`));
      const answers = await Promise.all(wanted.map((room) => join(socket, room)));
      expect(answers.filter((answer) => answer.ok)).toHaveLength(MAX_ROOMS_PER_CONNECTION);
      expect(answers.filter((answer) => !answer.ok)).toEqual([{ ok: false, error: TOO_MANY_ROOMS }]);
      const followed = wanted.filter((_, index) => answers[index]!.ok);
      expect(await join(socket, followed[0]!)).toEqual(JOINED);
      socket.emit('leave', followed[0]!);
      expect(await join(socket, rooms.game('g-new'))).toEqual(JOINED);
      expect(await join(socket, rooms.admin)).toEqual({ ok: false, error: TOO_MANY_ROOMS });
    } finally {
      socket.close();
    }
  });

  it('refuses an unregistered socket handshake with not_registered', async () => {
    const { socket, refusal } = await connectSocket(app, await signUpToken(app, 'quiet@playtime.test', 'quiet'));
    socket.close();
    expect(refusal?.data?.code).toBe('not_registered');
  });

  it('gives a taken username a suffix, case-insensitively and under concurrency, and shows a balance only to its owner or an admin', async () => {
    const lookalike = await signUp(app, 'lookalike@playtime.test', 'Owner');
    expect((await registered(lookalike)).username).toBe('Owner2');
    const twins = await Promise.all([
      signUp(app, 'twin1@playtime.test', 'twin'),
      signUp(app, 'twin2@playtime.test', 'twin'),
      signUp(app, 'twin3@playtime.test', 'TWIN'),
    ]);
    const names = await Promise.all(twins.map(async (twin) => (await registered(twin)).username));
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(3);
    expect(names.map((name) => name.toLowerCase()).sort()).toEqual(['twin', 'twin2', 'twin3']);

    for (const name of ['owner', 'Owner', 'OWNER']) {
      const answer = await lookalike.post('/api/get-balance-of-account-from-username', { name });
      expect(answer.status, `${name}: ${answer.text}`).toBe(403);
    }
    expect((await lookalike.post('/api/get-balance-of-account-from-username', { name: 'owner2' })).text).toBe('0');
    expect((await admin.post('/api/get-balance-of-account-from-username', { name: 'OWNER' })).status).toBe(200);
    expect((await admin.post('/api/get-balance-of-account-from-username', { name: 'nobody-here' })).status).toBe(404);
  });

  it('refuses removing the last admin, even when two admins demote each other at once', async () => {
    const me = (await admin.get('/api/get-user')).json as { userId: string };
    for (const call of [
      admin.post('/api/admin-edit-user', { userId: me.userId, role: 'player' }),
      admin.post('/api/admin-delete-user', { userId: me.userId }),
    ]) {
      const answer = await call;
      expect(answer.status).toBe(409);
      expect(answer.json).toMatchObject({
        error: { code: 'last_admin', message: expect.stringMatching(/^You are the last admin/) },
      });
    }
    // ADMIN_EMAILS lists boss, whose address the provider verified: admin from the first registration.
    const boss = await signUp(app, 'boss@playtime.test', 'boss', true);
    const bossId = (await registered(boss)).userId;
    for (let round = 0; round < 5; round++) {
      const [byAdmin, byBoss] = await Promise.all([
        admin.post('/api/admin-edit-user', { userId: bossId, role: 'player' }),
        boss.post('/api/admin-edit-user', { userId: me.userId, role: 'player' }),
      ]);
      // The second to decide finds itself the last admin (409), or is already no admin (403).
      expect(
        [byAdmin!.status, byBoss!.status].filter((status) => status === 200),
        `${byAdmin!.text} ${byBoss!.text}`,
      ).toHaveLength(1);
      const [winner, winnerId, loser, loserId] =
        byAdmin!.status === 200 ? [admin, me.userId, boss, bossId] : [boss, bossId, admin, me.userId];
      const list = (await winner.seesWritesOf(loser).get('/api/get-users?page=0&pageSize=50')).json as {
        userId: string;
        role: string;
      }[];
      expect(list.filter((user) => user.role === 'admin').map((user) => user.userId)).toEqual([winnerId]);
      expect((await winner.post('/api/admin-edit-user', { userId: loserId, role: 'admin' })).status).toBe(200);
      expect(await statusWithin(() => loser.seesWritesOf(winner).get('/api/get-users?page=0&pageSize=10'), 200)).toBe(
        200,
      );
    }
  });

  it('re-checks a socket user on every join, and drops their rooms when they are demoted or deleted', async () => {
    const moverToken = await signUpToken(app, 'mover@playtime.test', 'mover');
    const moverId = (await registered(new ApiClient(app.url, moverToken))).userId;
    const { socket, refusal } = await connectSocket(app, moverToken);
    expect(refusal).toBeUndefined();
    expect(await join(socket, 'admin')).toMatchObject({ ok: false });

    expect((await admin.post('/api/admin-edit-user', { userId: moverId, role: 'admin' })).status).toBe(200);
    await admin.get('/api/get-users?page=0&pageSize=10');
    // The handshake saw a player; the join reads who they are now.
    expect(await join(socket, 'admin')).toEqual(JOINED);
    expect(await join(socket, 'user:someone-else')).toEqual(JOINED);

    const left: string[] = [];
    const bothLeft = new Promise<void>((resolve) =>
      socket.on('left', ({ room }: { room: string }) => {
        left.push(room);
        if (left.length === 2) resolve();
      }),
    );
    expect((await admin.post('/api/admin-edit-user', { userId: moverId, role: 'player' })).status).toBe(200);
    await bothLeft;
    expect(left.sort()).toEqual(['admin', 'user:someone-else']);
    expect(await join(socket, 'admin')).toMatchObject({ ok: false });
    expect(await join(socket, `user:${moverId}`)).toEqual(JOINED);

    const removed = new Promise<unknown>((resolve) => socket.once('account_removed', resolve));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await admin.post('/api/admin-delete-user', { userId: moverId })).status).toBe(200);
    expect(await removed).toMatchObject({ message: expect.any(String) });
    expect(await disconnected).toBe('io server disconnect');
    const again = await connectSocket(app, moverToken);
    again.socket.close();
    expect(again.refusal?.data?.code).toBe('user_deleted');
  });
});

describe('ADMIN_EMAILS at every start', () => {
  it('makes each registered user whose verified email is listed an admin at the next start, and nobody unverified', async () => {
    const database = await createTestDatabase('admins');
    // The same address both times: the issuer is part of who a user is.
    const port = await freeServerPort();
    const start = (adminEmails: string) => {
      return startStandalone(
        loadConfig(
          appEnvironment(database.url, port, { LOG_LEVEL: 'error', ADMIN_EMAILS: adminEmails, SEED_DEMO: 'false' }),
        ),
      );
    };
    try {
      const first = await start('');
      const chief = await signUp(first, 'chief@playtime.test', 'chief', true);
      const pretender = await signUp(first, 'pretender@playtime.test', 'pretender', false);
      expect((await registered(chief)).role).toBe('player');
      expect((await registered(pretender)).role).toBe('player');
      await first.close();

      const second = await start('chief@playtime.test,pretender@playtime.test');
      try {
        const roleOf = async (email: string) => {
          const client = new ApiClient(second.url, await accessTokenFor(second.url, email, 'sign-up ok'));
          return ((await client.get('/api/get-user')).json as { role: string }).role;
        };
        expect(await roleOf('chief@playtime.test')).toBe('admin');
        expect(await roleOf('pretender@playtime.test')).toBe('player');
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe('ADMIN_EMAILS when the command side starts before the projector (distributed)', () => {
  it('needs no projector: the log says who is to be an admin, and an empty log names nobody', async () => {
    const database = await createTestDatabase('adminsfirst');
    const pool = createPool(database.url);
    const store = checkEventSchemas(await PostgresEventStore.connect(database.url));
    const progress = new ProjectionProgress(pool, database.url);
    const projector = createProjector({
      store,
      pool,
      connectionString: database.url,
      projections: [usersProjection],
      announcer: { announce: () => undefined },
      logger: pino({ level: 'silent' }),
    });
    try {
      await migrate(pool, 'projections', projectionMigrations);
      await progress.start();
      const deps = { store, progress, pool, adminEmails: ['late@playtime.test'] };
      // A fresh database, and no projector: nobody is registered, so nobody is made an admin.
      await expect(prepareUsersAtStart(deps)).resolves.toBeUndefined();

      await store.appendToStream(
        userStream('late'),
        [
          {
            type: 'UserRegistered',
            data: {
              userId: 'late',
              issuer: 'iss',
              subject: 'late',
              email: 'late@playtime.test',
              emailVerified: true,
              username: 'late',
              nickname: 'late',
              profilePicture: '/avatars/1.svg',
              role: 'player',
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      // Still no projector: the registration in the log is enough.
      await prepareUsersAtStart(deps);
      await projector.start();
      const events = await store.readStream(userStream('late'));
      expect(events.at(-1)).toMatchObject({ type: 'UserRoleChanged', data: { role: 'admin' } });
    } finally {
      await projector.stop();
      await progress.close();
      await store.close();
      await pool.end();
      await database.drop();
    }
  });
});
