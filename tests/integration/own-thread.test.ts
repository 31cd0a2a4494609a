/**
 * Issue #43: the deliveries' threads (shared/src/infra/runtime/own-thread.ts). A thread answers with
 * what its input made, a thread that dies is started again and hears again the last thing it was told,
 * closing lets it finish before it ends, and on Linux it runs below the app's priority.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { constants, getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '@playtime/shared/infra/logging';
import { kernelThreadId, startOwnThread } from '@playtime/shared/infra/runtime/own-thread';
import type { TestThreadReady } from '../support/own-thread-entry';
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
  const pauses = mkdtempSync(path.join(tmpdir(), 'own-thread-'));
  /** The file that tells a test's threads how long to pause before they answer ready (own-thread-entry.ts). */
  const pauseFile = (name: string) => path.join(pauses, name);
  afterAll(() => {
    channel.close();
    rmSync(pauses, { recursive: true, force: true });
  });
  /**
   * Waits for a thread's word that its work closed. The thread says it on the broadcast channel before
   * it answers its starter `closed`, but the two travel on different ports, and this thread may take
   * the answer first: a close can be over a moment before the word arrives.
   */
  const saidClosed = (threadId: number) =>
    waitFor(`thread ${threadId} to say its work closed`, async () => closed.includes(threadId));

  it('starts again after it dies, hears again the last thing it was told, and closes', async () => {
    const thread = await startOwnThread<TestThreadReady, { die: number }>({
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
    await saidClosed(second);
    expect(closed).toEqual([second]);
    expect(started).toEqual([first, second]);
  });

  /**
   * Starts the test's thread, then has its first thread die once the threads started after it pause
   * `pauseMs` between saying they started and answering ready; answers when the next one has started.
   */
  async function startingAgain(name: string, pauseMs: number) {
    const thread = await startOwnThread<TestThreadReady, { die: number }>({
      entry: new URL('../support/own-thread-entry.ts', import.meta.url),
      input: { greeting: 'hello', pauseFile: pauseFile(name) },
      what: 'test',
      logger: createLogger('own-thread-test'),
    });
    const first = thread.ready.threadId;
    writeFileSync(pauseFile(name), String(pauseMs));
    thread.tell({ die: first });
    await waitFor('a second thread to start', async () => started.some((id) => id > first));
    return { thread, second: started.find((id) => id > first)! };
  }

  it('closes a thread that is being started again once it is ready, letting it finish as a running one', async () => {
    // The close comes in the 300 ms between the thread started again saying it started and being ready.
    const { thread, second } = await startingAgain('started-again', 300);
    await thread.close();
    await saidClosed(second);
    expect(closed).toContain(second);
  });

  it('ends a thread being started again that does not get ready, instead of waiting on it for ever', async () => {
    // Longer than a close waits for a start: the thread started again is still not ready then.
    const { thread, second } = await startingAgain('never-ready', 60_000);
    await thread.close();
    expect(closed).not.toContain(second);
  });

  it.runIf(process.platform === 'linux')('gives way to the thread that started it on the processor', async () => {
    const starter = kernelThreadId()!;
    const before = getPriority(starter);
    const thread = await startOwnThread<TestThreadReady>({
      entry: new URL('../support/own-thread-entry.ts', import.meta.url),
      input: { greeting: 'hello' },
      what: 'test',
      logger: createLogger('own-thread-test'),
    });
    try {
      expect(thread.ready.priority).toBe(constants.priority.PRIORITY_BELOW_NORMAL);
      // Only the new thread: the one that started it, and with it the app, keeps its priority.
      expect(getPriority(starter)).toBe(before);
    } finally {
      await thread.close();
    }
  });
});
