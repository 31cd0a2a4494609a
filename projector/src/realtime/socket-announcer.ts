import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { socketChannelOf } from '@playtime/shared/infra/runtime/deployment-namespace';
import { REALTIME_EVENTS, type ChangeNotice, type ChangedMessage } from '@playtime/shared/contract/realtime';
import type { ChangeAnnouncer } from '../runtime/projection';
import { RoomLines } from './room-lines';
import { EVERY_SOCKET } from '@playtime/shared/contract/rooms';

/** Anything that can emit to socket.io rooms: the in-process Server, or the Redis emitter. */
export interface RoomEmitter {
  to(room: string): { emit(event: string, payload: unknown): unknown };
  emit(event: string, payload: unknown): unknown;
}

export type { ChangedMessage };

/**
 * Where a room's messages are written: socket.io's server in this process (the read API's
 * inProcessRoomWriter, which lets other work run between slices of a big room), or the Redis emitter.
 * `*` means every socket. Settled once every write was handed over.
 */
export interface RoomWriter {
  write(room: string, event: string, payload: unknown): void | Promise<void>;
}

/** A room writer over anything that emits to rooms at once (the Redis emitter). */
export function emitterRoomWriter(emitter: RoomEmitter): RoomWriter {
  return {
    write(room, event, payload) {
      if (room === EVERY_SOCKET) emitter.emit(event, payload);
      else emitter.to(room).emit(event, payload);
    },
  };
}

/**
 * Forwards each committed change to the rooms named by its keys, as a `changed` message. A batch
 * can change many rooms at once (every user who edited a profile in the same moment); each room
 * is told only about itself, so no socket learns which other users, games or fields changed, and
 * a batch of n changes sends n small messages rather than n messages of n keys each. Each room has
 * its own line of writes (RoomLines): the announcement is settled when its rooms were written, and
 * the projection does not wait for that before its next batch.
 */
export function socketAnnouncer(writer: RoomWriter): ChangeAnnouncer {
  const lines = new RoomLines((room, message) => writer.write(room, REALTIME_EVENTS.changed, message));
  return {
    async announce({ projection, keys, checkpoint }: ChangeNotice) {
      await Promise.all(keys.map((room) => lines.send({ projection, keys: [room], checkpoint, room })));
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
    announcer: socketAnnouncer(emitterRoomWriter(emitter as unknown as RoomEmitter)),
    close: async () => void (await client.quit()),
  };
}
