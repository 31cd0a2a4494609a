import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type pg from 'pg';
import { DEFAULT_AVATAR } from '@playtime/shared/domain/pictures/addresses';
import type { UserEvent } from '@playtime/shared/domain/users/events';
import { createPool } from '@playtime/shared/infra/db/pool';
import type { AppendResult } from '@playtime/shared/infra/eventstore/port';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
import { createTestDatabase } from '../../../tests/support/postgres';
import { createProjector, type Projector } from '../runtime/projector';
import { usersProjection } from './users-projection';

const registered = (userId: string, email: string): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId,
    issuer: 'iss',
    subject: userId,
    email,
    emailVerified: true,
    username: userId,
    nickname: userId,
    profilePicture: '/avatars/1.svg',
    role: 'player',
  },
});

describe('users projection', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  let pool: pg.Pool;
  let projector: Projector | null = null;

  beforeAll(async () => {
    database = await createTestDatabase('users');
    store = await PostgresEventStore.connect(database.url);
    pool = createPool(database.url);
  });
  afterEach(async () => {
    await projector?.stop();
    projector = null;
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  /**
   * Runs the projection until it has applied the log up to `last`; returns the keys of its notices as
   * they arrive (a batch is announced after its commit, so a reader may see the commit first).
   */
  async function projectUpTo(last: AppendResult): Promise<string[][]> {
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
    return notices;
  }

  it('ends a batch with many changes to the same users exactly as replaying them one by one would', async () => {
    // Written before the projector starts, so they reach it as one batch.
    await store.appendToStream(
      'user-a',
      [
        registered('a', 'a@x.test'),
        { type: 'UserProfileEdited', data: { userId: 'a', bio: 'first', profilePicture: '/avatars/2.svg' } },
        { type: 'UserRoleChanged', data: { userId: 'a', role: 'captain', changedBy: 'admin' } },
        { type: 'UserProfileEdited', data: { userId: 'a', bio: 'second', profilePicture: '/avatars/3.svg' } },
        { type: 'UserRoleChanged', data: { userId: 'a', role: 'field owner', changedBy: 'admin' } },
      ],
      { expectedRevision: 'no_stream' },
    );
    // Registered with the verified flag through the schema-checked store, which records version 2 (older events have none: read as not verified).
    await checkEventSchemas(store).appendToStream(
      'user-c',
      [
        {
          ...registered('c', 'c@x.test'),
          data: { ...registered('c', 'c@x.test').data, emailVerified: true },
        } as UserEvent,
      ],
      {
        expectedRevision: 'no_stream',
      },
    );
    const last = await store.appendToStream(
      'user-b',
      [
        registered('b', 'b@x.test'),
        { type: 'UserProfileEdited', data: { userId: 'b', bio: 'gone soon', profilePicture: '/avatars/4.svg' } },
        { type: 'UserDeleted', data: { userId: 'b', deletedBy: 'admin' } },
      ],
      { expectedRevision: 'no_stream' },
    );

    const notices = await projectUpTo(last);

    const { rows } = await pool.query(
      `SELECT user_id, email, username, bio, profile_picture, role, deleted FROM read.users WHERE user_id IN ('a', 'b', 'c') ORDER BY user_id`,
    );
    expect(rows).toEqual([
      {
        user_id: 'a',
        email: 'a@x.test',
        username: 'a',
        bio: 'second',
        profile_picture: '/avatars/3.svg',
        role: 'field owner',
        deleted: false,
      },
      { user_id: 'b', email: null, username: null, bio: '', profile_picture: null, role: 'player', deleted: true },
      {
        user_id: 'c',
        email: 'c@x.test',
        username: 'c',
        bio: '',
        profile_picture: '/avatars/1.svg',
        role: 'player',
        deleted: false,
      },
    ]);
    const verified = await pool.query('SELECT user_id, email_verified FROM read.users ORDER BY user_id');
    expect(verified.rows).toEqual([
      { user_id: 'a', email_verified: false },
      { user_id: 'b', email_verified: false },
      { user_id: 'c', email_verified: true },
    ]);
    await expect.poll(() => new Set(notices.flat())).toEqual(new Set(['user:a', 'user:b', 'user:c', 'admin']));
  });

  it('reads registrations stored at version 1 upcast (emailVerified false) beside registrations of version 2', async () => {
    const { emailVerified: _, ...v1 } = registered('old', 'old@x.test').data as Extract<
      UserEvent,
      { type: 'UserRegistered' }
    >['data'];
    // As registrations from before version 2 lie in existing logs: no emailVerified, no schemaVersion.
    await store.appendToStream('user-old', [{ type: 'UserRegistered', data: v1 }], { expectedRevision: 'no_stream' });
    const last = await checkEventSchemas(store).appendToStream('user-new', [registered('new', 'new@x.test')], {
      expectedRevision: 'no_stream',
    });

    await projectUpTo(last);

    const { rows } = await pool.query(
      `SELECT user_id, email, role, deleted FROM read.users WHERE user_id IN ('old', 'new') ORDER BY user_id`,
    );
    expect(rows).toEqual([
      { user_id: 'new', email: 'new@x.test', role: 'player', deleted: false },
      { user_id: 'old', email: 'old@x.test', role: 'player', deleted: false },
    ]);
    // What the projection makes of the stored events: the registrations it writes, upcast.
    const stored = [...(await store.readStream('user-old')), ...(await store.readStream('user-new'))];
    const [insert] = usersProjection.writes(stored).statements;
    expect(JSON.parse(insert!.values![0] as string)).toEqual([
      expect.objectContaining({ userId: 'old', emailVerified: false }),
      expect.objectContaining({ userId: 'new', emailVerified: true }),
    ]);
  });

  it('shows the default avatar for a picture on another site, which the log still holds', async () => {
    const uploaded = `/api/pictures/${'d'.repeat(64)}`;
    // As such pictures lie in logs from before only the app's own were taken: an identity provider's,
    // and a link typed into the profile.
    await store.appendToStream(
      'user-linked',
      [
        {
          ...registered('linked', 'linked@x.test'),
          data: {
            ...registered('linked', 'linked@x.test').data,
            profilePicture: 'https://s.gravatar.com/avatar/x.png',
          },
        } as UserEvent,
        {
          type: 'UserProfileEdited',
          data: { userId: 'linked', bio: 'hi', profilePicture: 'https://tracker.example/pixel.gif' },
        },
        {
          type: 'UserProfileEdited',
          data: { userId: 'linked', bio: 'hi', profilePicture: 'https://tracker.example/pixel.gif' },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const last = await store.appendToStream(
      'user-uploaded',
      [
        registered('uploaded', 'uploaded@x.test'),
        { type: 'UserProfileEdited', data: { userId: 'uploaded', bio: '', profilePicture: uploaded } },
      ],
      { expectedRevision: 'no_stream' },
    );

    await projectUpTo(last);

    const { rows } = await pool.query(
      `SELECT user_id, profile_picture FROM read.users WHERE user_id IN ('linked', 'uploaded') ORDER BY user_id`,
    );
    expect(rows).toEqual([
      { user_id: 'linked', profile_picture: DEFAULT_AVATAR },
      { user_id: 'uploaded', profile_picture: uploaded },
    ]);
    expect(
      (await store.readStream('user-linked')).map((event) => (event.data as { profilePicture: string }).profilePicture),
    ).toEqual([
      'https://s.gravatar.com/avatar/x.png',
      'https://tracker.example/pixel.gif',
      'https://tracker.example/pixel.gif',
    ]);
  });
});
