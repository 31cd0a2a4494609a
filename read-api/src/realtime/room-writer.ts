import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Server } from 'socket.io';

/**
 * Sockets written in one turn of the event loop. socket.io writes a room's sockets one after another
 * without a pause, ~17 µs each on this project's 2-core machine: a game followed by 1,000 sockets held
 * the process for 17 ms, and every command's answer and every projection's next batch waited. A slice
 * of this many takes about 2 ms; what arrived meanwhile runs between slices.
 */
export const SOCKETS_PER_TURN = 100;

/** Writes a message to every socket of a room (`*`: every socket); settled when every write was handed over. */
export interface InProcessRoomWriter {
  write(room: string, event: string, payload: unknown): Promise<void>;
}

/**
 * Writes to the rooms of this process's socket.io server (the standalone app), a big room in slices.
 * The frame is encoded once per slice. A socket that left the room while earlier slices were written
 * (its user lost access, or it closed) is skipped; one that joined meanwhile was greeted with `hello`
 * and the latest position, and refetches.
 *
 * `alone`: this process's sockets are every socket of the rooms. With the Redis adapter other processes
 * hold sockets of the same rooms, which only a write to the room reaches, so the room is written whole.
 */
export function inProcessRoomWriter(io: Server, { alone }: { alone: boolean }): InProcessRoomWriter {
  const sockets = io.of('/');
  return {
    async write(room, event, payload) {
      const members = room === '*' ? sockets.sockets : sockets.adapter.rooms.get(room);
      if (!alone || (members?.size ?? 0) <= SOCKETS_PER_TURN) {
        if (room === '*') io.emit(event, payload);
        else io.to(room).emit(event, payload);
        return;
      }
      const ids = [...members!.keys()];
      for (let start = 0; start < ids.length; start += SOCKETS_PER_TURN) {
        if (start > 0) await nextTurn();
        const still = room === '*' ? sockets.sockets : sockets.adapter.rooms.get(room);
        const slice = ids.slice(start, start + SOCKETS_PER_TURN).filter((id) => still?.has(id));
        // Each socket is in the room of its own id: these rooms name exactly the slice's sockets.
        if (slice.length > 0) io.to(slice).emit(event, payload);
      }
    },
  };
}
