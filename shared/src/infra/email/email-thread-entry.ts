/**
 * The email worker's own thread (email-thread.ts starts it): its pool, its logger and the worker, the
 * embedded catcher included when mail stays on this machine. Tells its starter the settings mail is
 * written with, then runs until it is told to close.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createPool } from '../db/pool';
import { createLogger } from '../logging';
import { startEmailWorker } from './email-worker';
import type { EmailThreadInput, EmailThreadMessage } from './email-thread';

const input = workerData as EmailThreadInput;
const port = parentPort!;
const tell = (message: EmailThreadMessage) => port.postMessage(message);

// Four sends at once (EMAIL_JOBS_AT_ONCE), the relay and the catcher's inserts.
const pool = createPool(input.databaseUrl, { max: 6, applicationName: 'playtime-email' });
const logger = createLogger('playtime-email');
try {
  const worker = await startEmailWorker({ ...input, pool, logger });
  port.once('message', () => {
    // Answered even when closing failed: the starter ends the thread after it either way.
    void worker
      .close()
      .catch((error: unknown) => logger.warn({ err: error }, 'the email worker did not close cleanly'))
      .finally(async () => {
        await pool.end().catch(() => undefined);
        tell({ type: 'closed' });
        port.close();
      });
  });
  tell({ type: 'ready', settings: worker.settings, catcherPort: worker.catcher?.port ?? null });
} catch (error) {
  await pool.end().catch(() => undefined);
  tell({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
