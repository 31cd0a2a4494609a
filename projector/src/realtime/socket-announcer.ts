import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { socketChannelOf } from '@playtime/shared/infra/runtime/deployment-namespace';
import { REALTIME_EVENTS, type ChangeNotice, type ChangedMessage } from '@playtime/shared/contract/realtime';
import type { ChangeAnnouncer } from '../runtime/projection';

/** Anything that can emit to socket.io rooms: the in-process Server, or the Redis emitter. */
export interface RoomEmitter {
  to(room: string): { emit(event: string, payload: unknown): unknown };
  emit(event: string, payload: unknown): unknown;
}

export type { ChangedMessage };

/**
 * Forwards each committed change to the rooms named by its keys, as a `changed` message. A batch
 * can change many rooms at once (every user who edited a profile in the same moment); each room
 * is told only about itself, so no socket learns which other users, games or fields changed, and
 * a batch of n changes sends n small messages rather than n messages of n keys each.
 */
export function socketAnnouncer(emitter: RoomEmitter): ChangeAnnouncer {
  return {
    announce({ projection, keys, checkpoint }: ChangeNotice) {
      for (const room of keys) {
        const message: ChangedMessage = { projection, keys: [room], checkpoint, room };
        if (room === '*') emitter.emit(REALTIME_EVENTS.changed, message);
        else emitter.to(room).emit(REALTIME_EVENTS.changed, message);
      }
    },
  };
}

/** Distributed: the projector publishes through Redis to every read-api process's sockets. */
export async function redisSocketAnnouncer(
  redisUrl: string,
  databaseUrl: string,
): Promise<{ announcer: ChangeAnnouncer; close: () => Promise<void> }> {
  const client = new Redis(redisUrl, { lazyConnect: true });
  await client.connect();
  const emitter = new Emitter(client, { key: socketChannelOf(databaseUrl) });
  return {
    announcer: socketAnnouncer(emitter as unknown as RoomEmitter),
    close: async () => void (await client.quit()),
  };
}
