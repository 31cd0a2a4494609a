/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then runs
 * the whole product in this process (embedded PostgreSQL unless DATABASE_URL is set).
 */
import { ConfigError, loadConfig, publicUrlOf } from '@playtime/shared/infra/config/config';
import { leaveShutdownSignalsToTheApp } from '@playtime/shared/infra/db/embedded-postgres';
import { claimDataFolder, InstanceRunningError } from '@playtime/shared/infra/ops/instance-lock';
import { startStandalone } from './standalone';
import { buildWebIfStale } from './web-build';

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  // The embedded database lives in DATA_DIR: a second app on it would stop the running one's server.
  const lock = config.DATABASE_URL ? null : claimDataFolder(config.DATA_DIR, publicUrlOf(config));
  buildWebIfStale();
  const app = await startStandalone(config);
  console.log(`Playtime is ready at ${app.url} (started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping...`);
    app.close().then(
      () => {
        lock?.release();
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  leaveShutdownSignalsToTheApp();
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // npm exits on a SIGTERM of its own without passing it on (a terminal's Ctrl-C and systemd signal
  // the whole process group instead): the app it leaves behind, with its database, then stops itself.
  const launcher = process.ppid;
  setInterval(() => process.ppid !== launcher && stop('Launcher gone'), LAUNCHER_CHECK_MS).unref();
}

const LAUNCHER_CHECK_MS = 1000;

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof InstanceRunningError ? error.message : error);
  process.exit(1);
});
