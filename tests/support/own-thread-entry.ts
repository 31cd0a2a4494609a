/**
 * A thread for the own-thread test: says on a broadcast channel that it started and that it closed,
 * and dies (an error nothing catches ends a thread the same way) when told its own thread id. With
 * `pauseFile`, it answers ready as many milliseconds after saying it started as that file says when
 * it starts (none while there is no such file): a test writes it once the first thread is ready, to
 * act while the threads started after it are starting.
 */
import { existsSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { BroadcastChannel, threadId } from 'node:worker_threads';
import { kernelThreadId, serveOnOwnThread } from '@playtime/shared/infra/runtime/own-thread';
import { createLogger } from '@playtime/shared/infra/logging';

const channel = new BroadcastChannel('own-thread-test');
channel.unref();
/** What the thread answers: its greeting, its id, and its scheduling priority as the kernel has it (null where unknown). */
export interface TestThreadReady {
  greeting: string;
  threadId: number;
  priority: number | null;
}

await serveOnOwnThread<{ greeting: string; pauseFile?: string }, TestThreadReady, { die: number }>(async (input) => {
  channel.postMessage({ started: threadId });
  const pauseMs = input.pauseFile && existsSync(input.pauseFile) ? Number(readFileSync(input.pauseFile, 'utf8')) : 0;
  if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  const kernelId = kernelThreadId();
  return {
    ready: { greeting: input.greeting, threadId, priority: kernelId === null ? null : getPriority(kernelId) },
    heard(message) {
      if (message.die === threadId) process.exit(1);
    },
    close: async () => {
      channel.postMessage({ closed: threadId });
    },
  };
}, createLogger('own-thread-test'));
