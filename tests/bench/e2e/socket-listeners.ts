import { typeScriptWorker } from '@playtime/shared/infra/runtime/own-thread';
import type { BenchUser } from './accounts';
import type { PushTracker } from './sockets';

/** Messages from the listeners' thread; times are epoch milliseconds (timeOrigin + now) so both threads read one clock. */
export type ListenerMessage =
  | { type: 'connected'; connectMs: number }
  | { type: 'failed'; error: string }
  | { type: 'push'; user: number; checkpoint: unknown; at: number }
  | { type: 'disconnect' }
  | { type: 'closed' };

export interface ListenerInput {
  appUrl: string;
  users: BenchUser[];
  /** A public room every socket follows anonymously, instead of each user's own room. */
  room?: string;
  /**
   * Only changes of this read model count (PROJECTIONS): a game's room also hears its payments' read
   * model, which moves on while the games read model may still be behind.
   */
  projection?: string;
}

export interface SocketFleet {
  connectMs: number;
  /** Disconnects of joined sockets so far. */
  disconnects(): number;
  close(): Promise<void>;
}

const workerEntry = new URL('./socket-listeners-worker.ts', import.meta.url);

/**
 * The listening sockets on a thread of their own. On the load generator's thread, a push waited for
 * whatever the generator was doing (sending commands, reading answers: its loop delay reached
 * 30–50 ms under load) and was timed late by that much. Here each push is timed when its thread
 * receives it, and the tracker matches it to its command on the generator's thread afterwards.
 */
export async function listenOnOwnThread(
  appUrl: string,
  users: BenchUser[],
  tracker: Pick<PushTracker, 'pushed'>,
  room?: string,
  projection?: string,
): Promise<SocketFleet> {
  const worker = typeScriptWorker(workerEntry, {
    appUrl,
    users,
    ...(room ? { room } : {}),
    ...(projection ? { projection } : {}),
  } satisfies ListenerInput);
  let disconnects = 0;
  let closed: (() => void) | null = null;
  const connected = new Promise<number>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`socket listeners' thread exited (code ${code}) before connecting`)));
    worker.on('message', (message: ListenerMessage) => {
      if (message.type === 'push')
        tracker.pushed(message.user, message.checkpoint, message.at - performance.timeOrigin);
      else if (message.type === 'disconnect') disconnects += 1;
      else if (message.type === 'connected') resolve(message.connectMs);
      else if (message.type === 'failed') reject(new Error(message.error));
      else if (message.type === 'closed') closed?.();
    });
  });
  try {
    const connectMs = await connected;
    return {
      connectMs,
      disconnects: () => disconnects,
      async close() {
        // The sockets say goodbye to the app; a thread that already died has none left to close.
        const done = new Promise<void>((resolve) => {
          closed = resolve;
          worker.once('exit', () => resolve());
        });
        worker.postMessage('close');
        await done;
        await worker.terminate();
      },
    };
  } catch (error) {
    await worker.terminate();
    throw error;
  }
}
