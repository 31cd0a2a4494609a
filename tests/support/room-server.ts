import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';

/** A client of the room server and every `changed` message it received. */
export interface RoomClient {
  socket: Socket;
  received: unknown[];
}

/**
 * A real socket.io server on a free port whose clients follow the room named in their handshake, for
 * the tests of what is written to rooms (the projector's announcer, the read API's room writer).
 */
export async function startRoomServer(): Promise<{
  server: Server;
  /** A client following `room`, once the server has joined it there. */
  follow(room: string): Promise<RoomClient>;
  close(): Promise<void>;
}> {
  const httpServer = createServer();
  const server = new Server(httpServer);
  const sockets: Socket[] = [];
  server.on('connection', async (socket) => {
    await socket.join(String(socket.handshake.query.room));
    socket.emit('joined');
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return {
    server,
    async follow(room) {
      const socket = connect(url, { transports: ['websocket'], query: { room } });
      sockets.push(socket);
      const received: unknown[] = [];
      socket.on('changed', (message: unknown) => received.push(message));
      await new Promise<void>((resolve) => socket.on('joined', () => resolve()));
      return { socket, received };
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      await server.close();
    },
  };
}
