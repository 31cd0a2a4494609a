/**
 * Work that runs on a thread of its own beside the app: the deliveries (mail, pushes) that the
 * projector's thread used to run between the stages of every push (issue #43). The starter side
 * (`startOwnThread`) starts the thread, waits for it to be ready, starts it again when it dies and ends
 * it on close; the thread side (`serveOnOwnThread`) runs the work and answers. Both speak the messages
 * below; the thread's input and its ready answer are plain data.
 */
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import type pg from 'pg';
import type { Logger } from '../logging';

type FromThread<Ready> = { type: 'ready'; ready: Ready } | { type: 'failed'; error: string } | { type: 'closed' };
type ToThread<Message> = { type: 'close' } | { type: 'tell'; message: Message };

export interface OwnThread<Ready, Message> {
  /** What the first thread answered when it was ready. */
  ready: Ready;
  /** Hands a message to the running thread; one started again after it hears the last one told. */
  tell(message: Message): void;
  /** Lets the thread finish what it is doing, then ends it. */
  close(): Promise<void>;
}

/** A thread that died is started again after this long; its work waits in its durable queue meanwhile. */
const RESTART_AFTER_MS = 1000;
/** How long a close waits for a thread being started again to get ready, so that it can close it cleanly. */
const CLOSE_WAITS_FOR_START_MS = 5000;

/**
 * A Worker running the TypeScript module `entry`: the app's TypeScript loader (tsx) is registered on
 * the new thread before the entry is imported, whether or not this thread was started with it (`npm
 * start` is; a test runner's worker may not be).
 */
export function typeScriptWorker(entry: URL, workerData: unknown): Worker {
  const bootstrap = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(entry.href)});`;
  return new Worker(bootstrap, { eval: true, execArgv: [], workerData });
}

function startThread<Ready>(entry: URL, input: unknown, what: string): { worker: Worker; ready: Promise<Ready> } {
  const worker = typeScriptWorker(entry, input);
  const ready = new Promise<Ready>((resolve, reject) => {
    worker.once('message', (message: FromThread<Ready>) =>
      message.type === 'ready'
        ? resolve(message.ready)
        : reject(
            new Error(`The ${what} thread did not start: ${message.type === 'failed' ? message.error : message.type}`),
          ),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The ${what} thread exited (code ${code}) before it started`)));
  });
  return { worker, ready };
}

/** Starts `entry` (a module calling serveOnOwnThread) on a thread of its own and waits until it is ready. */
export async function startOwnThread<Ready, Message = never>(options: {
  entry: URL;
  input: unknown;
  /** Names the thread in errors and logs. */
  what: string;
  logger: Logger;
}): Promise<OwnThread<Ready, Message>> {
  const { entry, input, what, logger } = options;
  let closing = false;
  let current: Worker | null = null;
  /** A thread being started again, until it is ready (or failed to start): close waits for it. */
  let starting: { worker: Worker; settled: Promise<void> } | null = null;
  /** The last message told (a setting, such as a clock moved): a thread started again hears it too. */
  let told: { message: Message } | null = null;

  const watch = (worker: Worker) => {
    current = worker;
    worker.on('error', (error) => logger.error({ err: error }, `the ${what} thread failed`));
    worker.once('exit', (code) => {
      current = null;
      if (closing) return;
      logger.error({ code }, `the ${what} thread stopped; starting it again`);
      setTimeout(restart, RESTART_AFTER_MS).unref();
    });
  };
  const restart = () => {
    if (closing) return;
    const again = startThread<Ready>(entry, input, what);
    // A close that comes while the thread starts waits for it, then closes it as it closes a running one.
    const settled = again.ready.then(
      () => {
        starting = null;
        watch(again.worker);
        if (told) again.worker.postMessage({ type: 'tell', message: told.message } satisfies ToThread<Message>);
      },
      (error: unknown) => {
        starting = null;
        void again.worker.terminate();
        if (closing) return;
        logger.error({ err: error }, `the ${what} thread could not start again`);
        setTimeout(restart, RESTART_AFTER_MS).unref();
      },
    );
    starting = { worker: again.worker, settled };
  };

  const first = startThread<Ready>(entry, input, what);
  const ready = await first.ready.catch(async (error: unknown) => {
    await first.worker.terminate();
    throw error;
  });
  watch(first.worker);

  return {
    ready,
    tell(message) {
      told = { message };
      current?.postMessage({ type: 'tell', message } satisfies ToThread<Message>);
    },
    async close() {
      closing = true;
      if (starting) {
        const { worker: startingWorker, settled } = starting;
        // One that does not get ready in time is ended as it is: a close must not hang on a start.
        await Promise.race([settled, delay(CLOSE_WAITS_FOR_START_MS, undefined, { ref: false })]);
        if (starting?.worker === startingWorker) await startingWorker.terminate();
      }
      const worker = current;
      if (!worker) return;
      // The thread finishes its work and says so; ending it then frees anything it still holds.
      await new Promise<void>((resolve) => {
        worker.once('message', (message: FromThread<Ready>) => message.type === 'closed' && resolve());
        worker.once('exit', () => resolve());
        worker.postMessage({ type: 'close' } satisfies ToThread<Message>);
      });
      await worker.terminate();
    },
  };
}

/**
 * The id the kernel knows the calling thread by (Linux: /proc/thread-self is `<pid>/task/<tid>`), or
 * null where there is no such file.
 */
export function kernelThreadId(): number | null {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * Deliveries give way to the app on the processor. On a 2-core machine the mail thread (composing,
 * SMTP and, standalone, the embedded catcher's parsing) took a third of a core while the app pushed
 * joins to 1,000 sockets, and those pushes waited for a core behind it. Linux keeps a nice value per
 * thread, so this thread alone goes below normal: the app's threads run first, and mail still goes out
 * whenever they leave a core free. Where threads have no id of their own here, it stays as it is.
 */
function giveWayOnTheProcessor(logger: Logger): void {
  const id = kernelThreadId();
  if (id === null) return;
  try {
    setPriority(id, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch (error) {
    logger.warn({ err: error }, "could not lower this thread's priority; it runs at the normal one");
  }
}

/**
 * The thread's side: starts the work with the thread's input, answers `ready`, hands on what it is
 * told, and on `close` closes the work and answers `closed` (even when closing failed: the starter
 * ends the thread after it either way).
 */
export async function serveOnOwnThread<Input, Ready, Message = never>(
  start: (input: Input) => Promise<{ ready: Ready; heard?(message: Message): void; close(): Promise<void> }>,
  logger: Logger,
): Promise<void> {
  const port = parentPort!;
  const answer = (message: FromThread<Ready>) => port.postMessage(message);
  giveWayOnTheProcessor(logger);
  let work: Awaited<ReturnType<typeof start>>;
  try {
    work = await start(workerData as Input);
  } catch (error) {
    answer({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    return;
  }
  port.on('message', (message: ToThread<Message>) => {
    if (message.type === 'tell') {
      work.heard?.(message.message);
      return;
    }
    void work
      .close()
      .catch((error: unknown) => logger.warn({ err: error }, 'the thread did not close cleanly'))
      .finally(() => {
        answer({ type: 'closed' });
        port.close();
      });
  });
  answer({ type: 'ready', ready: work.ready });
}

/**
 * Starts a thread's work on a pool of the thread's own: the pool ends when the work has closed, or at
 * once when the work did not start.
 */
export async function startOnOwnPool<Work extends { close(): Promise<void> }>(
  pool: pg.Pool,
  start: () => Promise<Work>,
): Promise<{ work: Work; close(): Promise<void> }> {
  const endPool = () => pool.end().catch(() => undefined);
  const work = await start().catch(async (error: unknown) => {
    await endPool();
    throw error;
  });
  return {
    work,
    close: async () => {
      try {
        await work.close();
      } finally {
        await endPool();
      }
    },
  };
}
