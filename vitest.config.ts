import { availableParallelism } from 'node:os';
import pg from 'pg';
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
 * has cores. A file that starts a whole app holds up to 90 connections at its peak (measured on the
 * machine's PostgreSQL, pg_stat_activity every 0.2 s: 86 for payments-api.test.ts, whose standalone
 * app has pools of 40 and 20 besides a connection per projection, the listeners and the job workers;
 * 61 for users-api.test.ts; 53 for distributed.test.ts's six services). With more files at once than
 * the server takes, "sorry, too many clients already" fails whichever test asks at the wrong moment.
 */
const CONNECTIONS_PER_DATABASE_FILE = 90;
const filesTheServerTakes = Math.floor(
  (await serverConnections(process.env.DATABASE_URL)) / CONNECTIONS_PER_DATABASE_FILE,
);
const databaseFilesAtOnce = Math.max(1, Math.min(availableParallelism(), filesTheServerTakes));
/**
 * A browser file spends most of its time waiting: on a job's due time, an offer's expiry, a push, the
 * browser's own transitions (bell-and-mail.test.ts alone: 77 s of wall clock, 27 s of CPU). Twice as
 * many files as cores keep the cores busy, as many as the server has connections for. Measured on a
 * two-core machine, the whole browser pass: 697 s four files at a time (the cores 87 % busy), and in
 * CI's runs 756 s three at a time against 1,640 s two at a time (the machine was slower that day: the
 * first pass took 715 s against 426 s).
 */
const browserFilesAtOnce = Math.max(1, Math.min(2 * availableParallelism(), filesTheServerTakes));

/**
 * The connections the test server takes from clients like ours: the embedded one is started with 300
 * (embedded-postgres.ts); the one in DATABASE_URL is asked (Debian's default is 100; the tests connect
 * as a superuser, who may use the reserved slots too). A server out of reach counts as Debian's
 * default: its tests fail anyway.
 */
async function serverConnections(databaseUrl: string | undefined): Promise<number> {
  if (!databaseUrl) return 300;
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ setting: string }>(
      "SELECT setting FROM pg_settings WHERE name = 'max_connections'",
    );
    return Number(rows[0]?.setting ?? 100);
  } catch {
    return 100;
  } finally {
    await client.end().catch(() => undefined);
  }
}

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
          // Most files start the whole app, whose module graph each file imported again in a worker of its
          // own; the app keeps no state in its modules (each start builds its own pools, registry and
          // servers over its own database), so a worker's files share its modules.
          isolate: false,
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
          // What a page polls for has gone through the server (a command, its projection, a push) while
          // other files' browsers and apps share the machine: seconds at times on a slow CI machine.
          expect: { poll: { timeout: 15_000 } },
          maxWorkers: browserFilesAtOnce,
          // As the database files: 212 s of CI's browser pass went to each file importing the app again.
          isolate: false,
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
