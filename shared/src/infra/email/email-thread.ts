/**
 * The email worker on a thread of its own, as the standalone app and the distributed projector run it.
 * On the projector's thread, sending mail (composing it, SMTP's round trips and, standalone, the
 * embedded catcher's parsing and inserts) ran between the stages of every push and made nine tenths of
 * that thread's garbage: in the bench's join phase, 42 young-generation collections of 3–12 ms in ten
 * seconds while mail was going out, 4 without it, and every push that met one waited for it. Issue 43
 * asks that mail never delay the roster's push; here it has its own event loop and heap.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logging';
import type { EmailWorkerOptions } from './email-worker';
import type { EmailSettings } from './outbox';

/** What the thread is started with: the worker's options that are plain data. */
export type EmailThreadInput = Pick<EmailWorkerOptions, 'databaseUrl' | 'redisUrl' | 'smtpUrl' | 'from' | 'publicUrl'>;

export type EmailThreadMessage =
  | { type: 'ready'; settings: EmailSettings; catcherPort: number | null }
  | { type: 'failed'; error: string }
  | { type: 'closed' };

export interface EmailThread {
  /** What mail written elsewhere (the notifications projection) needs: the public address, the unsubscribe key. */
  settings: EmailSettings;
  /** The embedded catcher's port (standalone), or null when mail goes to SMTP_URL; a restarted thread's catcher takes another. */
  catcherPort: number | null;
  /** Lets the sends under way finish, then ends the thread. */
  close(): Promise<void>;
}

const entry = new URL('./email-thread-entry.ts', import.meta.url).href;
/** A thread that died is started again after this long: its jobs wait in the queue meanwhile. */
const RESTART_AFTER_MS = 1000;

/** Starts a thread and waits for its first word: ready (with the worker running) or failed. */
function startThread(input: EmailThreadInput): {
  worker: Worker;
  ready: Promise<EmailThreadMessage & { type: 'ready' }>;
} {
  // The app's TypeScript loader is registered on the new thread before the entry is imported, whether or
  // not this one was started with it (`npm start` is; a test runner's worker may not be).
  const bootstrap = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(entry)});`;
  const worker = new Worker(bootstrap, { eval: true, execArgv: [], workerData: input });
  const ready = new Promise<EmailThreadMessage & { type: 'ready' }>((resolve, reject) => {
    worker.once('message', (message: EmailThreadMessage) =>
      message.type === 'ready'
        ? resolve(message)
        : reject(
            new Error(`The email thread did not start: ${message.type === 'failed' ? message.error : message.type}`),
          ),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The email thread exited (code ${code}) before it started`)));
  });
  return { worker, ready };
}

export async function startEmailThread(input: EmailThreadInput, logger: Logger): Promise<EmailThread> {
  let closing = false;
  let current: Worker | null = null;

  // A thread that dies later (an error nothing caught) is started again: its mail waits in the queue.
  const watch = (worker: Worker) => {
    current = worker;
    worker.on('error', (error) => logger.error({ err: error }, 'the email thread failed'));
    worker.once('exit', (code) => {
      current = null;
      if (closing) return;
      logger.error({ code }, 'the email thread stopped; starting it again');
      setTimeout(restart, RESTART_AFTER_MS).unref();
    });
  };
  const restart = () => {
    if (closing) return;
    const again = startThread(input);
    again.ready.then(
      () => (closing ? void again.worker.terminate() : watch(again.worker)),
      (error: unknown) => {
        logger.error({ err: error }, 'the email thread could not start again');
        void again.worker.terminate();
        setTimeout(restart, RESTART_AFTER_MS).unref();
      },
    );
  };

  const first = startThread(input);
  const { settings, catcherPort } = await first.ready.catch(async (error: unknown) => {
    await first.worker.terminate();
    throw error;
  });
  watch(first.worker);

  return {
    settings,
    catcherPort,
    async close() {
      closing = true;
      const worker = current;
      if (!worker) return;
      // The thread lets its sends finish and says so; ending it then frees anything it still holds.
      await new Promise<void>((resolve) => {
        worker.once('message', (message: EmailThreadMessage) => message.type === 'closed' && resolve());
        worker.once('exit', () => resolve());
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
    },
  };
}
