import type { Logger } from '../logging';

/** How often a part that has not finished closing is named in the log. */
const STILL_CLOSING_EVERY_MS = 10_000;

/**
 * Closes a process's parts one after another, in the order given, and names in the log any part
 * still closing every 10 s: a stop that drags says which part holds it.
 */
export async function closeInTurn(
  logger: Logger,
  parts: ReadonlyArray<readonly [name: string, close: () => Promise<unknown>]>,
): Promise<void> {
  for (const [name, close] of parts) {
    const startedAt = Date.now();
    const still = setInterval(
      () => logger.warn({ part: name, seconds: Math.round((Date.now() - startedAt) / 1000) }, 'still closing'),
      STILL_CLOSING_EVERY_MS,
    );
    try {
      await close();
    } finally {
      clearInterval(still);
    }
  }
}
