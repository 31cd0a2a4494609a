import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { removeDeploymentKeys } from './redis';

/** The server's URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh, empty database on the test server, so test files never see each other's data. */
export async function createTestDatabase(prefix = 'test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('postgresUrl');
  const name = `pt_${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  return {
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      // An app on this database against the machine's Redis left its job queues there.
      if (process.env.REDIS_URL) await removeDeploymentKeys(process.env.REDIS_URL, url);
    },
  };
}
