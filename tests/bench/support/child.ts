import { fork } from 'node:child_process';

/**
 * Runs one scenario in a fresh Node.js process. Each store gets a clean heap and clean module state:
 * Emmett's connection library (dumbo) replaces pg's global type parsers (int8 → BigInt), which
 * would silently change what our store and projector read if they shared its process.
 */

type Reply<Result> = { ok: true; result: Result } | { ok: false; error: string };

export function runInChild<Input, Result>(
  modulePath: string,
  input: Input,
  options: { timeoutMs: number },
): Promise<Result> {
  return new Promise<Result>((resolve, reject) => {
    const child = fork(modulePath, [], {
      execArgv: ['--import', import.meta.resolve('tsx')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: process.env,
    });
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
    };
    const timer = setTimeout(() => {
      finish(() => reject(new Error(`${modulePath} did not finish within ${options.timeoutMs} ms`)));
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('message', (message: Reply<Result>) => {
      finish(() => (message.ok ? resolve(message.result) : reject(new Error(`child failed: ${message.error}`))));
    });
    child.on('error', (error) => finish(() => reject(error)));
    child.on('exit', (code, signal) => {
      finish(() => reject(new Error(`${modulePath} exited (code ${code}, signal ${signal}) without a result`)));
    });
    child.send(input as object);
  });
}

/** The child side: handles the one input the parent sends, replies, and exits. */
export function serveOneRequest<Input, Result>(handler: (input: Input) => Promise<Result>): void {
  if (!process.send) throw new Error('This module runs as a child process of tests/bench/run.ts');
  process.once('message', (input: Input) => {
    handler(input).then(
      (result) => reply({ ok: true, result }, 0),
      (error: unknown) =>
        reply({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, 1),
    );
  });
}

function reply<Result>(message: Reply<Result>, exitCode: number): void {
  // Exit once the message is flushed: libraries may leave timers or sockets that would keep us alive.
  process.send!(message, () => process.exit(exitCode));
}
