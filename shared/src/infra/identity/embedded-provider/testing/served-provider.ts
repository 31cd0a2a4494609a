import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import type pg from 'pg';
import { createTestDatabase } from '../../../../../../tests/support/postgres';
import { createPool } from '../../../db/pool';
import {
  createEmbeddedIdentityProvider,
  type EmbeddedIdentityProvider,
  type EmbeddedIdentityProviderOptions,
} from '../index';

export interface ServedProvider {
  idp: EmbeddedIdentityProvider;
  /** http://127.0.0.1:<port>, where the provider's server listens. */
  origin: string;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * The embedded provider on a fresh test database, served on a free loopback port at its origin root.
 * `options` gets the origin (to build the issuer and redirect URIs from); `mount` adds routes around it.
 */
export async function serveProvider(
  databaseName: string,
  options: (origin: string) => Omit<EmbeddedIdentityProviderOptions, 'pool'>,
  mount: (app: Express, idp: EmbeddedIdentityProvider) => void = (app, idp) => app.use(idp.mountPath, idp.router),
): Promise<ServedProvider> {
  const database = await createTestDatabase(databaseName);
  const pool = createPool(database.url);
  let handle: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = await createEmbeddedIdentityProvider({ ...options(origin), pool });
  const app = express();
  mount(app, idp);
  handle = app;
  return {
    idp,
    origin,
    pool,
    async close() {
      await idp.close();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
      await database.drop();
    },
  };
}
