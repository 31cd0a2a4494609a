import path from 'node:path';
import pg from 'pg';
import { poolSizesOf, type Config } from '../config/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres';
import { createPool } from '../db/pool';
import { EsdbEventStore } from '../eventstore/esdb/esdb-event-store';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import type { EventStore } from '../eventstore/port';
import { checkEventSchemas } from '../eventstore/schema-checked-event-store';
import type { Logger } from '../logging';
import type { Metrics } from '../metrics/metrics';
import { CommandDoor } from '../commands/command-door';
import { migrate } from '../db/migrations';
import { projectionMigrations } from '../projections/schema';
import { pictureMigrations } from '../pictures/schema';
import { emailMigrations } from '../email/schema';
import { pushMigrations } from '../push/schema';
import { notificationMigrations } from '../notifications/store';
import { chatMigrations } from '../chat/read-marks';
import { ProjectionProgress } from '../projections/projection-progress';

export interface Infrastructure {
  databaseUrl: string;
  pool: pg.Pool;
  store: EventStore;
  progress: ProjectionProgress;
  /** The process's one door for commands: every command of this process goes through it. */
  commands: CommandDoor;
  close(): Promise<void>;
}

const STANDALONE_DATABASE = 'playtime';

/** Appends are announced in-process only: every subscriber of the standalone database lives here. */
const STANDALONE_EVENT_STORE = { crossProcessNotices: false };

/** The embedded server keeps its data under DATA_DIR, so a restart keeps everything. */
async function embeddedDatabase(config: Config, logger: Logger): Promise<{ url: string; server: EmbeddedDatabase }> {
  const server = await startEmbeddedPostgres({
    dataDir: path.resolve(config.DATA_DIR, 'postgres'),
    persistent: true,
    log: (line) => logger.debug({ postgres: line.trim() }),
  });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [STANDALONE_DATABASE]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${STANDALONE_DATABASE}`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${STANDALONE_DATABASE}`;
  return { url: url.toString(), server };
}

/**
 * Database, event store and projection progress for any service: the machine's PostgreSQL when
 * DATABASE_URL is set, an embedded one otherwise (standalone); events in EventStoreDB when
 * EVENTSTORE_URL is set, in PostgreSQL otherwise. `standalone`: this process runs every part (the
 * embedded database is allowed, and appends are announced in-process only). `metrics`: where the
 * command door counts outcomes.
 */
export async function connectInfrastructure(
  config: Config,
  logger: Logger,
  options: { standalone: boolean; metrics?: Metrics },
): Promise<Infrastructure> {
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    if (!options.standalone) throw new Error('DATABASE_URL is required for this service.');
    const started = await embeddedDatabase(config, logger);
    embedded = started.server;
    databaseUrl = started.url;
  }
  const sizes = poolSizesOf(config, options.standalone);
  const pool = createPool(databaseUrl, { max: sizes.queries });
  await migrate(pool, 'projections', projectionMigrations);
  await migrate(pool, 'pictures', pictureMigrations);
  // Every service reads or writes mail and notification state (the outbox, unsubscribes, reads, mutes).
  await migrate(pool, 'email', emailMigrations);
  await migrate(pool, 'notifications', notificationMigrations);
  await migrate(pool, 'chat', chatMigrations);
  // Issue #46: push subscriptions (command API), the VAPID key (read API) and the push outbox (projector).
  await migrate(pool, 'push', pushMigrations);
  // Whichever adapter: no event its schema refuses is ever appended (see schema-checked-event-store.ts).
  const store: EventStore = checkEventSchemas(
    config.EVENTSTORE_URL
      ? EsdbEventStore.connect(config.EVENTSTORE_URL)
      : await PostgresEventStore.connect(databaseUrl, {
          ...(options.standalone ? STANDALONE_EVENT_STORE : {}),
          poolSize: sizes.events,
        }),
  );
  // Standalone, the projector runs here and tells its readers itself (projection-progress.ts).
  const progress = new ProjectionProgress(pool, databaseUrl, !options.standalone);
  await progress.start();
  return {
    databaseUrl,
    pool,
    store,
    progress,
    commands: new CommandDoor({ store, metrics: options.metrics }),
    async close() {
      await progress.close();
      await store.close();
      await pool.end();
      await embedded?.stop();
    },
  };
}
