import { isEventOf } from '@playtime/shared/domain/event-schemas';
import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import { shownProfilePicture } from '@playtime/shared/domain/pictures/addresses';
import { USER_EVENT_TYPES, type UserEvent } from '@playtime/shared/domain/users/events';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { USERS_CHANGED_CHANNEL, USERS_CHANGED_IDS_PER_NOTICE } from '@playtime/shared/infra/http/current-user-cache';
import type { SqlStatement, WriteOnlyProjection } from '../runtime/projection';

/** read.users: one row per account; a deleted account keeps only its id, role and the deleted flag. */
export const usersProjection: WriteOnlyProjection = {
  name: PROJECTIONS.users,
  // 3: pictures from other sites show as the default avatar.
  // 4: each player's attendance by game, for their reliability (issue #44).
  version: 4,
  tables: ['users', 'user_attendance'],
  handles: USER_EVENT_TYPES,
  schemaSql: `
    CREATE TABLE users (
      user_id         text        PRIMARY KEY,
      issuer          text        NOT NULL,
      subject         text        NOT NULL,
      email           text,
      email_verified  boolean     NOT NULL DEFAULT false,
      username        text,
      nickname        text,
      bio             text        NOT NULL DEFAULT '',
      profile_picture text,
      role            text        NOT NULL,
      deleted         boolean     NOT NULL DEFAULT false,
      registered_at   timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX users_identity ON users (issuer, subject);
    CREATE INDEX users_username ON users (lower(username));
    CREATE INDEX users_listing ON users (registered_at, user_id) WHERE NOT deleted;

    -- Issue #44: how each of a player's games counts in their reliability, as their stream records it.
    CREATE TABLE user_attendance (
      user_id    text        NOT NULL,
      game_id    text        NOT NULL,
      status     text        NOT NULL,
      start_date timestamptz NOT NULL,
      PRIMARY KEY (user_id, game_id)
    );
  `,
  /**
   * One statement per kind of change per batch, not one per event: under load a batch holds hundreds
   * of events and the push to browsers waits for its commit. Applying registrations, then edits, then
   * role changes, then deletions is the same as replaying the events in order, because a user is
   * registered before anything else happens to them, nothing happens after deletion, and edits and
   * role changes touch different columns (the last of each per user wins). Nothing here reads the
   * database, so the runner sends the whole batch in one round trip.
   */
  writes(events) {
    const registered: Array<
      Extract<UserEvent, { type: 'UserRegistered' }>['data'] & { emailVerified: boolean; registeredAt: Date }
    > = [];
    const profiles = new Map<string, { user_id: string; bio: string; profile_picture: string }>();
    const roles = new Map<string, { user_id: string; role: string }>();
    const deleted = new Set<string>();
    // Attendance rows change in the order the events came: a record, a clearing, a record again.
    const attendance: SqlStatement[] = [];
    for (const stored of events) {
      const event = parseEvent(stored);
      if (!isEventOf(event, USER_EVENT_TYPES)) continue;
      const userId = event.data.userId;
      // A picture from another site (an identity provider's, or a link taken before only the app's own
      // pictures were) is shown as the default avatar: the log keeps it, the read model never shows it.
      if (event.type === 'UserRegistered')
        registered.push({
          ...event.data,
          profilePicture: shownProfilePicture(event.data.profilePicture),
          registeredAt: stored.createdAt,
        });
      if (event.type === 'UserProfileEdited')
        profiles.set(userId, {
          user_id: userId,
          bio: event.data.bio,
          profile_picture: shownProfilePicture(event.data.profilePicture),
        });
      if (event.type === 'UserRoleChanged' || event.type === 'PartnerDecisionApplied')
        roles.set(userId, { user_id: userId, role: event.data.role });
      if (event.type === 'UserDeleted') deleted.add(userId);
      if (event.type === 'AttendanceRecorded')
        attendance.push({
          text: `INSERT INTO user_attendance (user_id, game_id, status, start_date) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (user_id, game_id) DO UPDATE SET status = EXCLUDED.status, start_date = EXCLUDED.start_date`,
          values: [userId, event.data.gameId, event.data.status, event.data.startDate],
        });
      if (event.type === 'AttendanceRecordCleared')
        attendance.push({
          text: 'DELETE FROM user_attendance WHERE user_id = $1 AND game_id = $2',
          values: [userId, event.data.gameId],
        });
    }

    const statements: SqlStatement[] = [];
    if (registered.length > 0) {
      statements.push({
        text: `INSERT INTO users (user_id, issuer, subject, email, email_verified, username, nickname, profile_picture, role, registered_at)
               SELECT "userId", issuer, subject, email, "emailVerified", username, nickname, "profilePicture", role, "registeredAt"
                 FROM jsonb_to_recordset($1::jsonb) AS r("userId" text, issuer text, subject text, email text, "emailVerified" boolean,
                                                         username text, nickname text, "profilePicture" text, role text,
                                                         "registeredAt" timestamptz)
               ON CONFLICT (user_id) DO NOTHING`,
        values: [JSON.stringify(registered)],
      });
    }
    if (profiles.size > 0) {
      statements.push({
        text: `UPDATE users SET bio = p.bio, profile_picture = p.profile_picture
                 FROM jsonb_to_recordset($1::jsonb) AS p(user_id text, bio text, profile_picture text)
                WHERE users.user_id = p.user_id`,
        values: [JSON.stringify([...profiles.values()])],
      });
    }
    if (roles.size > 0) {
      statements.push({
        text: `UPDATE users SET role = r.role
                 FROM jsonb_to_recordset($1::jsonb) AS r(user_id text, role text)
                WHERE users.user_id = r.user_id`,
        values: [JSON.stringify([...roles.values()])],
      });
    }
    if (deleted.size > 0) {
      statements.push({
        text: `UPDATE users SET deleted = true, email = NULL, email_verified = false, username = NULL, nickname = NULL, bio = '', profile_picture = NULL
                WHERE user_id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
        values: [JSON.stringify([...deleted])],
      });
    }

    statements.push(...attendance);

    // Every API process caches who a request's caller is; a new role or a deletion must reach them
    // as this transaction commits (NOTIFY is delivered on commit, and only then).
    const accessChanged = [...new Set([...roles.keys(), ...deleted])];
    for (let start = 0; start < accessChanged.length; start += USERS_CHANGED_IDS_PER_NOTICE) {
      const ids = accessChanged.slice(start, start + USERS_CHANGED_IDS_PER_NOTICE);
      statements.push({ text: 'SELECT pg_notify($1, $2)', values: [USERS_CHANGED_CHANNEL, JSON.stringify(ids)] });
    }

    const attendanceOf = events.flatMap((stored) =>
      stored.type === 'AttendanceRecorded' || stored.type === 'AttendanceRecordCleared'
        ? [(stored.data as { userId: string }).userId]
        : [],
    );
    const changedUsers = [
      ...registered.map((user) => user.userId),
      ...profiles.keys(),
      ...roles.keys(),
      ...deleted,
      ...attendanceOf,
    ];
    return {
      statements,
      changed: [...changedUsers.map(rooms.user), ...(changedUsers.length > 0 ? [rooms.admin] : [])],
    };
  },
};
