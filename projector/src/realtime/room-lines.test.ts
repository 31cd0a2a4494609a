import { describe, expect, it } from 'vitest';
import type { ChangedMessage } from '@playtime/shared/contract/realtime';
import { RoomLines } from './room-lines';

/** A room writer whose writes end when the test ends them, one by one, in the order they began. */
function heldWriter() {
  const begun: Array<{ room: string; message: ChangedMessage; end: (error?: Error) => void }> = [];
  const write = (room: string, message: ChangedMessage) =>
    new Promise<void>((resolve, reject) =>
      begun.push({ room, message, end: (error) => (error ? reject(error) : resolve()) }),
    );
  return { begun, write };
}

const change = (room: string, checkpoint: string, projection = 'games'): ChangedMessage => ({
  projection,
  keys: [room],
  checkpoint,
  room,
});

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RoomLines', () => {
  it("writes a room's messages one after another, in the order they came", async () => {
    const writer = heldWriter();
    const lines = new RoomLines(writer.write);
    const first = lines.send(change('game:1', '1:1', 'games'));
    const second = lines.send(change('game:1', '1:2', 'bookings'));
    await settle();
    expect(writer.begun.map((write) => write.message.checkpoint)).toEqual(['1:1']);
    writer.begun[0]!.end();
    await first;
    await settle();
    expect(writer.begun.map((write) => write.message.checkpoint)).toEqual(['1:1', '1:2']);
    writer.begun[1]!.end();
    await second;
  });

  it('does not hold a room behind another room still being written', async () => {
    const writer = heldWriter();
    const lines = new RoomLines(writer.write);
    void lines.send(change('game:big', '1:1'));
    const small = lines.send(change('game:small', '1:2'));
    await settle();
    expect(writer.begun.map((write) => write.room)).toEqual(['game:big', 'game:small']);
    writer.begun[1]!.end();
    await small;
    writer.begun[0]!.end();
  });

  it('replaces a waiting message by a later change of the same read model, and settles both when it is written', async () => {
    const writer = heldWriter();
    const lines = new RoomLines(writer.write);
    void lines.send(change('game:1', '1:1'));
    const older = lines.send(change('game:1', '1:2'));
    const newer = lines.send(change('game:1', '1:3'));
    writer.begun[0]!.end();
    await settle();
    expect(writer.begun.map((write) => write.message.checkpoint)).toEqual(['1:1', '1:3']);
    let settled = 0;
    void Promise.all([older, newer]).then(() => (settled += 1));
    await settle();
    expect(settled).toBe(0);
    writer.begun[1]!.end();
    await settle();
    expect(settled).toBe(1);
  });

  it('rejects the announcement whose write failed and goes on with the next', async () => {
    const writer = heldWriter();
    const lines = new RoomLines(writer.write);
    const failing = lines.send(change('game:1', '1:1'));
    const next = lines.send(change('game:1', '1:2'));
    writer.begun[0]!.end(new Error('socket gone'));
    await expect(failing).rejects.toThrow('socket gone');
    await settle();
    writer.begun[1]!.end();
    await expect(next).resolves.toBeUndefined();
    await settle();
    // The line is over: a new message is written at once.
    void lines.send(change('game:1', '1:3'));
    expect(writer.begun).toHaveLength(3);
  });

  it('writes at once, in the same turn, when the room has nothing in line', () => {
    const written: string[] = [];
    const lines = new RoomLines((room) => void written.push(room));
    void lines.send(change('user:a', '1:1'));
    void lines.send(change('user:b', '1:1'));
    expect(written).toEqual(['user:a', 'user:b']);
  });
});
