import type { UserEvent } from '@playtime/shared/domain/users/events';
import type { Projection } from '../runtime/projection';

/** read.users: one row per account; a deleted account keeps only its id, role and the deleted flag. */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  tables: ['users'],
  schemaSql: `
    CREATE TABLE users (
      user_id         text        PRIMARY KEY,
      issuer          text        NOT NULL,
      subject         text        NOT NULL,
      email           text,
      username        text,
      nickname        text,
      bio             text        NOT NULL DEFAULT '',
      profile_picture text,
      role            text        NOT NULL,
      deleted         boolean     NOT NULL DEFAULT false,
      balance_cents   bigint      NOT NULL DEFAULT 0,
      registered_at   timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX users_identity ON users (issuer, subject);
    CREATE INDEX users_username ON users (lower(username));
    CREATE INDEX users_listing ON users (registered_at, user_id) WHERE NOT deleted;
  `,
  async apply(events, db) {
    const keys = new Set<string>();
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as UserEvent;
      switch (event.type) {
        case 'UserRegistered': {
          const d = event.data;
          await db.query(
            `INSERT INTO users (user_id, issuer, subject, email, username, nickname, profile_picture, role, registered_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id) DO NOTHING`,
            [d.userId, d.issuer, d.subject, d.email, d.username, d.nickname, d.profilePicture, d.role, stored.createdAt],
          );
          break;
        }
        case 'UserProfileEdited':
          await db.query('UPDATE users SET bio = $2, profile_picture = $3 WHERE user_id = $1', [event.data.userId, event.data.bio, event.data.profilePicture]);
          break;
        case 'UserRoleChanged':
          await db.query('UPDATE users SET role = $2 WHERE user_id = $1', [event.data.userId, event.data.role]);
          break;
        case 'UserDeleted':
          await db.query(
            `UPDATE users SET deleted = true, email = NULL, username = NULL, nickname = NULL, bio = '', profile_picture = NULL
              WHERE user_id = $1`,
            [event.data.userId],
          );
          break;
        default:
          continue;
      }
      keys.add(`user:${event.data.userId}`);
      keys.add('admin');
    }
    return keys;
  },
};
