import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type pg from 'pg';
import type { UserEvent } from '@playtime/shared/domain/users/events';
import { createPool } from '@playtime/shared/infra/db/pool';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
import { createTestDatabase } from '../../../tests/support/postgres';
import { createProjector, type Projector } from '../runtime/projector';
import { usersProjection } from './users-projection';

const registered = (userId: string, email: string): UserEvent => ({
  type: 'UserRegistered',
  data: { userId, issuer: 'iss', subject: userId, email, username: userId, nickname: userId, profilePicture: '/avatars/1.svg', role: 'player' },
});

describe('users projection', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  let pool: pg.Pool;
  let projector: Projector;

  beforeAll(async () => {
    database = await createTestDatabase('users');
    store = await PostgresEventStore.connect(database.url);
    pool = createPool(database.url);
  });
  afterAll(async () => {
    await projector?.stop();
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('ends a batch with many changes to the same users exactly as replaying them one by one would', async () => {
    // Written before the projector starts, so they reach it as one batch.
    await store.appendToStream('user-a', [
      registered('a', 'a@x.test'),
      { type: 'UserProfileEdited', data: { userId: 'a', bio: 'first', profilePicture: '/avatars/2.svg' } },
      { type: 'UserRoleChanged', data: { userId: 'a', role: 'captain', changedBy: 'admin' } },
      { type: 'UserProfileEdited', data: { userId: 'a', bio: 'second', profilePicture: '/avatars/3.svg' } },
      { type: 'UserRoleChanged', data: { userId: 'a', role: 'field owner', changedBy: 'admin' } },
    ], { expectedRevision: 'no_stream' });
    const last = await store.appendToStream('user-b', [
      registered('b', 'b@x.test'),
      { type: 'UserProfileEdited', data: { userId: 'b', bio: 'gone soon', profilePicture: '/avatars/4.svg' } },
      { type: 'UserDeleted', data: { userId: 'b', deletedBy: 'admin' } },
    ], { expectedRevision: 'no_stream' });

    const notices: string[][] = [];
    projector = createProjector({
      store,
      pool,
      connectionString: database.url,
      projections: [usersProjection],
      announcer: { announce: (notice) => void notices.push(notice.keys) },
      logger: pino({ level: 'silent' }),
    });
    await projector.start();
    const progress = new ProjectionProgress(pool, database.url);
    await progress.start();
    expect(await progress.waitFor(['users'], last.checkpoint, 10_000)).toBe(true);
    await progress.close();

    const { rows } = await pool.query('SELECT user_id, email, username, bio, profile_picture, role, deleted FROM read.users ORDER BY user_id');
    expect(rows).toEqual([
      { user_id: 'a', email: 'a@x.test', username: 'a', bio: 'second', profile_picture: '/avatars/3.svg', role: 'field owner', deleted: false },
      { user_id: 'b', email: null, username: null, bio: '', profile_picture: null, role: 'player', deleted: true },
    ]);
    expect(new Set(notices.flat())).toEqual(new Set(['user:a', 'user:b', 'admin']));
  });
});
