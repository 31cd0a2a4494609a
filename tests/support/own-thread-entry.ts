/**
 * A thread for the own-thread test: says on a broadcast channel that it started and that it closed,
 * and dies (an error nothing catches ends a thread the same way) when told its own thread id.
 */
import { BroadcastChannel, threadId } from 'node:worker_threads';
import { serveOnOwnThread } from '@playtime/shared/infra/runtime/own-thread';
import { createLogger } from '@playtime/shared/infra/logging';

const channel = new BroadcastChannel('own-thread-test');
channel.unref();
await serveOnOwnThread<{ greeting: string }, { greeting: string; threadId: number }, { die: number }>(async (input) => {
  channel.postMessage({ started: threadId });
  return {
    ready: { greeting: input.greeting, threadId },
    heard(message) {
      if (message.die === threadId) process.exit(1);
    },
    close: async () => {
      channel.postMessage({ closed: threadId });
    },
  };
}, createLogger('own-thread-test'));
