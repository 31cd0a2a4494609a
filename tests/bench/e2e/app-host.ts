import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { npmStartNodeFlags } from '../support/npm-start';
import type { AppProcessReply, AppProcessRequest, AppStats } from './app-protocol';

const childPath = path.join(import.meta.dirname, 'app-process.ts');

export interface AppHost {
  url: string;
  port: number;
  /** Milliseconds startStandalone() took inside the child. */
  startMs: number;
  pid: number;
  /** The app process's numbers since the previous call. */
  stats(): Promise<AppStats>;
  /** Starts profiling the app's main thread; the returned function stops and writes the .cpuprofile file. */
  profile(): Promise<(file: string) => Promise<void>>;
  /** Closes the app (app.close()) and waits for the child to exit; returns the close time. */
  stop(): Promise<number>;
}

function waitFor<T extends AppProcessReply['type']>(
  child: ChildProcess,
  type: T,
  timeoutMs: number,
  match: (reply: Extract<AppProcessReply, { type: T }>) => boolean = () => true,
): Promise<Extract<AppProcessReply, { type: T }>> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (reply: AppProcessReply) => {
      if (reply.type === 'failed') {
        cleanup();
        reject(new Error(`app process failed: ${reply.error}`));
      } else if (reply.type === type && match(reply as Extract<AppProcessReply, { type: T }>)) {
        cleanup();
        resolve(reply as Extract<AppProcessReply, { type: T }>);
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`app process exited (code ${code}, signal ${signal}) while waiting for "${type}"`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`app process sent no "${type}" within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Starts the standalone app in a child process (with a V8 CPU profile when `profile`). */
export async function startAppProcess(env: Record<string, string>): Promise<AppHost> {
  // The same V8 flags as `npm start`: the young generation's size decides much of the app's GC time.
  const execArgv = [...npmStartNodeFlags(), '--import', import.meta.resolve('tsx')];
  const child = fork(childPath, [], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const send = (request: AppProcessRequest) => child.send(request);
  try {
    const ready = waitFor(child, 'ready', 120_000);
    send({ type: 'start', env });
    const { url, port, startMs } = await ready;
    let nextId = 1;
    return {
      url,
      port,
      startMs,
      pid: child.pid!,
      async stats() {
        const id = nextId++;
        const reply = waitFor(child, 'stats', 30_000, (message) => message.id === id);
        send({ type: 'stats', id });
        return (await reply).stats;
      },
      async profile() {
        const id = nextId++;
        const started = waitFor(child, 'profile', 30_000, (message) => message.id === id);
        send({ type: 'profile-start', id });
        await started;
        return async (file: string) => {
          const stopId = nextId++;
          const stopped = waitFor(child, 'profile', 60_000, (message) => message.id === stopId);
          send({ type: 'profile-stop', id: stopId, file });
          await stopped;
        };
      },
      async stop() {
        if (child.exitCode !== null) return Number.NaN;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        const stopped = waitFor(child, 'stopped', 60_000);
        send({ type: 'stop' });
        try {
          const { stopMs } = await stopped;
          await exited;
          return stopMs;
        } catch (error) {
          child.kill('SIGKILL');
          throw error;
        }
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}
