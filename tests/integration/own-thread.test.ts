/**
 * Issue #43: the deliveries' threads (shared/src/infra/runtime/own-thread.ts). A thread answers with
 * what its input made, a thread that dies is started again and hears again the last thing it was told, and
 * closing lets it finish before it ends.
 */
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '@playtime/shared/infra/logging';
import { startOwnThread } from '@playtime/shared/infra/runtime/own-thread';
import { waitFor } from '../support/wait';

describe('a thread of its own', () => {
  const channel = new BroadcastChannel('own-thread-test');
  const started: number[] = [];
  const closed: number[] = [];
  channel.onmessage = (event) => {
    const message = (event as { data: { started?: number; closed?: number } }).data;
    if (message.started !== undefined) started.push(message.started);
    if (message.closed !== undefined) closed.push(message.closed);
  };
  afterAll(() => channel.close());

  it('starts again after it dies, hears again the last thing it was told, and closes', async () => {
    const thread = await startOwnThread<{ greeting: string; threadId: number }, { die: number }>({
      entry: new URL('../support/own-thread-entry.ts', import.meta.url),
      input: { greeting: 'hello' },
      what: 'test',
      logger: createLogger('own-thread-test'),
    });
    const first = thread.ready.threadId;
    expect(thread.ready.greeting).toBe('hello');
    await waitFor('the first thread to say it started', async () => started.includes(first));

    // Told its own id, the first thread dies; the one started after it hears the same message and lives.
    thread.tell({ die: first });
    await waitFor('a second thread to start', async () => started.some((id) => id !== first));
    const second = started.find((id) => id !== first)!;

    await thread.close();
    expect(closed).toEqual([second]);
    expect(started).toEqual([first, second]);
  });
});
