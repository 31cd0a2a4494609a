import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/postgres';
import { CurrentUserCache, USERS_CHANGED_CHANNEL } from './current-user-cache';

const until = async (condition: () => boolean, timeoutMs = 5000) => {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('CurrentUserCache (real PostgreSQL LISTEN/NOTIFY)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let cache: CurrentUserCache<{ role: string }>;
  let admin: pg.Client;
  const notify = (ids: unknown) =>
    admin.query('SELECT pg_notify($1, $2)', [USERS_CHANGED_CHANNEL, JSON.stringify(ids)]);
  /** Remembers a row and waits until the cache answers with it (it answers only while listening). */
  const rememberNow = async (userId: string, role: string) => {
    await until(() => {
      cache.remember(userId, { role }, cache.currentGeneration);
      return cache.get(userId)?.role === role;
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase('usercache');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    cache = new CurrentUserCache(database.url, { ttlMs: 60_000 });
  });
  afterAll(async () => {
    await cache.close();
    await admin.end();
    await database.drop();
  });

  it('forgets exactly the users a notice names', async () => {
    await rememberNow('u1', 'player');
    await rememberNow('u2', 'captain');
    await notify(['u1']);
    await until(() => cache.get('u1') === undefined);
    expect(cache.get('u2')).toEqual({ role: 'captain' });
  });

  it('does not keep a row read before a notice that arrived while it was being read', async () => {
    const generation = cache.currentGeneration;
    await notify(['someone-else']);
    await until(() => cache.currentGeneration !== generation);
    cache.remember('u3', { role: 'admin' }, generation);
    expect(cache.get('u3')).toBeUndefined();
  });

  it('forgets everything and answers nothing while its connection is lost, then recovers', async () => {
    await rememberNow('u4', 'player');
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
      [`playtime-listen-${USERS_CHANGED_CHANNEL}`],
    );
    await until(() => cache.get('u4') === undefined);
    cache.remember('u4', { role: 'player' }, cache.currentGeneration);
    expect(cache.get('u4')).toBeUndefined();
    // The listener reconnects after a second; from then on it answers again.
    await rememberNow('u4', 'captain');
    await notify(['u4']);
    await until(() => cache.get('u4') === undefined);
  });

  it('forgets everything on a notice it cannot read', async () => {
    await rememberNow('u5', 'player');
    await admin.query('SELECT pg_notify($1, $2)', [USERS_CHANGED_CHANNEL, 'not json']);
    await until(() => cache.get('u5') === undefined);
  });

  it('lets an entry expire', async () => {
    const short = new CurrentUserCache<{ role: string }>(database.url, { ttlMs: 50 });
    try {
      await until(() => {
        short.remember('u6', { role: 'player' }, short.currentGeneration);
        return short.get('u6') !== undefined;
      });
      // Gone once its 50 ms are up (waited for, not slept through).
      await until(() => short.get('u6') === undefined);
      expect(short.get('u6')).toBeUndefined();
    } finally {
      await short.close();
    }
  });
});
