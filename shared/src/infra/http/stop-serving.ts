import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** How often connections that have gone idle are ended while a server stops. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops an HTTP server for good and resolves once its last connection has ended. It takes no new
 * connections; a request under way is answered, and its connection is ended after it: each response
 * from now on says `Connection: close`, and connections left idle are closed as they appear. Node's
 * `server.close()` alone ends idle connections only at the moment it is called, so a client asking
 * back to back on a kept-alive connection (a poller, a proxy's pool) would hold the stop open forever.
 * After `graceMs`, whatever is still open is cut.
 */
export function stopServing(server: Server, { graceMs = 10_000 } = {}): Promise<void> {
  const closeAfterResponse = (_request: IncomingMessage, response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  server.prependListener('request', closeAfterResponse);
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  return new Promise<void>((resolve) => {
    // A server already closed (socket.io's close closes the server it is attached to) still reports
    // 'close' once drained: the callback's ERR_SERVER_NOT_RUNNING is not a failure here.
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      server.off('request', closeAfterResponse);
      resolve();
    });
  });
}
