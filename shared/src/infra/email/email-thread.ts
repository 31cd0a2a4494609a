/**
 * The email worker on a thread of its own, as the standalone app and the distributed projector run it.
 * On the projector's thread, sending mail (composing it, SMTP's round trips and, standalone, the
 * embedded catcher's parsing and inserts) ran between the stages of every push and made nine tenths of
 * that thread's garbage: in the bench's join phase, 42 young-generation collections of 4–8 ms in ten
 * seconds while mail was going out, 4 without it, and every push that met one waited for it. Issue 43
 * asks that mail never delay the roster's push; here it has its own event loop and heap.
 */
import type { Logger } from '../logging';
import { startOwnThread } from '../runtime/own-thread';
import type { EmailWorkerOptions } from './email-worker';
import type { EmailSettings } from './outbox';

/** What the thread is started with: the worker's options that are plain data. */
export type EmailThreadInput = Pick<EmailWorkerOptions, 'databaseUrl' | 'redisUrl' | 'smtpUrl' | 'from' | 'publicUrl'>;

/** What the thread answers once its worker runs. */
export interface EmailThreadReady {
  /** What mail written elsewhere (the notifications projection) needs: the public address, the unsubscribe key. */
  settings: EmailSettings;
  /** The embedded catcher's port (standalone), or null when mail goes to SMTP_URL; a restarted thread's catcher takes another. */
  catcherPort: number | null;
}

export interface EmailThread extends EmailThreadReady {
  /** Lets the sends under way finish, then ends the thread. */
  close(): Promise<void>;
}

export async function startEmailThread(input: EmailThreadInput, logger: Logger): Promise<EmailThread> {
  const thread = await startOwnThread<EmailThreadReady>({
    entry: new URL('./email-thread-entry.ts', import.meta.url),
    input,
    what: 'email',
    logger,
  });
  return { ...thread.ready, close: () => thread.close() };
}
