import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomInt } from 'node:crypto';

/** The lowest port is kept clear of the machine's services (PostgreSQL, Redis, the brokers, the recipe's 4001…). */
const LOWEST = 15_000;

/** The first port the kernel hands out for outgoing connections and for listening on port 0. */
function ephemeralRangeStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low && low > LOWEST ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    // As the app listens: every address, both families.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * A free port for a server a test starts a moment later (a standalone app takes seconds before it
 * listens). It lies below the kernel's ephemeral range: a port from there (listen on port 0) could be
 * taken meanwhile as the local port of any test's outgoing connection, and the app's start failed with
 * EADDRINUSE.
 */
export async function freeServerPort(): Promise<number> {
  const highest = ephemeralRangeStart() - 1;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = randomInt(LOWEST, highest + 1);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${highest}`);
}
