import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, accessTokenFor } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/standalone-app';

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
    const roles = await Promise.all((['player', 'captain', 'owner', 'admin'] as const).map(async (caller) => ((await clients[caller].get('/api/get-user')).json as { role: string }).role));
    expect(roles).toEqual(['player', 'captain', 'field owner', 'admin']);
  });

  it('answers every user route correctly for every kind of caller', async () => {
    const everyone: Caller[] = ['nobody', 'player', 'captain', 'owner', 'admin'];
    const expectations: { call: (c: ApiClient) => ReturnType<ApiClient['get']>; status: Record<Caller, number>; name: string }[] = [
      { name: 'get-user', call: (c) => c.get('/api/get-user'), status: { nobody: 401, player: 200, captain: 200, owner: 200, admin: 200 } },
      { name: 'get-user-games', call: (c) => c.get('/api/get-user-games'), status: { nobody: 401, player: 200, captain: 200, owner: 200, admin: 200 } },
      { name: 'get-users', call: (c) => c.get('/api/get-users?page=0&pageSize=10'), status: { nobody: 401, player: 403, captain: 403, owner: 403, admin: 200 } },
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
        if (answer.status !== expectation.status[caller]) mismatches.push(`${expectation.name} as ${caller}: ${answer.status} ${answer.text.slice(0, 120)}`);
        if (answer.status >= 400) expect((answer.json as { error: { message: string } }).error.message.length).toBeGreaterThan(5);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('shows the user their own edit on the very next read, and refuses a username change', async () => {
    const edit = await clients.player.post('/api/edit-user', { username: 'player', bio: 'Left back', profilePicture: '/avatars/5.svg' });
    expect(edit.headers.get('x-playtime-position')).toMatch(/^\d+:\d+$/);
    const me = await clients.player.get('/api/get-user');
    expect(me.json).toMatchObject({ username: 'player', bio: 'Left back', profilePicture: '/avatars/5.svg' });
    const rename = await clients.player.post('/api/edit-user', { username: 'someone-else', bio: '', profilePicture: '' });
    expect(rename.status).toBe(422);
    expect(rename.json).toMatchObject({ error: { code: 'username_read_only', message: 'Your username cannot be changed.' } });
  });

  it('pages users in SQL and reports the total', async () => {
    const page = await clients.admin.get('/api/get-users?page=0&pageSize=10');
    expect(page.headers.get('x-total-count')).toBe('4');
    expect((page.json as unknown[]).length).toBe(4);
    const bad = await clients.admin.get('/api/get-users?page=0&pageSize=7');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { fields: { pageSize: 'pageSize must be 10, 20 or 50' } } });
  });

  it('refuses bad input with a clear 4xx: no XSRF header, malformed JSON, oversized body, unknown route, bad role', async () => {
    const noXsrf = await fetch(`${app.url}/api/edit-user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noXsrf.status).toBe(403);
    expect(((await noXsrf.json()) as { error: { code: string } }).error.code).toBe('xsrf');
    expect((await clients.player.call('POST', '/api/edit-user', '{"bio":')).status).toBe(400);
    expect((await clients.player.post('/api/edit-user', { username: 'player', bio: 'x'.repeat(100_000) })).status).toBe(413);
    const unknown = await clients.player.get('/api/no-such-call');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: { code: 'not_found' } });
    const badRole = await clients.admin.post('/api/admin-edit-user', { userId: ids.player, role: 'king' });
    expect(badRole.status).toBe(400);
    expect(badRole.json).toMatchObject({ error: { fields: { role: 'Role must be one of: player, captain, field owner, admin' } } });
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
      while (Date.now() - started < 3000 && (status = (await clients.captain.get('/api/get-users?page=0&pageSize=10')).status) !== expected) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return status;
    };
    expect(await statusOf(403)).toBe(403);
    expect((await clients.admin.post('/api/admin-edit-user', { userId: ids.captain, role: 'admin' })).status).toBe(200);
    expect(await statusOf(200)).toBe(200);
    expect((await clients.admin.post('/api/admin-edit-user', { userId: ids.captain, role: 'captain' })).status).toBe(200);
    expect(await statusOf(403)).toBe(403);
  });
});
