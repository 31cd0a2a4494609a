import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Unit (no database): two rules of the write side's shape (issue #42).
 *
 * The write side reads no projection: a decision is made from the aggregates' own streams, the
 * commands and events that carry what it needs, or a named lookup over the event store's own tables.
 * A read of a read model (`read.*`) in the command API or the game loop is refused here.
 *
 * One use case lives in one place: the game loop's use cases are folders under shared/src/game-loop,
 * and the projector only wires them, so no file name exists in both projector/ and shared/.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** The source files under a workspace folder, tests left out unless asked for. */
function sourceFiles(folder: string, { withTests = false } = {}): string[] {
  return readdirSync(`${root}/${folder}`, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.split('/').includes('node_modules'))
    .filter((file) => withTests || !/\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file}`);
}

const PROJECTION_READ = /\b(FROM|JOIN)\s+read\./i;

/** Every `file:line` of the write side that reads a projection. */
function projectionReads(): string[] {
  return ['command-api/src', 'shared/src/game-loop']
    .flatMap((folder) => sourceFiles(folder))
    .flatMap((file) =>
      readFileSync(`${root}/${file}`, 'utf8')
        .split('\n')
        .flatMap((line, index) => (PROJECTION_READ.test(line) ? [`${file}:${index + 1}`] : [])),
    );
}

/**
 * The read side's lookups in shared infra that query a read model for the write side's caller or a
 * named user: the write side uses their log-backed twins (infra/commands/users-in-log.ts) instead.
 */
const READ_MODEL_LOOKUP = /\b(readUserRow|userIdOfUsername)\b/;

/** Every `file:line` of the write side that calls a read-model lookup of shared infra. */
function readModelLookups(): string[] {
  return ['command-api/src', 'shared/src/game-loop', 'shared/src/infra/commands']
    .flatMap((folder) => sourceFiles(folder))
    .flatMap((file) =>
      readFileSync(`${root}/${file}`, 'utf8')
        .split('\n')
        .flatMap((line, index) => (READ_MODEL_LOOKUP.test(line) ? [`${file}:${index + 1}`] : [])),
    );
}

describe('the write side', () => {
  it('knows a projection read when it sees one', () => {
    expect(PROJECTION_READ.test("pool.query('SELECT username FROM read.users WHERE user_id = $1')")).toBe(true);
    expect(PROJECTION_READ.test('SELECT u.username FROM read.fields f JOIN read.users u ON ...')).toBe(true);
    expect(PROJECTION_READ.test("SELECT data FROM es_events WHERE type = 'UserRegistered'")).toBe(false);
  });

  it('reads no projection in command-api/src or shared/src/game-loop', () => {
    expect(projectionReads()).toEqual([]);
  });

  it('asks the log, not the read model, who calls a command and who a username names', () => {
    expect(readModelLookups()).toEqual([]);
  });
});

/** A file's or folder's name without its extensions: game-loop.ts, game-loop.test.ts and game-loop/ are one name. */
const stem = (path: string) => basename(path).split('.')[0]!;

/** The use cases' folders under shared/src/game-loop. */
function useCaseFolders(): string[] {
  return readdirSync(`${root}/shared/src/game-loop`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

describe('the game loop and the projector', () => {
  it('share no file name: a use case lives in shared/src/game-loop, the projector only wires it', () => {
    const inShared = new Set([...sourceFiles('shared/src', { withTests: true }).map(stem), ...useCaseFolders()]);
    const inBoth = new Set(
      sourceFiles('projector/src', { withTests: true })
        .map(stem)
        .filter((name) => inShared.has(name)),
    );
    expect([...inBoth].sort()).toEqual([]);
  });
});
