import { loadConfig } from '@playtime/shared/infra/config/config';
import { findFreePort } from '@playtime/shared/infra/db/embedded-postgres';
import { startStandalone, type RunningApp } from '../../scripts/standalone';
import { createTestDatabase } from './postgres';

export interface TestApp extends RunningApp {
  dispose(): Promise<void>;
}

/** The whole standalone product on a free port over a fresh test database. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase('app');
  const port = await findFreePort();
  const app = await startStandalone(
    loadConfig({
      DATABASE_URL: database.url,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Tests start from an empty product; the newcomer's journey test turns the demo data on.
      DEMO_DATA: 'false',
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      ...env,
    }),
  );
  return {
    ...app,
    async dispose() {
      await app.close();
      await database.drop();
    },
  };
}
