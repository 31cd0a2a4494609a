import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Unit (no database): the import boundaries of eslint.config.js, proven by linting one snippet per
 * boundary as if it were a file in that folder. Each forbidden import must be refused by
 * no-restricted-imports; each allowed one must pass, so the rule cannot refuse everything.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const use = (specifier: string) => `import * as imported from '${specifier}';\nexport const used = imported;\n`;

const forbidden: [boundary: string, file: string, specifier: string][] = [
  ['the domain imports no infrastructure (relative)', 'shared/src/domain/fields/decider.ts', '../../infra/db/pool'],
  [
    'the domain imports no infrastructure (package)',
    'shared/src/domain/fields/decider.ts',
    '@playtime/shared/infra/http/errors',
  ],
  ['the domain imports no database driver', 'shared/src/domain/users/decider.ts', 'pg'],
  ['the domain imports no web framework', 'shared/src/domain/users/decider.ts', 'express'],
  ['the domain imports no test library', 'shared/src/domain/decider.ts', 'vitest'],
  ['the domain imports no test helpers', 'shared/src/domain/decider.ts', '../testing/decider-testing'],
  ['the contract imports no infrastructure', 'shared/src/contract/fields.ts', '../infra/http/errors'],
  ['the contract does no I/O', 'shared/src/contract/users.ts', 'node:fs'],
  ['the contract imports no database driver', 'shared/src/contract/users.ts', 'pg'],
  [
    'the web imports no shared infrastructure',
    'web/src/lib/api-client.ts',
    '@playtime/shared/infra/eventstore/checkpoint',
  ],
  ['the web imports no shared test helpers', 'web/src/lib/api-client.ts', '@playtime/shared/testing/decider-testing'],
  ['the web imports nothing from a service', 'web/src/lib/api-client.ts', '@playtime/read-api/realtime/rooms'],
  ['the web does not reach around the package', 'web/src/lib/api-client.ts', '../../../shared/src/infra/ids'],
  [
    'read-api imports nothing from projector (package)',
    'read-api/src/main.ts',
    '@playtime/projector/product-projections',
  ],
  [
    'read-api imports nothing from projector (relative)',
    'read-api/src/main.ts',
    '../../projector/src/product-projections',
  ],
  ['infrastructure runs no decider (relative)', 'shared/src/infra/payments/port.ts', '../../domain/ledger/decider'],
  [
    'infrastructure runs no decider (package)',
    'shared/src/infra/commands/command-door.ts',
    '@playtime/shared/domain/games/decider',
  ],
  ['infrastructure runs no users decider', 'shared/src/infra/http/current-user.ts', '../../domain/users/admin-roster'],
  [
    'infrastructure imports nothing from the game loop (relative)',
    'shared/src/infra/payments/port.ts',
    '../../game-loop/book-held-slot/booking',
  ],
  [
    'infrastructure imports nothing from the game loop (package)',
    'shared/src/infra/jobs/port.ts',
    '@playtime/shared/game-loop/payments/webhook-inbox',
  ],
  [
    'a web feature reaches another feature only through its index',
    'web/src/features/games/organize/confirm-step.tsx',
    '../../payments/payment-dialog',
  ],
  [
    'a web feature reaches another feature only through its index (from its root)',
    'web/src/features/fields/field-owner-page.tsx',
    '../availability/api/query-keys',
  ],
  ['the web app reaches a feature only through its index', 'web/src/app/router.tsx', '../features/users/roles'],
  [
    'shared web code reaches a feature only through its index',
    'web/src/components/game-card.tsx',
    '../features/games/api/play',
  ],
];

const allowed: [place: string, file: string, specifier: string][] = [
  ['the domain: zod', 'shared/src/domain/fields/decider.ts', 'zod'],
  ['the domain: a dayjs plugin', 'shared/src/domain/availability/policies/window-rules.ts', 'dayjs/plugin/utc.js'],
  ['the domain: its own modules', 'shared/src/domain/fields/decider.ts', '../users/events'],
  [
    'a domain test: vitest and the test helpers',
    'shared/src/domain/fields/decider.test.ts',
    '../../testing/decider-testing',
  ],
  ['the contract: pure domain code', 'shared/src/contract/fields.ts', '../domain/fields/decider'],
  ['the web: the contract', 'web/src/lib/api-client.ts', '@playtime/shared/contract/headers'],
  ['the web: the domain', 'web/src/features/users/roles.ts', '@playtime/shared/domain/users/events'],
  ['read-api: the contract', 'read-api/src/main.ts', '@playtime/shared/contract/projections'],
  ['infrastructure: the decider kernel', 'shared/src/infra/commands/command-handler.ts', '../../domain/decider'],
  [
    'infrastructure: events and their schemas',
    'shared/src/infra/commands/idempotency.ts',
    '../../domain/idempotency/events',
  ],
  [
    'the game loop: infrastructure and deciders',
    'shared/src/game-loop/book-held-slot/booking.ts',
    '../../domain/games/decider',
  ],
  ["a web feature: another feature's index", 'web/src/features/games/organize/confirm-step.tsx', '../../payments'],
  ['a web feature: its own insides', 'web/src/features/games/organize/confirm-step.tsx', '../play/play-time'],
  ["the web app: a feature's index", 'web/src/app/router.tsx', '../features/users'],
];

/** Dynamic import() is read by no-restricted-syntax with the same patterns (the web's feature boundary). */
async function dynamicRefusals(filePath: string, specifier: string): Promise<string[]> {
  const code = `export const load = () => import('${specifier}');\n`;
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

const dynamicForbidden: [boundary: string, file: string, specifier: string][] = [
  [
    "the web app loads a feature's page only through its index",
    'web/src/app/router.tsx',
    '../features/games/search-page',
  ],
  [
    'a web feature loads another feature only through its index',
    'web/src/features/users/index.ts',
    '../games/search-page',
  ],
];

const dynamicAllowed: [place: string, file: string, specifier: string][] = [
  ['a web feature: its own page', 'web/src/features/games/index.ts', './search-page'],
  ['the web app: a module of its own', 'web/src/app/router.tsx', './routes/admin'],
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(forbidden)('refuses: %s', async (_boundary, file, specifier) => {
    expect((await refusals(file, use(specifier))).length).toBeGreaterThan(0);
  });

  it.each(allowed)('allows %s', async (_place, file, specifier) => {
    expect(await refusals(file, use(specifier))).toEqual([]);
  });

  it.each(dynamicForbidden)('refuses a dynamic import: %s', async (_boundary, file, specifier) => {
    expect((await dynamicRefusals(file, specifier)).length).toBeGreaterThan(0);
  });

  it.each(dynamicAllowed)('allows a dynamic import: %s', async (_place, file, specifier) => {
    expect(await dynamicRefusals(file, specifier)).toEqual([]);
  });
});
