/** The listening sockets' thread (see socket-listeners.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { ListenerInput, ListenerMessage } from './socket-listeners';
import { connectSockets, type ConnectedSockets } from './sockets';

const port = parentPort!;
const send = (message: ListenerMessage) => port.postMessage(message);
const { appUrl, users, room, projection } = workerData as ListenerInput;
const epochNow = () => performance.timeOrigin + performance.now();

let sockets: ConnectedSockets | null = null;
port.on('message', (request: string) => {
  if (request !== 'close') return;
  sockets?.close();
  send({ type: 'closed' });
});

try {
  sockets = await connectSockets(
    appUrl,
    users,
    {
      onPush: (user, checkpoint) => send({ type: 'push', user, checkpoint, at: epochNow() }),
      onDisconnect: () => send({ type: 'disconnect' }),
    },
    room,
    projection,
  );
  send({ type: 'connected', connectMs: sockets.connectMs });
} catch (error) {
  send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
