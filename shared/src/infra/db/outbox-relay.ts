import type { Logger } from '../logging';
import { listenToChannel } from './channel-listener';

export interface OutboxRelay {
  /** Relays now; a call while a relay runs makes one more run after it, which this call's promise does not wait for. */
  relay(): Promise<number>;
  /** Stops listening and waits for a relay under way. */
  close(): Promise<void>;
}

/**
 * The relay of an outbox table (mail, push) to its queue: `relayOnce` hands the committed rows over,
 * one run at a time, and a NOTIFY on `channel` wakes it the moment a row commits. The caller's interval
 * covers notices missed while the listening connection was down, and rows of a process that died
 * before it was told.
 */
export function startOutboxRelay(options: {
  databaseUrl: string;
  channel: string;
  relayOnce: () => Promise<number>;
  logger: Logger;
  /** What is relayed, for the log ('email', 'push'). */
  what: string;
}): OutboxRelay {
  let relaying: Promise<number> | null = null;
  let again = false;
  const relay = (): Promise<number> => {
    if (relaying) {
      again = true;
      return relaying;
    }
    relaying = options
      .relayOnce()
      .catch((error: unknown) => {
        options.logger.warn({ err: error }, `${options.what} relay failed; it tries again in a second`);
        return 0;
      })
      .finally(() => {
        relaying = null;
        if (again) {
          again = false;
          void relay();
        }
      });
    return relaying;
  };
  const listener = listenToChannel(options.databaseUrl, options.channel, {
    notice: () => void relay(),
    listening: () => void relay(),
  });
  return {
    relay,
    close: async () => {
      await listener.close();
      await relaying;
    },
  };
}
