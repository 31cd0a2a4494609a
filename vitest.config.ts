import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/dist/**', '.data/**'];
const everyTest = '{shared,command-api,projector,read-api,web,tests}/**/*.test.{ts,tsx}';
/**
 * A test's level shows in its name and place: `*.test.ts` beside the code is a unit test and runs
 * without a database; `*.db.test.ts` beside the code and everything under tests/integration talk to a
 * real PostgreSQL (embedded for the run, or DATABASE_URL); tests/browser drive Chromium.
 */
const needsDatabase = ['**/*.db.test.{ts,tsx}', 'tests/integration/**/*.test.ts'];
/**
 * Database test files run as many at a time as the server has connections for, not as the machine
 * has cores: a file that starts a whole app holds up to 74 connections at its peak (its pools, a
 * connection per projection, the job workers). The machine's PostgreSQL (DATABASE_URL) allows
 * Debian's default of 100, the embedded one 300 (see embedded-postgres.ts). With more files at once,
 * "sorry, too many clients already" fails whichever test asks at the wrong moment.
 */
const CONNECTIONS_PER_DATABASE_FILE = 80;
const serverConnections = process.env.DATABASE_URL ? 100 : 300;
const databaseFilesAtOnce = Math.max(
  1,
  Math.min(availableParallelism(), Math.floor(serverConnections / CONNECTIONS_PER_DATABASE_FILE)),
);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [everyTest],
          exclude: [...ignored, 'tests/browser/**', 'tests/deployment/**', ...needsDatabase],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'db',
          include: needsDatabase,
          exclude: ignored,
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: databaseFilesAtOnce,
          // A worker count of its own needs a group of its own: these files run after the unit files.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          exclude: ignored,
          globalSetup: ['tests/support/global-setup.ts', 'tests/support/browser-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // The README's distributed recipe behind Caddy (.ci/run's fourth pass).
          name: 'deployment',
          include: ['tests/deployment/**/*.test.ts'],
          exclude: ignored,
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
