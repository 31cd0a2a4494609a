import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../tests/support/postgres';
import { migrate } from '../../db/migrations';
import { createPool } from '../../db/pool';
import { AccountStore, EmailTakenError } from './accounts';
import { hashPassword, verifyPassword } from './passwords';
import { deleteExpiredRecords, postgresOidcAdapter } from './postgres-adapter';
import { identityMigrations } from './schema';
import { loadCookieKeys, loadSigningKey } from './secrets';

describe('embedded identity provider storage', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let adapterFor: ReturnType<typeof postgresOidcAdapter>;

  beforeAll(async () => {
    database = await createTestDatabase('identity_store');
    pool = createPool(database.url);
    await migrate(pool, 'identity', identityMigrations);
    adapterFor = postgresOidcAdapter(pool);
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  describe('oidc-provider adapter', () => {
    it('stores, replaces and deletes records per model', async () => {
      const sessions = adapterFor('Session');
      await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
      await sessions.upsert('s1', { uid: 'u1', accountId: 'a2' }, 60);
      expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a2' });
      expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a2' });
      expect(await adapterFor('Grant').find('s1')).toBeUndefined();
      await sessions.destroy('s1');
      expect(await sessions.find('s1')).toBeUndefined();
    });

    it('hides expired records and sweeps them', async () => {
      const codes = adapterFor('AuthorizationCode');
      await codes.upsert('expired', { grantId: 'g0' }, 0);
      await codes.upsert('forever', { grantId: 'g0' });
      expect(await codes.find('expired')).toBeUndefined();
      expect(await codes.find('forever')).toEqual({ grantId: 'g0' });
      expect(await deleteExpiredRecords(pool)).toBeGreaterThanOrEqual(1);
      expect(await codes.find('forever')).toBeDefined();
    });

    it('marks a record consumed and finds device codes by user code', async () => {
      const devices = adapterFor('DeviceCode');
      await devices.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
      await devices.consume('d1');
      const found = await devices.findByUserCode('ABCD-EFGH');
      expect(found?.consumed).toBeTypeOf('number');
    });

    it('revokes every token of a grant, and nothing else', async () => {
      await adapterFor('AccessToken').upsert('at', { grantId: 'g1' }, 60);
      await adapterFor('RefreshToken').upsert('rt', { grantId: 'g1' }, 60);
      await adapterFor('RefreshToken').upsert('other', { grantId: 'g2' }, 60);
      await adapterFor('Interaction').upsert('i1', { grantId: 'g1' }, 60);
      await adapterFor('Grant').revokeByGrantId('g1');
      expect(await adapterFor('AccessToken').find('at')).toBeUndefined();
      expect(await adapterFor('RefreshToken').find('rt')).toBeUndefined();
      expect(await adapterFor('RefreshToken').find('other')).toBeDefined();
      expect(await adapterFor('Interaction').find('i1')).toBeDefined();
    });

    it('never looks up clients (they are configured statically)', async () => {
      expect(await adapterFor('Client').find('playtime-web')).toBeUndefined();
    });
  });

  describe('accounts and secrets', () => {
    it('hashes passwords with a fresh salt each time', async () => {
      const [first, second] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
      expect(first).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(first).not.toBe(second);
      expect(await verifyPassword('correct horse', first)).toBe(true);
      expect(await verifyPassword('wrong horse', first)).toBe(false);
      expect(await verifyPassword('correct horse', 'plain-text')).toBe(false);
    });

    it('creates accounts with unique, case-insensitive emails and checks passwords', async () => {
      const accounts = new AccountStore(pool);
      const created = await accounts.create({ email: ' Sam@Example.test ', nickname: ' Sam ', password: 'password1' });
      expect(created).toMatchObject({ email: 'sam@example.test', nickname: 'Sam', name: 'Sam', emailVerified: false });
      await expect(
        accounts.create({ email: 'SAM@example.test', nickname: 'x', password: 'password2' }),
      ).rejects.toBeInstanceOf(EmailTakenError);
      expect(await accounts.authenticate('sam@EXAMPLE.test', 'password1')).toEqual(created);
      expect(await accounts.authenticate('sam@example.test', 'password2')).toBeUndefined();
      expect(await accounts.authenticate('nobody@example.test', 'password1')).toBeUndefined();
    });

    it('seeds the demo accounts once', async () => {
      const accounts = new AccountStore(pool);
      await Promise.all([accounts.seedDemoAccounts(), accounts.seedDemoAccounts()]);
      await accounts.seedDemoAccounts();
      const { rows } = await pool.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM identity_accounts WHERE email LIKE '%@playtime.test'",
      );
      expect(rows[0]!.count).toBe(4);
      expect(await accounts.authenticate('owner@playtime.test', 'playtime')).toMatchObject({
        emailVerified: true,
        nickname: 'owner',
      });
    });

    it('creates the signing key and cookie keys once, even when asked concurrently', async () => {
      const keys = await Promise.all([loadSigningKey(pool), loadSigningKey(pool), loadSigningKey(pool)]);
      expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
      expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(keys[0]!.d).toBeTruthy();
      expect(await loadCookieKeys(pool)).toEqual(await loadCookieKeys(pool));
    });
  });
});
