import { readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * What `npm start` runs, read from package.json (`node <node options> <script>`), so the bench
 * launches the app exactly as a user does and gives its e2e child the same V8 flags.
 */
export function npmStartCommand(): { nodeArgs: string[]; script: string } {
  const start = (
    JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const [program, ...rest] = start.trim().split(/\s+/);
  if (program !== 'node' || rest.length === 0)
    throw new Error(`package.json's start script is "${start}"; the bench expects "node <options> <script>"`);
  return { nodeArgs: rest.slice(0, -1), script: rest.at(-1)! };
}

/** The V8 and Node options of `npm start` other than the TypeScript loader (`--import tsx`). */
export function npmStartNodeFlags(): string[] {
  const { nodeArgs } = npmStartCommand();
  return nodeArgs.filter((arg, index) => arg !== '--import' && nodeArgs[index - 1] !== '--import');
}
