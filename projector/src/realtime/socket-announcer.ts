import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import type { ChangeAnnouncer, ChangeNotice } from '../runtime/projection';

/** Anything that can emit to socket.io rooms: the in-process Server, or the Redis emitter. */
export interface RoomEmitter {
  to(room: string): { emit(event: string, payload: unknown): unknown };
  emit(event: string, payload: unknown): unknown;
}

export interface ChangedMessage extends ChangeNotice {
  room: string;
}

/** Forwards each committed change to the rooms named by its keys, as a `changed` message. */
export function socketAnnouncer(emitter: RoomEmitter): ChangeAnnouncer {
  return {
    announce(notice: ChangeNotice) {
      for (const room of notice.keys) {
        const message: ChangedMessage = { ...notice, room };
        if (room === '*') emitter.emit('changed', message);
        else emitter.to(room).emit('changed', message);
      }
    },
  };
}

/** Distributed: the projector publishes through Redis to every read-api process's sockets. */
export async function redisSocketAnnouncer(redisUrl: string): Promise<{ announcer: ChangeAnnouncer; close: () => Promise<void> }> {
  const client = new Redis(redisUrl, { lazyConnect: true });
  await client.connect();
  const emitter = new Emitter(client);
  return { announcer: socketAnnouncer(emitter as unknown as RoomEmitter), close: async () => void (await client.quit()) };
}
