/**
 * The email worker's own thread (email-thread.ts starts it): its pool, its logger and the worker, the
 * embedded catcher included when mail stays on this machine.
 */
import { createPool } from '../db/pool';
import { createLogger } from '../logging';
import { serveOnOwnThread, startOnOwnPool } from '../runtime/own-thread';
import type { EmailThreadInput, EmailThreadReady } from './email-thread';
import { startEmailWorker } from './email-worker';

const logger = createLogger('playtime-email');
await serveOnOwnThread<EmailThreadInput, EmailThreadReady>(async (input) => {
  // Four sends at once (EMAIL_JOBS_AT_ONCE), the relay and the catcher's inserts.
  const pool = createPool(input.databaseUrl, { max: 6, applicationName: 'playtime-email' });
  const { work: worker, close } = await startOnOwnPool(pool, () => startEmailWorker({ ...input, pool, logger }));
  return { ready: { settings: worker.settings, catcherPort: worker.catcher?.port ?? null }, close };
}, logger);
