import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketAnnouncer, type ChangedMessage, type RoomEmitter } from './socket-announcer';

describe('socketAnnouncer over a real socket.io server', () => {
  const httpServer = createServer();
  const server = new Server(httpServer);
  const sockets = new Map<string, Socket>();

  /** A client in `room` (the server joins it on connection) that keeps what it receives. */
  async function listener(room: string): Promise<ChangedMessage[]> {
    const received: ChangedMessage[] = [];
    const socket = connect(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      query: { room },
    });
    sockets.set(room, socket);
    socket.on('changed', (message: ChangedMessage) => received.push(message));
    await new Promise<void>((resolve) => socket.on('joined', () => resolve()));
    return received;
  }

  beforeAll(async () => {
    server.on('connection', async (socket) => {
      await socket.join(String(socket.handshake.query.room));
      socket.emit('joined');
    });
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve()));
  });
  afterAll(async () => {
    for (const socket of sockets.values()) socket.disconnect();
    await server.close();
  });

  it('tells each room only about itself when one batch changed several rooms', async () => {
    const [alice, bob, carol] = await Promise.all([
      listener('user:alice'),
      listener('user:bob'),
      listener('user:carol'),
    ]);
    socketAnnouncer(server as unknown as RoomEmitter).announce({
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
    server.to('user:carol').emit('flushed');
    await flushed;
    expect(carol).toEqual([]);
  });

  it("sends a change of everything ('*') to every socket", async () => {
    const [dave, erin] = await Promise.all([listener('user:dave'), listener('game:1')]);
    socketAnnouncer(server as unknown as RoomEmitter).announce({
      projection: 'games',
      keys: ['*'],
      checkpoint: '8:50',
    });

    await expect.poll(() => dave.length + erin.length).toBe(2);
    expect(dave).toEqual([{ projection: 'games', keys: ['*'], checkpoint: '8:50', room: '*' }]);
    expect(erin).toEqual(dave);
  });
});
