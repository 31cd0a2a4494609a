/**
 * The push worker on a thread of its own, beside the email worker's (email-thread.ts): web push
 * encrypts each push for its device and signs the sender's key, work that on the projector's thread
 * ran between the stages of every roster push (issue #43).
 */
import type { Logger } from '../logging';
import { startOwnThread } from '../runtime/own-thread';
import type { PushWorkerOptions } from './push-worker';

/** What the thread is started with: the worker's options that are plain data. */
export type PushThreadInput = Pick<PushWorkerOptions, 'databaseUrl' | 'redisUrl' | 'vapid'>;

/** What the thread hears after it started: a later moment its quiet-hours clock is to read. */
export interface PushClockMove {
  to: number;
}

export interface PushThread {
  /**
   * Moves the clock quiet hours are read on to `to`, from where it runs on once real time passes it
   * (a test brings the morning in). Never backwards.
   */
  moveClockTo(to: Date): void;
  /** Lets the sends under way finish, then ends the thread. */
  close(): Promise<void>;
}

export async function startPushThread(input: PushThreadInput, logger: Logger): Promise<PushThread> {
  const thread = await startOwnThread<null, PushClockMove>({
    entry: new URL('./push-thread-entry.ts', import.meta.url),
    input,
    what: 'push',
    logger,
  });
  return {
    moveClockTo: (to) => thread.tell({ to: to.getTime() }),
    close: () => thread.close(),
  };
}
