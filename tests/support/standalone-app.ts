import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig } from '@playtime/shared/infra/config/config';
import { freeServerPort } from './ports';
import { startStandalone, type RunningApp, type StandaloneOptions } from '../../scripts/standalone';
import { ApiClient, accessTokenFor } from './api-client';
import { createTestDatabase } from './postgres';
import { appEnvironment } from './app-environment';

export interface TestApp extends RunningApp {
  dispose(): Promise<void>;
}

/**
 * The whole standalone product on a free port over a fresh test database; `options` reach the
 * standalone app itself (such as how the simulated processor delivers its webhooks).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: StandaloneOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase('app');
  const port = await freeServerPort();
  const app = await startStandalone(
    loadConfig(
      appEnvironment(database.url, port, {
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        // Tests start from an empty product; the newcomer's journey test turns the demo data on.
        SEED_DEMO: 'false',
        // The suites run many apps at once on one machine, and a projector can fall seconds behind under
        // that load: a read that waits for its caller's write gets longer than in production before it
        // answers stale, so a test's read still checks the write instead of racing the projector.
        READ_WAIT_MS: '15000',
        // The machine's PostgreSQL takes 100 connections, and an app with standalone's pools (40 and 20)
        // reached 96 at its peak in games-api.test.ts, besides its projections, listeners and job
        // workers: on a slower machine a burst of requests took the rest ("sorry, too many clients
        // already"). Requests beyond the pool wait for a connection, as they do in production.
        DATABASE_POOL_SIZE: '20',
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
        ...env,
      }),
    ),
    options,
  );
  return {
    ...app,
    async dispose() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * A suite's app, started before its tests and disposed after them, with a registered admin's client
 * (an admin no route turns away before parsing). Read its fields inside tests, once started.
 */
export function appWithAdmin(): { app: TestApp; admin: ApiClient } {
  const suite = {} as { app: TestApp; admin: ApiClient };
  beforeAll(async () => {
    suite.app = await startTestApp();
    suite.admin = new ApiClient(suite.app.url, await accessTokenFor(suite.app.url, 'admin@playtime.test'));
    expect((await suite.admin.get('/api/get-user')).status).toBe(200);
  });
  afterAll(async () => {
    await suite.app?.dispose();
  });
  return suite;
}
