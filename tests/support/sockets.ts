import { expect } from 'vitest';
import { io, type Socket } from 'socket.io-client';

/** socket.io as the web connects it; resolves once connected or with the handshake's refusal. */
export function connectSocket(
  app: { url: string },
  token: string,
): Promise<{ socket: Socket; refusal?: { message: string; data?: { code?: string } } }> {
  const socket = io(app.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
      resolve({ socket, refusal: { message: error.message, data: error.data } }),
    );
  });
}

/** A join's answer: in the room, and how far the read models had got by then (see JoinAnswer). */
export const JOINED = { ok: true, checkpoint: expect.stringMatching(/^\d+:\d+$/) } as const;
