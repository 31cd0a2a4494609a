import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Server } from 'socket.io';
import { EVERY_SOCKET } from '@playtime/shared/contract/rooms';

/**
 * Sockets written in one turn of the event loop. socket.io writes a room's sockets one after another
 * without a pause, ~15 µs each on this project's 2-core machine: a game followed by 1,000 sockets holds
 * the process for about 15 ms, and what arrives meanwhile waits. Slices of 100 let it run between them,
 * but the room's last sockets then heard the change behind that work (the mail, notifications and
 * calendar of the same command): a room of 1,000 took 20-33 ms to write instead of 15, and in four
 * bench runs each the offer's push p99 was 1.35-1.67 × the bare server's against 0.87-1.42 × in one
 * go (the join's 1.26-1.72 × against 1.03-1.90 ×). A room is written in one go up to this size, and a
 * bigger one in slices of it.
 */
export const SOCKETS_PER_TURN = 1000;

/** Writes a message to every socket of a room (`*`: every socket); settled when every write was handed over. */
export interface InProcessRoomWriter {
  write(room: string, event: string, payload: unknown): Promise<void>;
}

/**
 * Writes to the rooms of this process's socket.io server (the standalone app), a big room in slices.
 * The frame is encoded once per slice. A socket that left the room while earlier slices were written
 * (its user lost access, or it closed) is skipped; one that joined meanwhile was answered with a
 * position at or past the change's, and refetches what it read before that.
 *
 * `alone`: this process's sockets are every socket of the rooms. With the Redis adapter other processes
 * hold sockets of the same rooms, which only a write to the room reaches, so the room is written whole.
 */
export function inProcessRoomWriter(
  io: Server,
  { alone, socketsPerTurn = SOCKETS_PER_TURN }: { alone: boolean; socketsPerTurn?: number },
): InProcessRoomWriter {
  const sockets = io.of('/');
  return {
    async write(room, event, payload) {
      const members = room === EVERY_SOCKET ? sockets.sockets : sockets.adapter.rooms.get(room);
      if (!alone || (members?.size ?? 0) <= socketsPerTurn) {
        if (room === EVERY_SOCKET) io.emit(event, payload);
        else io.to(room).emit(event, payload);
        return;
      }
      const ids = [...members!.keys()];
      for (let start = 0; start < ids.length; start += socketsPerTurn) {
        if (start > 0) await nextTurn();
        const still = room === EVERY_SOCKET ? sockets.sockets : sockets.adapter.rooms.get(room);
        const slice = ids.slice(start, start + socketsPerTurn).filter((id) => still?.has(id));
        // Each socket is in the room of its own id: these rooms name exactly the slice's sockets.
        if (slice.length > 0) io.to(slice).emit(event, payload);
      }
    },
  };
}
