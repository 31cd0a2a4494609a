import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Queryable } from '../../db/pool';

/**
 * Returns the secret stored under `name`, creating it on first use. When several processes start
 * together each may create one, but only the first insert lands and everyone reads that one back,
 * so all processes sign with the same key.
 */
async function loadOrCreate<T>(db: Queryable, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.query<{ value: T }>('SELECT value FROM identity_secrets WHERE name = $1', [name]);
  if (existing.rows[0]) return existing.rows[0].value;
  await db.query('INSERT INTO identity_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    JSON.stringify(await create()),
  ]);
  const stored = await db.query<{ value: T }>('SELECT value FROM identity_secrets WHERE name = $1', [name]);
  return stored.rows[0]!.value;
}

async function createSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

/** The RSA key that signs ID and access tokens, as a private JWK (oidc-provider wants private keys). */
export function loadSigningKey(db: Queryable): Promise<JWK> {
  return loadOrCreate(db, 'signing-key', createSigningKey);
}

/** Keys that sign the provider's cookies; kept so sessions stay valid after a restart. */
export function loadCookieKeys(db: Queryable): Promise<string[]> {
  return loadOrCreate(db, 'cookie-keys', async () => [randomBytes(32).toString('base64url')]);
}

/** The public half of a key set, as served at the JWKS endpoint and used by local verification. */
export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use };
}
