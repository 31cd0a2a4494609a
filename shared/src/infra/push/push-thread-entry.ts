/** The push worker's own thread (push-thread.ts starts it): its pool, its logger and the worker. */
import { createPool } from '../db/pool';
import { createLogger } from '../logging';
import { serveOnOwnThread, startOnOwnPool } from '../runtime/own-thread';
import type { PushClockMove, PushThreadInput } from './push-thread';
import { startPushWorker } from './push-worker';

const logger = createLogger('playtime-push');
await serveOnOwnThread<PushThreadInput, null, PushClockMove>(async (input) => {
  // Four sends at once (the worker's concurrency) and the relay.
  const pool = createPool(input.databaseUrl, { max: 5, applicationName: 'playtime-push' });
  let clockAt = 0;
  const { work: worker, close } = await startOnOwnPool(pool, () =>
    startPushWorker({ ...input, pool, logger, now: () => new Date(Math.max(Date.now(), clockAt)) }),
  );
  return {
    ready: null,
    heard(move) {
      clockAt = Math.max(clockAt, move.to);
      // Sends at once what the new hour lets go, instead of at the relay's next tick.
      void worker.relay();
    },
    close,
  };
}, logger);
