import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Unit (no database): the one file-naming rule of every workspace, kebab-case, as eslint.config.js enforces it with
 * eslint-plugin-check-file, proven on a snippet linted under a good and a bad name. Stylesheets are not
 * linted, so they are checked here by name.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*$/;

async function namingErrors(filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText('export const named = 1;\n', { filePath: `${root}/${filePath}` });
  return result!.messages
    .filter((message) => message.ruleId?.startsWith('check-file/'))
    .map((message) => message.message);
}

describe('file names (eslint.config.js)', () => {
  it.each([
    'web/src/components/GameCard.tsx',
    'web/src/hooks/useNow.ts',
    'web/src/features/games/PlayTime/pitch.tsx',
    'shared/src/game-loop/bookingProcess.ts',
    'command-api/src/Games/routes.ts',
    'tests/integration/GamesApi.test.ts',
  ])('refuses %s', async (file) => {
    expect((await namingErrors(file)).length).toBeGreaterThan(0);
  });

  it.each([
    'web/src/components/game-card.tsx',
    'web/src/hooks/use-now.ts',
    'web/src/features/games/play/play-time.test.ts',
    'shared/src/game-loop/booking.ts',
    'projector/src/games/games-projection.db.test.ts',
  ])('allows %s', async (file) => {
    expect(await namingErrors(file)).toEqual([]);
  });

  it('names every stylesheet in kebab-case too', () => {
    const stylesheets = readdirSync(`${root}/web/src`, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.css'),
    );
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(stylesheets.filter((file) => !file.split('/').every((part) => KEBAB_CASE.test(part)))).toEqual([]);
  });
});
