import { io, type Socket } from 'socket.io-client';
import { rooms } from '@playtime/shared/contract/rooms';
import { compareCheckpoints, parseCheckpoint, type LogCheckpoint } from '@playtime/shared/infra/eventstore/checkpoint';
import { nowMs } from '../support/timing';
import type { BenchUser } from './accounts';
import { forEachLimited } from './accounts';

interface Push {
  checkpoint: LogCheckpoint;
  at: number;
}

/** One command on its way: sent at `sentAt`; its checkpoint is known once the 200 arrived. */
export interface PendingCommand {
  user: number;
  sentAt: number;
  checkpoint: LogCheckpoint | null;
  /** Counted in the measured window (warm-up commands are tracked but not counted). */
  measured: boolean;
  pushedAt: number | null;
}

interface UserTrack {
  waiting: PendingCommand[];
  /** The latest pushes (a push may overtake the command's HTTP answer). */
  recent: Push[];
}

const RECENT_PUSHES = 16;

/**
 * Matches `changed` pushes to commands. The projector announces each committed batch with the
 * checkpoint of its last event, so a push on `user:{id}` with checkpoint X covers every command of
 * that user whose event is at or before X — several commands of one user may share a push.
 */
export class PushTracker {
  private readonly tracks: UserTrack[];
  pushes = 0;
  unparsedPushes = 0;
  /** Every push latency (ms from sending the command) of measured commands, up to `lostAfterMs`. */
  readonly latencies: number[] = [];
  /** Measured commands whose push came later than `lostAfterMs` after sending (counted as lost). */
  late = 0;

  constructor(
    users: number,
    private readonly lostAfterMs: number,
  ) {
    this.tracks = Array.from({ length: users }, () => ({ waiting: [], recent: [] }));
  }

  /** A command of `user` started at `sentAt` (by default now). */
  sent(user: number, measured: boolean, sentAt = nowMs()): PendingCommand {
    return { user, sentAt, checkpoint: null, measured, pushedAt: null };
  }

  /** The command was acknowledged with its event's checkpoint. */
  acknowledged(command: PendingCommand, checkpoint: LogCheckpoint): void {
    command.checkpoint = checkpoint;
    const track = this.tracks[command.user]!;
    const early = track.recent.find(
      (push) => push.at >= command.sentAt && compareCheckpoints(push.checkpoint, checkpoint) >= 0,
    );
    if (early) this.resolve(command, early.at);
    else track.waiting.push(command);
  }

  /** A `changed` push on `user`'s socket, received at `at` (on this thread's nowMs() clock). */
  pushed(user: number, checkpointText: unknown, at = nowMs()): void {
    this.pushes += 1;
    const checkpoint = typeof checkpointText === 'string' ? parseCheckpoint(checkpointText) : null;
    if (!checkpoint) {
      this.unparsedPushes += 1;
      return;
    }
    const track = this.tracks[user]!;
    track.recent.push({ checkpoint, at });
    if (track.recent.length > RECENT_PUSHES) track.recent.shift();
    if (track.waiting.length === 0) return;
    const still: PendingCommand[] = [];
    for (const command of track.waiting) {
      if (compareCheckpoints(command.checkpoint, checkpoint) <= 0) this.resolve(command, at);
      else still.push(command);
    }
    track.waiting = still;
  }

  private resolve(command: PendingCommand, at: number): void {
    command.pushedAt = at;
    if (!command.measured) return;
    if (at - command.sentAt > this.lostAfterMs) this.late += 1;
    else this.latencies.push(at - command.sentAt);
  }

  /** Acknowledged commands whose push has not arrived yet. */
  outstanding(): PendingCommand[] {
    return this.tracks.flatMap((track) => track.waiting);
  }

  /** Forgets what is still waiting (after it was counted as lost) and the phase's numbers. */
  clear(): void {
    this.latencies.length = 0;
    this.late = 0;
    for (const track of this.tracks) {
      track.waiting = [];
      track.recent = [];
    }
  }
}

export interface SocketEvents {
  /** A `changed` message on the user's own room. */
  onPush(user: number, checkpoint: unknown): void;
  /** A joined socket lost its connection. */
  onDisconnect(): void;
}

export interface ConnectedSockets {
  connectMs: number;
  close(): void;
}

/**
 * One websocket per user, authenticated with the user's token, joined to `user:{userId}`; or, given a
 * `room`, anonymous sockets (a user's token is not needed to follow a public room) all joined to it.
 */
export async function connectSockets(
  appUrl: string,
  users: BenchUser[],
  events: SocketEvents,
  room?: string,
  projection?: string,
): Promise<ConnectedSockets> {
  const sockets: Socket[] = new Array<Socket>(users.length);
  const started = nowMs();
  try {
    await forEachLimited(users, 50, async (user) => {
      const joins = room ?? rooms.user(user.userId);
      const socket = io(appUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: room ? {} : { token: user.token },
        forceNew: true,
        reconnection: true,
      });
      sockets[user.index] = socket;
      socket.on('changed', (message: { room?: string; checkpoint?: unknown; projection?: string }) => {
        if (message.room !== joins || (projection !== undefined && message.projection !== projection)) return;
        events.onPush(user.index, message.checkpoint);
      });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`socket of ${user.email} did not connect within 30 s`)),
          30_000,
        );
        socket.once('connect_error', (error) => {
          clearTimeout(timer);
          reject(new Error(`socket of ${user.email}: ${error.message}`));
        });
        socket.once('connect', () => {
          socket.emit('join', joins, (answer: { ok: boolean; error?: string }) => {
            clearTimeout(timer);
            if (answer.ok) resolve();
            else reject(new Error(`join ${joins} refused: ${answer.error}`));
          });
        });
      });
      // Counted only after the join: a reconnect re-joins, a disconnect during the load is reported.
      socket.on('disconnect', () => events.onDisconnect());
      socket.io.on('reconnect', () => socket.emit('join', joins));
    });
  } catch (error) {
    for (const socket of sockets) socket?.disconnect();
    throw error;
  }
  return {
    connectMs: nowMs() - started,
    close() {
      for (const socket of sockets) socket.disconnect();
    },
  };
}
