/**
 * A page's answers and its room joins say how far the read models had got (X-Playtime-Read-At on every
 * query, the checkpoint in a join's answer), so the web refetches after a join only what may lack a
 * change the socket missed (web/src/hooks/use-live-room.ts). Both positions are checked against the
 * projections' own checkpoints: an answer's may trail them, never lead; a join's may lead, never trail.
 */
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTION_NAMES } from '@playtime/shared/contract/projections';
import { READ_AT_HEADER } from '@playtime/shared/contract/headers';
import { REALTIME_EVENTS, type HelloMessage, type JoinAnswer } from '@playtime/shared/contract/realtime';
import { rooms } from '@playtime/shared/contract/rooms';
import { compareCheckpoints, parseCheckpoint, type LogCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import { projectionSpan } from '@playtime/shared/infra/projections/projection-progress';
import { ApiClient, accessTokenFor } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/standalone-app';

describe('read positions on answers and joins', () => {
  let app: TestApp;
  let pool: pg.Pool;
  let player: ApiClient;
  let token: string;
  let userId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    token = await accessTokenFor(app.url, 'player@playtime.test');
    player = new ApiClient(app.url, token);
    userId = (await player.read<{ userId: string }>('/api/get-user')).userId;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await pool?.end();
    await app?.dispose();
  });

  const span = async () => {
    const read = await projectionSpan(pool, PROJECTION_NAMES);
    expect(read).not.toBeNull();
    return read!;
  };

  /** A GET's read position. */
  const readAt = async (path: string): Promise<LogCheckpoint> => {
    const answer = await player.get(path);
    expect(answer.status, answer.text).toBe(200);
    const position = parseCheckpoint(answer.headers.get(READ_AT_HEADER) ?? '');
    expect(position, `${READ_AT_HEADER} of ${path}`).not.toBeNull();
    return position!;
  };

  /** Joins `room` on a fresh signed-in socket: the answer's position. */
  const joinedAt = async (room: string): Promise<LogCheckpoint> => {
    const socket = io(app.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    sockets.push(socket);
    const answer = await new Promise<JoinAnswer>((resolve) => socket.emit(REALTIME_EVENTS.join, room, resolve));
    expect(answer.ok).toBe(true);
    const position = parseCheckpoint((answer as { checkpoint?: string }).checkpoint ?? '');
    expect(position, 'the join answer names a checkpoint').not.toBeNull();
    return position!;
  };

  it('answers a query with a position no read model had not reached, and a join with one none had passed', async () => {
    const before = await span();
    const answered = await readAt('/api/get-user-games');
    const after = await span();
    // Read before the answer: at most the lowest checkpoint then; checkpoints only move on.
    expect(compareCheckpoints(answered, after.lowest)).toBeLessThanOrEqual(0);
    const joined = await joinedAt(rooms.user(userId));
    // Read after the socket was in the room: at least the furthest any read model had got before the join.
    expect(compareCheckpoints(joined, before.highest)).toBeGreaterThanOrEqual(0);
    expect(compareCheckpoints(joined, after.highest)).toBeGreaterThanOrEqual(0);
  });

  it('reads a quiet page at the position a join then answers, so the page need not read it again', async () => {
    // Once nothing is written, every read model and the answers' position settle on the log's end.
    const deadline = Date.now() + 30_000;
    let answered = await readAt('/api/get-user');
    let joined = await joinedAt(rooms.user(userId));
    while (compareCheckpoints(answered, joined) < 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answered = await readAt('/api/get-user');
      joined = await joinedAt(rooms.user(userId));
    }
    expect(compareCheckpoints(answered, joined)).toBeGreaterThanOrEqual(0);
  });

  it('reads an answer before a change at a position the join after the change has passed, so it is read again', async () => {
    const answered = await readAt('/api/get-user');
    const changed = await player.post('/api/edit-user', {
      username: 'player',
      bio: `Read again ${Date.now()}`,
      profilePicture: '/avatars/2.svg',
    });
    expect(changed.status, changed.text).toBe(200);
    const written = parseCheckpoint(changed.headers.get('x-playtime-position') ?? '');
    expect(written).not.toBeNull();
    // The change is in the read models (and announced) before the socket joins: the socket missed it.
    await player.get('/api/get-user');
    const joined = await joinedAt(rooms.user(userId));
    expect(compareCheckpoints(joined, written)).toBeGreaterThanOrEqual(0);
    expect(compareCheckpoints(answered, joined)).toBeLessThan(0);
  });

  it('still greets every connecting socket with hello, which tabs of an earlier web app refetch on', async () => {
    const socket = io(app.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    sockets.push(socket);
    const hello = await new Promise<HelloMessage>((resolve) => socket.once(REALTIME_EVENTS.hello, resolve));
    expect(hello.checkpoint).toMatch(/^\d+:\d+$/);
  });
});
