import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

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

/** The ports test processes on this machine have handed out, one empty file each (see freeServerPort). */
const CLAIMS = path.join(os.tmpdir(), 'playtime-test-ports');
/** A claim older than any test run is left from one that ended: its port may be handed out again. */
const CLAIM_LIFETIME_MS = 2 * 60 * 60_000;

/** Claims `port` for this process unless another test process on this machine claimed it first. */
function claim(port: number): boolean {
  mkdirSync(CLAIMS, { recursive: true });
  const file = path.join(CLAIMS, String(port));
  try {
    closeSync(openSync(file, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  try {
    if (Date.now() - statSync(file).mtimeMs < CLAIM_LIFETIME_MS) return false;
    unlinkSync(file);
    closeSync(openSync(file, 'wx'));
    return true;
  } catch {
    // Another process took the old claim over first.
    return false;
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
 * EADDRINUSE. It is claimed for this process too: two suites starting apps at once had each found
 * the same port free before either listened on it, and the second app's start failed with EADDRINUSE.
 */
export async function freeServerPort(): Promise<number> {
  const highest = ephemeralRangeStart() - 1;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = randomInt(LOWEST, highest + 1);
    if (claim(port) && (await canListen(port))) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${highest}`);
}
