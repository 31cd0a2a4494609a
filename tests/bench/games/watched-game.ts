import { rooms } from '@playtime/shared/contract/rooms';
import { compareCheckpoints, parseCheckpoint, type LogCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import type { BenchUser } from '../e2e/accounts';
import { listenOnOwnThread } from '../e2e/socket-listeners';
import { nowMs } from '../support/timing';

/** What the sockets following one room heard of a phase's commands. */
export interface WatchedPushes {
  watchers: number;
  commands: number;
  deliveries: number;
  /** Deliveries that never came: sockets × commands − pushes heard. */
  missing: number;
  /** Command sent → a socket heard its position. */
  pushP50Ms: number;
  pushP99Ms: number;
}

/**
 * Anonymous sockets following one public room (a game's, a field's), timing each command sent to every
 * socket hearing its position from the read model named (`projection`; any change of the room when omitted).
 */
export interface WatchedRoom {
  /** A command sent at `at` whose answer carried `position` (the log position of its last event). */
  sent(at: number, position: string | null | undefined): void;
  /** How many commands were recorded. */
  readonly commands: number;
  /** Waits until every socket heard every recorded command, or the deadline passes. */
  heardAll(deadlineMs: number): Promise<void>;
  /** Forgets what was recorded and heard (after an unmeasured warm-up). */
  reset(): void;
  /** Push latencies so far, sorted. */
  latencies(): number[];
  /** Deliveries that never came: sockets × commands − pushes heard. */
  missing(): number;
  close(): Promise<{ disconnects: number }>;
}

/** Anonymous sockets following one game's room. */
export const watchGame = (appUrl: string, gameId: string, count: number, projection?: string): Promise<WatchedRoom> =>
  watchRoom(appUrl, rooms.game(gameId), count, projection);

export async function watchRoom(
  appUrl: string,
  room: string,
  count: number,
  projection?: string,
): Promise<WatchedRoom> {
  const watchers: BenchUser[] = Array.from({ length: count }, (_, index) => ({
    index,
    email: `watcher-${index}`,
    token: '',
    userId: `watcher-${index}`,
    username: '',
    profilePicture: '',
  }));
  const sent: { at: number; checkpoint: LogCheckpoint }[] = [];
  const heard = watchers.map(() => 0);
  const latencies: number[] = [];
  const fleet = await listenOnOwnThread(
    appUrl,
    watchers,
    {
      pushed(watcher, checkpointText, at = nowMs()) {
        const reached = typeof checkpointText === 'string' ? parseCheckpoint(checkpointText) : null;
        if (!reached) return;
        // Every command this socket had not heard yet and whose position the push reached.
        while (heard[watcher]! < sent.length && compareCheckpoints(sent[heard[watcher]!]!.checkpoint, reached) <= 0) {
          latencies.push(at - sent[heard[watcher]!]!.at);
          heard[watcher]! += 1;
        }
      },
    },
    room,
    projection,
  );
  return {
    sent(at, position) {
      const checkpoint = position ? parseCheckpoint(position) : null;
      // Sent order is log order: each call waits for the one before, so a socket hears them in this order.
      if (checkpoint) sent.push({ at, checkpoint });
    },
    get commands() {
      return sent.length;
    },
    async heardAll(deadlineMs) {
      while (nowMs() < deadlineMs && heard.some((count) => count < sent.length))
        await new Promise((resolve) => setTimeout(resolve, 20));
    },
    reset() {
      sent.length = 0;
      heard.fill(0);
      latencies.length = 0;
    },
    latencies: () => [...latencies].sort((a, b) => a - b),
    missing: () => count * sent.length - latencies.length,
    async close() {
      const disconnects = fleet.disconnects();
      await fleet.close();
      return { disconnects };
    },
  };
}
