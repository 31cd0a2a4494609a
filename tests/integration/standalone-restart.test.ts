/**
 * `npm start` as a user runs it: a real process over an embedded PostgreSQL in its own data folder.
 * A clean stop, a second start that keeps everything, a start after kill -9, a launcher that vanished,
 * and a bad setting.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeServerPort } from '../support/ports';
import { buildWebIfStale } from '../../scripts/web-build';
import { signedIn } from '../support/accounts';
import { ApiClient, accessTokenFor } from '../support/api-client';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Every app process a test started, so a failing assertion never leaves one running. */
const started = new Set<ChildProcess>();
/** Apps whose launcher a test killed: a failing assertion must not leave them running for the next suites. */
const leftBehind = new Set<number>();

function killIfAlive(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Runs scripts/start.ts as `npm start` does, or, `behindLauncher`, as the child of a shell that
 * stands for npm (the returned process is then the shell).
 */
function runStart(env: Record<string, string>, { behindLauncher = false } = {}): ChildProcess {
  // The database under test is the embedded one: make sure a DATABASE_URL of CI's second pass is not used.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const command = [process.execPath, '--import', 'tsx', path.join(ROOT, 'scripts/start.ts')];
  const [file, args] = behindLauncher
    ? ['sh', ['-c', '"$@" & wait', 'launcher', ...command]]
    : [command[0]!, command.slice(1)];
  const child = spawn(file, args, {
    cwd: ROOT,
    env: { ...inherited, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

// One address for every start: users are identified by issuer + subject, and the embedded
// provider's issuer is the app's address, so a restart on another port would meet new users.
let port: number;

async function start(dataDir: string, options: { behindLauncher?: boolean } = {}): Promise<Started> {
  const url = `http://localhost:${port}`;
  const child = runStart({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: url }, options);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return { child, url, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`not ready in 60 s:\n${output}`);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Stops the app as a process manager does, with SIGTERM: it must shut down cleanly, exiting with 0. */
async function stopCleanly(app: Started): Promise<void> {
  app.child.kill('SIGTERM');
  expect(await exitOf(app.child)).toBe(0);
}

async function bioOf(url: string): Promise<string> {
  const token = await accessTokenFor(url, 'player@playtime.test');
  return ((await new ApiClient(url, token).get('/api/get-user')).json as { bio: string }).bio;
}

describe('npm start', () => {
  let dataDir: string;

  beforeAll(async () => {
    buildWebIfStale();
    port = await freeServerPort();
    // Like the default DATA_DIR, inside the project: as root, the embedded PostgreSQL runs as an
    // unprivileged user that could not enter a private (0700) temporary folder.
    dataDir = path.join(ROOT, '.data', `test-start-${process.pid}-${Date.now()}`);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(
      [...started].map((child) => {
        const exited = exitOf(child);
        child.kill('SIGTERM');
        return exited;
      }),
    );
    for (const pid of leftBehind) killIfAlive(pid);
    const postmasterPid = path.join(dataDir, 'postgres', 'postmaster.pid');
    if (leftBehind.size > 0 && existsSync(postmasterPid))
      killIfAlive(Number(readFileSync(postmasterPid, 'utf8').split('\n')[0]));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops cleanly on SIGTERM and keeps everything for the next start', async () => {
    const first = await start(dataDir);
    expect((await fetch(first.url)).status).toBe(200);
    const token = await accessTokenFor(first.url, 'player@playtime.test');
    const client = new ApiClient(first.url, token);
    await client.get('/api/get-user');
    expect(
      (
        await client.post('/api/edit-user', {
          username: 'player',
          bio: 'kept across restarts',
          profilePicture: '/avatars/4.svg',
        })
      ).status,
    ).toBe(200);

    await stopCleanly(first);

    const second = await start(dataDir);
    expect(await bioOf(second.url)).toBe('kept across restarts');
    await stopCleanly(second);
  });

  it('stops on SIGTERM while a client keeps asking on a kept-alive connection', async () => {
    const running = await start(dataDir);
    // Back to back, so a request is nearly always under way when the stop closes the server: its
    // connection is never idle, and a server that only stops taking new connections waits for it forever.
    let asking = true;
    let answered = 0;
    const poller = (async () => {
      while (asking) {
        const response = await fetch(`${running.url}/readyz`).catch(() => null);
        if (!response) continue;
        await response.arrayBuffer();
        answered += 1;
      }
    })();
    try {
      await expect.poll(() => answered, { timeout: 10_000 }).toBeGreaterThan(5);
      await stopCleanly(running);
    } finally {
      asking = false;
      await poller;
    }
  }, 120_000);

  it('recovers after kill -9, with the old PostgreSQL still running', async () => {
    const crashed = await start(dataDir);
    crashed.child.kill('SIGKILL');
    await exitOf(crashed.child);

    const recovered = await start(dataDir);
    expect(await bioOf(recovered.url)).toBe('kept across restarts');
    await stopCleanly(recovered);
  });

  it('refuses a second start on the same data folder, naming the running app, and leaves it serving', async () => {
    const running = await start(dataDir);
    const otherPort = await freeServerPort();
    const second = runStart({
      DATA_DIR: dataDir,
      PORT: String(otherPort),
      PUBLIC_URL: `http://localhost:${otherPort}`,
    });
    let output = '';
    second.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect(await exitOf(second)).toBe(1);
    expect(output).toContain('already running');
    expect(output).toContain(`process ${running.child.pid}`);
    expect(output).toContain(running.url);

    const client = await signedIn(running.url, 'player');
    expect(
      (
        await client.post('/api/edit-user', {
          username: 'player',
          bio: 'still serving',
          profilePicture: '/avatars/4.svg',
        })
      ).status,
    ).toBe(200);
    expect(((await client.get('/api/get-user')).json as { bio: string }).bio).toBe('still serving');
    await stopCleanly(running);
  });

  it('stops itself and its database when the launcher that started it is gone without passing a signal on', async () => {
    const launched = await start(dataDir, { behindLauncher: true });
    const postmasterPid = path.join(dataDir, 'postgres', 'postmaster.pid');
    expect(existsSync(postmasterPid)).toBe(true);
    for (const pid of execFileSync('pgrep', ['-P', String(launched.child.pid)], { encoding: 'utf8' }).split(/\s+/))
      if (pid) leftBehind.add(Number(pid));
    expect(leftBehind.size, 'the launcher runs the app').toBe(1);
    // As npm does on a SIGTERM of its own: it exits, and the app is left behind.
    launched.child.kill('SIGKILL');
    await exitOf(launched.child);
    const up = () =>
      fetch(`${launched.url}/readyz`).then(
        () => true,
        () => false,
      );
    // It notices within a second, then stops as on SIGTERM: jobs and deliveries under way finish first
    // and the server closes after them, which takes a while on a machine busy with other suites.
    await expect.poll(up, { timeout: 90_000, interval: 200 }).toBe(false);
    await expect.poll(() => existsSync(postmasterPid), { timeout: 30_000, interval: 200 }).toBe(false);
    // And the next start finds everything as it was.
    const next = await start(dataDir);
    expect(await bioOf(next.url)).toBe('still serving');
    await stopCleanly(next);
  }, 240_000);

  it('refuses to start on a bad setting, naming the variable', async () => {
    const child = runStart({ DATA_DIR: dataDir, PORT: 'not-a-port' });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect(await exitOf(child)).toBe(1);
    expect(output).toContain('PORT');
  });
});
