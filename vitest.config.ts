import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/dist/**', '.data/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['{shared,command-api,projector,read-api,web,tests}/**/*.test.{ts,tsx}'],
          exclude: [...ignored, 'tests/browser/**'],
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
