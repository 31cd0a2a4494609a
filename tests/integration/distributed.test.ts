/**
 * The distributed composition for real: two command-api processes, two read-api processes and one
 * projector, against the machine's PostgreSQL and Redis (runs when DATABASE_URL and REDIS_URL are set,
 * as in CI's second pass). A command sent to one command-api must reach a socket on the other read-api,
 * and a role change must reach every API process's cache of who its callers are.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { socketChannelOf } from '@playtime/shared/infra/runtime/deployment-namespace';
import { UPLOAD_PICTURE_PATH, type UploadedPicture } from '@playtime/shared/contract/pictures';
import { freeServerPort } from '../support/ports';
import { createPool } from '@playtime/shared/infra/db/pool';
import { AccountStore } from '@playtime/shared/infra/identity/embedded-provider/index';
import { ApiClient, accessTokenFor } from '../support/api-client';
import { createTestDatabase, withDatabase } from '../support/postgres';
import { waitFor } from '../support/wait';

const ROOT = path.resolve(import.meta.dirname, '../..');
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/** Waits for /healthz; a child that exits first is reported with the end of what it printed. */
async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}: ${output()}`);
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms: ${output()}`);
}

describe.runIf(enabled)('distributed composition on PostgreSQL and Redis', () => {
  const children: ChildProcess[] = [];
  const childAt = new Map<string, ChildProcess>();
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const urls: Record<'command1' | 'command2' | 'read1' | 'read2' | 'projector', string> = {} as never;

  /**
   * Starts a service on a port found free a moment before. Another process (even this test's own
   * services, connecting to PostgreSQL and Redis from ephemeral ports) can take that port meanwhile;
   * a service that exits with EADDRINUSE is started again on another port.
   */
  async function startService(
    entry: string,
    env: (url: string) => Record<string, string>,
    attempts = 3,
  ): Promise<string> {
    const port = await freeServerPort();
    const url = `http://localhost:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
      cwd: ROOT,
      env: { ...process.env, ...env(url), PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let printed = '';
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        process.stderr.write(chunk);
        printed = (printed + chunk.toString()).slice(-2000);
      });
    }
    try {
      await waitForHealth(url, child, () => printed);
      childAt.set(url, child);
      return url;
    } catch (error) {
      if (attempts > 1 && child.exitCode !== null && printed.includes('EADDRINUSE'))
        return startService(entry, env, attempts - 1);
      throw error;
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase('dist');
    const env = (publicUrl: string) => ({
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL!,
      EMBEDDED_IDENTITY: 'true',
      PUBLIC_URL: publicUrl,
      ADMIN_EMAILS: 'boss@playtime.test',
      // Short waits, so the stopped projector below is seen lagging quickly.
      READY_MAX_LAG_MS: '1000',
      READ_WAIT_MS: '1000',
    });
    // The first read-api mounts the identity provider (the issuer's origin) and creates its tables.
    urls.read1 = await startService('read-api/src/main.ts', env);
    const withIssuer = () => env(urls.read1);
    [urls.command1, urls.command2, urls.read2, urls.projector] = await Promise.all([
      startService('command-api/src/main.ts', withIssuer),
      startService('command-api/src/main.ts', withIssuer),
      startService('read-api/src/main.ts', withIssuer),
      startService('projector/src/main.ts', withIssuer),
    ]);
    const pool = createPool(database.url);
    await new AccountStore(pool).create({ email: 'dist@playtime.test', nickname: 'dist', password: 'distributed ok' });
    await new AccountStore(pool).create({
      email: 'boss@playtime.test',
      nickname: 'boss',
      password: 'distributed ok',
      emailVerified: true,
    });
    await new AccountStore(pool).create({
      email: 'worker@playtime.test',
      nickname: 'worker',
      password: 'distributed ok',
    });
    await pool.end();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await database?.drop();
  });

  it('pushes a command sent to one command-api to a socket on the other read-api', async () => {
    const token = await accessTokenFor(urls.read1, 'dist@playtime.test', 'distributed ok');
    expect((await new ApiClient(urls.command2, token).post('/api/register-user')).status).toBe(200);
    const me = await new ApiClient(urls.read2, token).get('/api/get-user');
    expect(me.status).toBe(200);
    const userId = (me.json as { userId: string }).userId;

    const socket: Socket = io(urls.read2, { path: '/socket.io', transports: ['websocket'], auth: { token } });
    const joined = await new Promise<{ ok: boolean }>((resolve) =>
      socket.on('connect', () => socket.emit('join', `user:${userId}`, resolve)),
    );
    expect(joined.ok).toBe(true);
    const pushed = new Promise<{ room: string; projection: string }>((resolve) => socket.on('changed', resolve));

    const edit = await new ApiClient(urls.command1, token).post('/api/edit-user', {
      username: 'dist',
      bio: 'over the wire',
      profilePicture: '/avatars/3.svg',
    });
    expect(edit.status).toBe(200);
    const message = await pushed;
    expect(message).toMatchObject({ room: `user:${userId}`, projection: 'users' });
    socket.disconnect();

    const after = await new ApiClient(urls.read1, token).call('GET', '/api/get-user', undefined, {
      'x-playtime-after': edit.headers.get('x-playtime-position')!,
    });
    expect(after.json).toMatchObject({ bio: 'over the wire' });
    for (const url of Object.values(urls)) expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it("applies a role change made through one command-api to the user's next requests on every API process", async () => {
    const bossToken = await accessTokenFor(urls.read1, 'boss@playtime.test', 'distributed ok');
    const token = await accessTokenFor(urls.read1, 'worker@playtime.test', 'distributed ok');
    for (const registering of [bossToken, token])
      expect((await new ApiClient(urls.command1, registering).post('/api/register-user')).status).toBe(200);
    const onRead2 = new ApiClient(urls.read2, token);
    const onCommand2 = new ApiClient(urls.command2, token);
    const me = await onRead2.get('/api/get-user');
    expect(me.json).toMatchObject({ role: 'player' });
    const workerId = (me.json as { userId: string }).userId;
    // Both processes now know (and cache) who this caller is.
    expect((await onRead2.get('/api/get-users?page=0&pageSize=10')).status).toBe(403);
    expect((await onCommand2.post('/api/admin-edit-user', { userId: workerId, role: 'admin' })).status).toBe(403);

    expect((await new ApiClient(urls.read1, bossToken).get('/api/get-user')).json).toMatchObject({ role: 'admin' });
    expect(
      (await new ApiClient(urls.command1, bossToken).post('/api/admin-edit-user', { userId: workerId, role: 'admin' }))
        .status,
    ).toBe(200);

    /** The projector process commits the change and NOTIFYs; each API process forgets the cached caller. */
    const statusWithin = async (call: () => Promise<{ status: number }>, expected: number) => {
      const started = Date.now();
      let status = 0;
      while (Date.now() - started < 5000 && (status = (await call()).status) !== expected)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return status;
    };
    expect(await statusWithin(() => onRead2.get('/api/get-users?page=0&pageSize=10'), 200)).toBe(200);
    expect(
      await statusWithin(() => onCommand2.post('/api/admin-edit-user', { userId: workerId, role: 'admin' }), 200),
    ).toBe(200);
  });

  it("keeps its pushes to itself on a Redis server another deployment shares: the channel carries the deployment's name", async () => {
    const token = await accessTokenFor(urls.read1, 'dist@playtime.test', 'distributed ok');
    const me = await new ApiClient(urls.read1, token).get('/api/get-user');
    const room = `user:${(me.json as { userId: string }).userId}`;
    const socket: Socket = io(urls.read1, { path: '/socket.io', transports: ['websocket'], auth: { token } });
    await new Promise((resolve) => socket.on('connect', () => socket.emit('join', room, resolve)));
    const heard: string[] = [];
    socket.on('changed', (message: { projection: string }) => heard.push(message.projection));
    const redis = new Redis(process.env.REDIS_URL!);
    const otherDeployment = withDatabase(database.url, 'another_deployment');
    new Emitter(redis, { key: socketChannelOf(otherDeployment) }).to(room).emit('changed', { projection: 'other' });
    new Emitter(redis, { key: socketChannelOf(database.url) }).to(room).emit('changed', { projection: 'ours' });
    await waitFor('our own push', async () => heard.includes('ours'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual(['ours']);
    socket.disconnect();
    await redis.quit();
  });

  it('keeps every read API ready while the projector is stopped, reporting the lag instead', async () => {
    const token = await accessTokenFor(urls.read1, 'dist@playtime.test', 'distributed ok');
    const projector = childAt.get(urls.projector)!;
    projector.kill('SIGSTOP');
    try {
      const edit = await new ApiClient(urls.command1, token).post('/api/edit-user', {
        username: 'dist',
        bio: 'while the projector sleeps',
        profilePicture: '/avatars/3.svg',
      });
      expect(edit.status).toBe(200);
      // A read that waits for that write answers from the last state, and says so.
      const stale = await new ApiClient(urls.read2, token).call('GET', '/api/get-user', undefined, {
        'x-playtime-after': edit.headers.get('x-playtime-position')!,
      });
      expect(stale.headers.get('x-playtime-stale')).toBe('true');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const url of [urls.read1, urls.read2]) {
        const readiness = await fetch(`${url}/readyz`);
        expect(readiness.status, url).toBe(200);
        const body = (await readiness.json()) as {
          checks: { name: string; detail: Record<string, { lagging: boolean }> }[];
        };
        const projections = body.checks.find((check) => check.name === 'projections')!;
        expect(projections.detail.users!.lagging, url).toBe(true);
      }
    } finally {
      projector.kill('SIGCONT');
    }
    await waitFor(
      'the projector to catch up',
      async () =>
        (await new ApiClient(urls.read1, token).get('/api/get-user')).text.includes('while the projector sleeps'),
      30_000,
    );
  });

  it('serves a picture uploaded through one command-api from every read-api', async () => {
    const token = await accessTokenFor(urls.read1, 'dist@playtime.test', 'distributed ok');
    expect((await new ApiClient(urls.command1, token).post('/api/register-user')).status).toBe(200);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#1f994b' } })
      .jpeg()
      .toBuffer();
    const uploaded = await new ApiClient(urls.command2, token).upload(UPLOAD_PICTURE_PATH, photo, 'image/jpeg');
    expect(uploaded.status, uploaded.text).toBe(201);
    const { url } = uploaded.json as UploadedPicture;
    for (const read of [urls.read1, urls.read2]) {
      const served = await fetch(`${read}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
    }
  });
});
