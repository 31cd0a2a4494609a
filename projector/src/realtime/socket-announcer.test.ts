import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRoomServer } from '../../../tests/support/room-server';
import { emitterRoomWriter, socketAnnouncer, type ChangedMessage, type RoomEmitter } from './socket-announcer';

describe('socketAnnouncer over a real socket.io server', () => {
  let rooms: Awaited<ReturnType<typeof startRoomServer>>;
  const sockets = new Map<string, Socket>();

  /** A client in `room` that keeps what it receives. */
  async function listener(room: string): Promise<ChangedMessage[]> {
    const client = await rooms.follow(room);
    sockets.set(room, client.socket);
    return client.received as ChangedMessage[];
  }

  beforeAll(async () => {
    rooms = await startRoomServer();
  });
  afterAll(() => rooms.close());

  it('tells each room only about itself when one batch changed several rooms', async () => {
    const [alice, bob, carol] = await Promise.all([
      listener('user:alice'),
      listener('user:bob'),
      listener('user:carol'),
    ]);
    socketAnnouncer(emitterRoomWriter(rooms.server as unknown as RoomEmitter)).announce({
      projection: 'users',
      keys: ['user:alice', 'user:bob'],
      checkpoint: '7:42',
    });

    await expect.poll(() => alice.length + bob.length).toBe(2);
    expect(alice).toEqual([{ projection: 'users', keys: ['user:alice'], checkpoint: '7:42', room: 'user:alice' }]);
    expect(bob).toEqual([{ projection: 'users', keys: ['user:bob'], checkpoint: '7:42', room: 'user:bob' }]);
    // Carol's room changed in nothing. A socket's messages arrive in the order they were sent, so once
    // a message sent after the announcement has reached her, a stray one would have arrived before it.
    const flushed = new Promise<void>((resolve) => sockets.get('user:carol')!.once('flushed', () => resolve()));
    rooms.server.to('user:carol').emit('flushed');
    await flushed;
    expect(carol).toEqual([]);
  });

  it("sends a change of everything ('*') to every socket", async () => {
    const [dave, erin] = await Promise.all([listener('user:dave'), listener('game:1')]);
    socketAnnouncer(emitterRoomWriter(rooms.server as unknown as RoomEmitter)).announce({
      projection: 'games',
      keys: ['*'],
      checkpoint: '8:50',
    });

    await expect.poll(() => dave.length + erin.length).toBe(2);
    expect(dave).toEqual([{ projection: 'games', keys: ['*'], checkpoint: '8:50', room: '*' }]);
    expect(erin).toEqual(dave);
  });
});
