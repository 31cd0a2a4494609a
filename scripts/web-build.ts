import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { WEB_DIST } from '@playtime/read-api/web-app';

const WEB_DIR = path.resolve(import.meta.dirname, '../web');
const SHARED_SOURCES_IN_WEB = ['shared/src/domain', 'shared/src/contract', 'shared/src/infra/eventstore/checkpoint.ts'];

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestModification(path.join(entry, name))));
}

/** Builds the web app when web/dist is missing or older than any of its sources. */
export function buildWebIfStale(): void {
  const built = newestModification(path.join(WEB_DIST, 'index.html'));
  const sources = Math.max(
    ...['src', 'public', 'build-tools', 'index.html', 'vite.config.ts', 'package.json'].map((name) =>
      newestModification(path.join(WEB_DIR, name)),
    ),
    // The web app also bundles the pure parts of shared/ it imports (the domain, the contract, checkpoints).
    ...SHARED_SOURCES_IN_WEB.map((name) => newestModification(path.join(WEB_DIR, '..', name))),
  );
  if (built >= sources) return;
  console.log('Building the web app...');
  // Always what users get: test runners set NODE_ENV=test, which would give React's development build.
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web app build failed (see above).');
}
