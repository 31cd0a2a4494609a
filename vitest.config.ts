import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/dist/**', '.data/**'];
const everyTest = '{shared,command-api,projector,read-api,web,tests}/**/*.test.{ts,tsx}';
/**
 * A test's level shows in its name and place: `*.test.ts` beside the code is a unit test and runs
 * without a database; `*.db.test.ts` beside the code and everything under tests/integration talk to a
 * real PostgreSQL (embedded for the run, or DATABASE_URL); tests/browser drive Chromium.
 */
const needsDatabase = ['**/*.db.test.{ts,tsx}', 'tests/integration/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [everyTest],
          exclude: [...ignored, 'tests/browser/**', ...needsDatabase],
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
    ],
  },
});
