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
  /**
   * A command sent at `at`, heard once a push reaches `position`: its answer's (the log position of its
   * last event), or the position of the event its followers see, looked up after (a booking's slot).
   */
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
  /**
   * Each socket's pushes not yet matched to a command, in the order heard. A push can come before its
   * command is recorded: the command's answer (or the position the bench looks up after it) may arrive
   * after its first event's push did.
   */
  const unmatched: { at: number; reached: LogCheckpoint }[][] = watchers.map(() => []);
  const latencies: number[] = [];
  /** Matches a socket's pushes to the commands it had not heard yet, in order. */
  const match = (watcher: number) => {
    const pushes = unmatched[watcher]!;
    while (heard[watcher]! < sent.length && pushes.length > 0) {
      const command = sent[heard[watcher]!]!;
      if (compareCheckpoints(command.checkpoint, pushes[0]!.reached) <= 0) {
        // The push reached the command's position; it may reach the next command's too.
        latencies.push(pushes[0]!.at - command.at);
        heard[watcher]! += 1;
      } else {
        // It reached no command still unheard: the later ones lie further on in the log.
        pushes.shift();
      }
    }
  };
  const fleet = await listenOnOwnThread(
    appUrl,
    watchers,
    {
      pushed(watcher, checkpointText, at = nowMs()) {
        const reached = typeof checkpointText === 'string' ? parseCheckpoint(checkpointText) : null;
        if (!reached) return;
        unmatched[watcher]!.push({ at, reached });
        match(watcher);
      },
    },
    room,
    projection,
  );
  return {
    sent(at, position) {
      const checkpoint = position ? parseCheckpoint(position) : null;
      // Sent order is log order: each call waits for the one before, so a socket hears them in this order.
      if (!checkpoint) return;
      sent.push({ at, checkpoint });
      for (let watcher = 0; watcher < count; watcher++) match(watcher);
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
      for (const pushes of unmatched) pushes.length = 0;
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
