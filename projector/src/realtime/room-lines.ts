import type { ChangedMessage } from '@playtime/shared/contract/realtime';

/** Writes one message to every socket of a room; settled once every write was handed over. */
export type WriteToRoom = (room: string, message: ChangedMessage) => void | Promise<void>;

interface Line {
  /** Messages waiting for the write before them, by read model: a later change of one replaces its earlier one. */
  waiting: Map<string, ChangedMessage>;
  /** Settles the announcements whose messages are waiting, once those are written. */
  settle: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
}

/**
 * One line of writes per room, so announcing never holds a projection's next batch: a room's messages
 * go out in the order they came, each after the one before it was written, and rooms do not wait for
 * each other, so a room of a thousand sockets holds only itself. A message that waits behind a write
 * is replaced by a later change of the same read model to the same room: the later one carries a later
 * position and says all the earlier one did (a room's message names its read model, its room and the
 * position; clients refetch), so a line holds at most one message per read model however fast changes come.
 */
export class RoomLines {
  private readonly lines = new Map<string, Line>();

  constructor(private readonly write: WriteToRoom) {}

  /** Hands `message` to its room's line; settled when it (or a later change that replaced it) was written. */
  send(message: ChangedMessage): Promise<void> {
    const line = this.lines.get(message.room);
    if (line) {
      line.waiting.set(message.projection, message);
      return new Promise((resolve, reject) => line.settle.push({ resolve, reject }));
    }
    const started = this.lines.set(message.room, { waiting: new Map(), settle: [] }).get(message.room)!;
    const written = writeNow(this.write, message);
    void written.then(
      () => this.next(message.room, started),
      () => this.next(message.room, started),
    );
    return written;
  }

  /** The write before is done: writes what waited meanwhile, or ends the room's line. */
  private next(room: string, line: Line): void {
    if (line.waiting.size === 0) {
      this.lines.delete(room);
      return;
    }
    const messages = [...line.waiting.values()];
    const settle = line.settle;
    line.waiting = new Map();
    line.settle = [];
    const written = messages.reduce<Promise<void>>(
      (before, message) => before.then(() => this.write(room, message)),
      Promise.resolve(),
    );
    void written.then(
      () => settle.forEach((waiter) => waiter.resolve()),
      (error: unknown) => settle.forEach((waiter) => waiter.reject(error)),
    );
    void written.then(
      () => this.next(room, line),
      () => this.next(room, line),
    );
  }
}

/** Starts the write at once (a small room, or Redis, is written synchronously, without waiting a turn). */
function writeNow(write: WriteToRoom, message: ChangedMessage): Promise<void> {
  try {
    return Promise.resolve(write(message.room, message));
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
