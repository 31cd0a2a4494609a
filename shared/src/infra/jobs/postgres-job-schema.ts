import { runMigrations } from 'bullmq';
import pg from 'pg';

const migrated = new Map<string, Promise<void>>();

/**
 * BullMQ's PostgreSQL backend does not create its schema (`bullmq`) on connect; its migrations are
 * run explicitly, on one dedicated connection. They are idempotent and serialised by an advisory
 * lock, so every process may run them at start; within a process they run once per database.
 */
export function migrateJobSchema(connectionString: string): Promise<void> {
  let done = migrated.get(connectionString);
  if (!done) {
    done = runOnce(connectionString).catch((error: unknown) => {
      migrated.delete(connectionString);
      throw error;
    });
    migrated.set(connectionString, done);
  }
  return done;
}

async function runOnce(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'playtime-jobs-migrate' });
  await client.connect();
  try {
    await runMigrations(client);
  } finally {
    await client.end();
  }
}
