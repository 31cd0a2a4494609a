/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then runs
 * the whole product in this process (embedded PostgreSQL unless DATABASE_URL is set).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '@playtime/shared/infra/config/config';
import { startStandalone, WEB_DIST } from './standalone';

const WEB_DIR = path.resolve(import.meta.dirname, '../web');

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestModification(path.join(entry, name))));
}

function buildWebIfStale(): void {
  const built = newestModification(path.join(WEB_DIST, 'index.html'));
  const sources = Math.max(...['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((name) => newestModification(path.join(WEB_DIR, name))));
  if (built >= sources) return;
  console.log('Building the web app...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: WEB_DIR, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app build failed (see above).');
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  buildWebIfStale();
  const app = await startStandalone(config);
  console.log(`Playtime is ready at ${app.url} (started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping...`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
