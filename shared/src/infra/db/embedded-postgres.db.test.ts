import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';

// Inside the project like the app's DATA_DIR: as root the server runs as an unprivileged user that
// could not enter a private (0700) temporary folder.
const DATA = path.resolve(import.meta.dirname, '../../../../.data');
const folders: string[] = [];
const servers: EmbeddedDatabase[] = [];

function dataDir(name: string): string {
  const dir = path.join(DATA, `test-embedded-${name}-${process.pid}-${randomBytes(3).toString('hex')}`);
  folders.push(dir, `${dir}-socket`);
  return dir;
}

async function start(dir: string, options: { persistent?: boolean; port?: number } = {}): Promise<EmbeddedDatabase> {
  const server = await startEmbeddedPostgres({
    dataDir: dir,
    persistent: options.persistent ?? false,
    port: options.port,
  });
  servers.push(server);
  return server;
}

/** The server's address as the connection sees it: null over a Unix-domain socket. */
async function serverAddress(config: string | pg.ClientConfig): Promise<{ address: string | null; database: string }> {
  const client = new pg.Client(typeof config === 'string' ? { connectionString: config } : config);
  await client.connect();
  try {
    const result = await client.query<{ address: string | null; database: string }>(
      'SELECT inet_server_addr() AS address, current_database() AS database',
    );
    return result.rows[0]!;
  } finally {
    await client.end();
  }
}

function overTcp(server: EmbeddedDatabase): pg.ClientConfig {
  return { host: '127.0.0.1', port: server.port, user: 'postgres', password: 'playtime', database: 'postgres' };
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A Linux process's scheduling policy (field 41 of /proc/<pid>/stat): 0 normal, 3 batch. */
function schedulingPolicy(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3]);
}

const SCHED_BATCH = 3;

describe('startEmbeddedPostgres', () => {
  it.runIf(existsSync('/proc/self/stat'))(
    'runs the server and the connections opened later as batch tasks, so a woken backend does not preempt the app',
    async () => {
      const dir = dataDir('batch');
      const server = await start(dir);
      const postmaster = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      expect(schedulingPolicy(postmaster)).toBe(SCHED_BATCH);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        expect(schedulingPolicy(rows[0]!.pid)).toBe(SCHED_BATCH);
      } finally {
        await client.end();
      }
    },
  );

  it('returns a URL over the Unix-domain socket and still answers on TCP 127.0.0.1', async () => {
    const dir = dataDir('socket');
    const server = await start(dir);
    const url = new URL(server.url);
    expect(url.searchParams.get('host')).toBe(`${dir}-socket`);
    expect(url.pathname).toBe('/postgres');
    expect(existsSync(path.join(`${dir}-socket`, `.s.PGSQL.${server.port}`))).toBe(true);

    expect(await serverAddress(server.url)).toEqual({ address: null, database: 'postgres' });
    // Callers name another database by replacing the pathname; the socket stays.
    url.pathname = '/template1';
    expect(await serverAddress(url.toString())).toEqual({ address: null, database: 'template1' });
    expect((await serverAddress(overTcp(server))).address).toBe('127.0.0.1');

    await server.stop();
    expect(existsSync(`${dir}-socket`)).toBe(false);
  });

  it('falls back to TCP when the socket path would be too long', async () => {
    // `<dir>-socket/.s.PGSQL.<port>` over the 107 bytes of sun_path.
    const dir = dataDir(`long-${'x'.repeat(Math.max(0, 110 - DATA.length))}`);
    const server = await start(dir);
    expect(server.url).toBe(`postgres://postgres:playtime@127.0.0.1:${server.port}/postgres`);
    expect((await serverAddress(server.url)).address).toBe('127.0.0.1');
  });

  it('starts over a stale socket lock file whose PID another process has taken', async () => {
    const dir = dataDir('stale');
    const first = await start(dir, { persistent: true });
    const port = first.port;
    await first.stop();

    // What a kill -9 of the postmaster leaves, with its PID since reused by a live process of the
    // server's user (PostgreSQL takes a lock of a process it may not signal for stale by itself).
    const owner = statSync(dir);
    const squatter = spawn('sleep', ['60'], { stdio: 'ignore', uid: owner.uid, gid: owner.gid });
    try {
      const socketDir = `${dir}-socket`;
      mkdirSync(socketDir, { recursive: true });
      writeFileSync(
        path.join(socketDir, `.s.PGSQL.${port}.lock`),
        `${squatter.pid}\n${dir}\n0\n${port}\n${socketDir}\n`,
      );
      writeFileSync(path.join(socketDir, `.s.PGSQL.${port}`), '');

      const second = await start(dir, { persistent: true, port });
      expect((await serverAddress(second.url)).address).toBeNull();
      await second.stop();
    } finally {
      squatter.kill();
    }
  });
});
