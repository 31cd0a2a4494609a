import { findFreePort } from '@playtime/shared/infra/db/embedded-postgres';
import { buildWebIfStale } from '../../../scripts/web-build';
import { startAppProcess, type AppHost } from '../e2e/app-host';
import { createDatabase } from './postgres';
import type { BenchContext } from './section';
import { appEnvironment } from '../../support/app-environment';

/**
 * The built web app and the standalone app with its demo data, in a child process over a database of
 * its own, for `use`; stopped and dropped afterwards. The web sections open their pages here.
 */
export async function withDemoApp<T>(
  context: BenchContext,
  name: string,
  use: (app: AppHost, appUrl: string) => Promise<T>,
): Promise<T> {
  buildWebIfStale();
  const database = await createDatabase(context.serverUrl, name);
  const port = await findFreePort();
  let app: AppHost | null = null;
  try {
    app = await startAppProcess(appEnvironment(database.url, port, { SEED_DEMO: 'true', LOG_LEVEL: 'warn' }));
    return await use(app, `http://localhost:${port}`);
  } finally {
    await app?.stop().catch((error: unknown) => context.log(`${name}: could not stop the app: ${String(error)}`));
    await database.drop().catch(() => undefined);
  }
}
