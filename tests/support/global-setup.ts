import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@playtime/shared/infra/db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * Tests run against the PostgreSQL named by DATABASE_URL when set (CI's second pass), otherwise
 * against an embedded PostgreSQL started here for the run and removed afterwards.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('postgresUrl', process.env.DATABASE_URL);
    return;
  }
  const database = await startEmbeddedPostgres({
    dataDir: path.resolve(import.meta.dirname, '../../.data', `test-postgres-${process.pid}`),
    persistent: false,
    durable: false,
  });
  project.provide('postgresUrl', database.url);
  return async () => {
    await database.stop();
  };
}
