import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The README's 'Distributed run' recipe, line by line, as an operator would type it. */
export type RecipeStep =
  | { kind: 'settings'; line: string; settings: Record<string, string> }
  | { kind: 'command'; line: string }
  | { kind: 'process'; line: string; port: number | null };

const MARKER = '<!-- distributed-recipe';

/** The shell block that follows the recipe's marker in README.md. */
export function readRecipe(readme = path.join(ROOT, 'README.md')): RecipeStep[] {
  const text = readFileSync(readme, 'utf8');
  const at = text.indexOf(MARKER);
  if (at < 0) throw new Error('README.md has no distributed recipe marker');
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(at));
  if (!block) throw new Error("the README's distributed recipe has no ```sh block after its marker");
  return block[1]!
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line): RecipeStep => {
      if (line.startsWith('export ')) {
        const settings = Object.fromEntries(
          line
            .slice('export '.length)
            .trim()
            .split(/\s+/)
            .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
        );
        return { kind: 'settings', line, settings };
      }
      if (line.endsWith('&')) {
        const port = /(?:^|\s)PORT=(\d+)\s/.exec(line);
        return { kind: 'process', line: line.slice(0, -1).trim(), port: port ? Number(port[1]) : null };
      }
      return { kind: 'command', line };
    });
}

export interface RunningProcess {
  line: string;
  port: number | null;
  child: ChildProcess;
  output: () => string;
  /** Kills the process (and anything it started) with `signal`. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

/** How much of each process's output is kept, from its end. */
const KEPT_OUTPUT = 200_000;

/** Starts a recipe line in the background, as `line &` in a shell would, in a process group of its own. */
export function startProcess(step: Extract<RecipeStep, { kind: 'process' }>, env: NodeJS.ProcessEnv): RunningProcess {
  const child = spawn('bash', ['-c', step.line], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  // Enough of the log for a failure report to reach back to the failed step (the test's `logsOf`).
  let printed = '';
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (chunk: Buffer) => {
      printed = (printed + chunk.toString()).slice(-KEPT_OUTPUT);
    });
  return {
    line: step.line,
    port: step.port,
    child,
    output: () => printed,
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid!, signal);
      } catch {
        return;
      }
      await exited;
    },
  };
}

/** Runs a recipe line to its end; fails with what it printed when it fails. */
export function runCommand(line: string, env: NodeJS.ProcessEnv): string {
  const result = spawnSync('bash', ['-c', line], { cwd: ROOT, env, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`'${line}' failed (${result.status}): ${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
