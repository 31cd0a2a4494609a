import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRoomServer, type RoomClient } from '../../../tests/support/room-server';
import { inProcessRoomWriter } from './room-writer';

/** Slices smaller than the product's, so that a room of a few of them stays quick to open. */
const SOCKETS_PER_TURN = 40;

describe('inProcessRoomWriter over a real socket.io server', () => {
  let rooms: Awaited<ReturnType<typeof startRoomServer>>;
  const follow = (room: string, count: number): Promise<RoomClient[]> =>
    Promise.all(Array.from({ length: count }, () => rooms.follow(room)));

  beforeAll(async () => {
    rooms = await startRoomServer();
  });
  afterAll(() => rooms.close());

  it('writes every socket of a big room once, in slices that let other work run between them', async () => {
    const size = SOCKETS_PER_TURN * 2 + 17;
    const big = await follow('game:big', size);
    const other = await follow('game:other', 3);
    const writer = inProcessRoomWriter(rooms.server, { alone: true, socketsPerTurn: SOCKETS_PER_TURN });

    let ranBetween = false;
    const written = writer.write('game:big', 'changed', { checkpoint: '1:1' });
    setImmediate(() => (ranBetween = true));
    await written;
    expect(ranBetween).toBe(true);

    await expect.poll(() => big.every((client) => client.received.length === 1)).toBe(true);
    expect(big.flatMap((client) => client.received)).toEqual(Array(size).fill({ checkpoint: '1:1' }));
    // A socket's messages arrive in order: once the other room heard a later message, a stray one would be there.
    await writer.write('game:other', 'changed', { checkpoint: '1:2' });
    await expect.poll(() => other.every((client) => client.received.length === 1)).toBe(true);
    expect(other.map((client) => client.received)).toEqual(Array(3).fill([{ checkpoint: '1:2' }]));
  });

  it('skips a socket that left the room while the slices before it were written', async () => {
    const room = await follow('game:leaving', SOCKETS_PER_TURN + 5);
    const writer = inProcessRoomWriter(rooms.server, { alone: true, socketsPerTurn: SOCKETS_PER_TURN });
    // The room's last member in socket.io's order: it is in the last slice.
    const leaverId = [...rooms.server.of('/').adapter.rooms.get('game:leaving')!].at(-1)!;
    const leaver = rooms.server.of('/').sockets.get(leaverId)!;
    const leaverClient = room.find((client) => client.socket.id === leaverId)!;
    const written = writer.write('game:leaving', 'changed', { checkpoint: '2:1' });
    // The first slice went out in this turn; the last socket leaves before the next.
    await leaver.leave('game:leaving');
    await written;
    const stayed = room.filter((client) => client !== leaverClient);
    await expect.poll(() => stayed.every((client) => client.received.length === 1)).toBe(true);
    rooms.server.to(leaverId).emit('changed', { checkpoint: 'after' });
    await expect.poll(() => leaverClient.received.length).toBe(1);
    expect(leaverClient.received).toEqual([{ checkpoint: 'after' }]);
  });
});
