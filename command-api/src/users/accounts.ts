import type pg from 'pg';
import type { Request, Response } from 'express';
import { adminRosterDecider } from '@playtime/shared/domain/users/admin-roster';
import { userDecider } from '@playtime/shared/domain/users/decider';
import { ADMIN_ROSTER_STREAM, usernameStream, userStream, type Role } from '@playtime/shared/domain/users/events';
import { usernameCandidate, usernameClaimDecider, usernameFor } from '@playtime/shared/domain/users/username-claim';
import { DomainError } from '@playtime/shared/domain/decider';
import { commandDoorOf, type CommandDoor } from '@playtime/shared/infra/commands/command-door';
import { currentState } from '@playtime/shared/infra/commands/current-state';
import type { AppendResult, EventStore } from '@playtime/shared/infra/eventstore/port';
import { userIdFor } from '@playtime/shared/infra/http/current-user';
import type { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
import { readProjectionPositions } from '@playtime/shared/infra/projections/projection-progress';
import { runCommand, type CommandDependencies } from '../http/run-command';

/** Who is registering, as their identity provider describes them. */
export interface Registrant {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  nickname: string;
  profilePicture: string;
  /** The role the embedded provider suggests (demo accounts); other providers never send one. */
  demoRole?: Role;
}

export interface RegistrationDependencies {
  store: EventStore;
  /** The process's door for commands (a door of its own on `store` when none is given). */
  commands?: CommandDoor;
  progress: ProjectionProgress;
  adminEmails: readonly string[];
}

/** A name is tried with suffixes 2, 3... this many times before registration gives up. */
const USERNAME_ATTEMPTS = 100;
/** How long a registration waits for read.users to show the new user, so their next call finds them. */
const REGISTERED_VISIBLE_MS = 5000;

/** `ADMIN_EMAILS` counts only for an address the identity provider has verified. */
export function startingRole(
  registrant: Pick<Registrant, 'email' | 'emailVerified' | 'demoRole'>,
  adminEmails: readonly string[],
): Role {
  if (registrant.emailVerified && adminEmails.includes(registrant.email.toLowerCase())) return 'admin';
  return registrant.demoRole ?? 'player';
}

/** The first free username from `base` on (`owner`, `owner2`...), claimed for this user in its own stream. */
async function claimUsername(commands: CommandDoor, base: string, userId: string): Promise<string> {
  for (let attempt = 1; attempt <= USERNAME_ATTEMPTS; attempt++) {
    const username = usernameCandidate(base, attempt);
    try {
      await commands.run({
        decider: usernameClaimDecider,
        streamId: usernameStream(username),
        command: { type: 'ClaimUsername', username, userId },
        now: new Date(),
        newId: () => userId,
        actorId: userId,
        metadata: { userId, correlationId: `register-${userId}`, causationId: null },
      });
      return username;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'username_taken')) throw error;
    }
  }
  throw new DomainError(
    'conflict',
    'username_unavailable',
    `Every username like ${base} is taken. Sign up with another nickname.`,
  );
}

/**
 * Registers the user behind an identity: claims a unique username, puts an admin on the admin
 * roster, records the account. Idempotent: registering again answers the same and appends nothing.
 * Waits until read.users shows the account, so the caller's next request finds them.
 */
export async function registerUser(
  deps: RegistrationDependencies,
  registrant: Registrant,
): Promise<{ userId: string; appended: AppendResult | null }> {
  const userId = userIdFor({ iss: registrant.issuer, sub: registrant.subject });
  const streamId = userStream(userId);
  const commands = commandDoorOf(deps);
  const decision = {
    now: new Date(),
    newId: () => userId,
    actorId: userId,
    metadata: { userId, correlationId: `register-${userId}`, causationId: null },
  };
  const state = await currentState(deps.store, userDecider, streamId);
  const role = startingRole(registrant, deps.adminEmails);
  let username = state.status === 'unknown' ? '' : state.username;
  if (state.status === 'unknown') {
    const email = registrant.email.toLowerCase();
    username = await claimUsername(commands, usernameFor(email, registrant.nickname), userId);
    if (role === 'admin') {
      await commands.run({
        decider: adminRosterDecider,
        streamId: ADMIN_ROSTER_STREAM,
        command: { type: 'GrantAdmin', userId },
        ...decision,
      });
    }
  }
  const outcome = await commands.run({
    decider: userDecider,
    streamId,
    command: {
      type: 'RegisterUser',
      userId,
      issuer: registrant.issuer,
      subject: registrant.subject,
      email: registrant.email.toLowerCase(),
      emailVerified: registrant.emailVerified,
      username,
      nickname: registrant.nickname || username,
      profilePicture: registrant.profilePicture,
      role,
    },
    ...decision,
    commandId: `register-${userId}`,
  });
  if (outcome.appended) await deps.progress.waitFor(['users'], outcome.appended.checkpoint, REGISTERED_VISIBLE_MS);
  return { userId, appended: outcome.appended };
}

/**
 * Gives a user a role. The admin roster decides first when the admin role is taken away (it refuses
 * to remove the last admin), and last when it is given (after the account has accepted the change).
 */
export async function changeRole(
  deps: CommandDependencies,
  req: Request,
  res: Response,
  userId: string,
  role: Role,
): Promise<void> {
  const changeOnAccount = () =>
    runCommand(deps, req, res, userDecider, userStream(userId), { type: 'ChangeRole', role });
  if (role === 'admin') {
    await changeOnAccount();
    await runCommand(deps, req, res, adminRosterDecider, ADMIN_ROSTER_STREAM, { type: 'GrantAdmin', userId });
  } else {
    await runCommand(deps, req, res, adminRosterDecider, ADMIN_ROSTER_STREAM, { type: 'RevokeAdmin', userId });
    await changeOnAccount();
  }
}

/** Deletes an account; an admin leaves the roster first, which the last admin cannot. */
export async function deleteUser(
  deps: CommandDependencies,
  req: Request,
  res: Response,
  userId: string,
): Promise<void> {
  await runCommand(deps, req, res, adminRosterDecider, ADMIN_ROSTER_STREAM, { type: 'RevokeAdmin', userId });
  await runCommand(deps, req, res, userDecider, userStream(userId), { type: 'DeleteUser' });
}

export interface UsersAtStartDependencies extends RegistrationDependencies {
  pool: pg.Pool;
  /** Accounts to register now (the standalone demo accounts), so admins see them before they log in. */
  accounts?: readonly Registrant[];
  /** Longest wait for read.users to catch up with the log before ADMIN_EMAILS is applied. */
  catchUpMs?: number;
}

/**
 * Waits until read.users exists and has caught up with the log. In the distributed composition the
 * projector may start after this service; read.users appears with the users projection's first
 * checkpoint, in one transaction, so a projection with no checkpoint yet has no table to read.
 */
async function waitForUsersProjection(deps: UsersAtStartDependencies): Promise<{ exists: boolean; caughtUp: boolean }> {
  const deadline = Date.now() + (deps.catchUpMs ?? 10_000);
  for (;;) {
    const [users] = await readProjectionPositions(deps.pool, ['users']);
    if (users && (await deps.store.countEventsAfter(users.checkpoint)) === 0) return { exists: true, caughtUp: true };
    if (Date.now() > deadline) return { exists: users !== undefined, caughtUp: false };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Makes a user an admin on the operator's word (ADMIN_EMAILS, `npm run create-admin`), not an
 * admin's: the account takes the role, then the admin roster lists them.
 */
export async function makeAdmin(deps: RegistrationDependencies, userId: string, correlationId: string): Promise<void> {
  const commands = commandDoorOf(deps);
  const decision = {
    now: new Date(),
    newId: () => 'system',
    actorId: null,
    metadata: { userId: null, correlationId, causationId: null },
  };
  await commands.run({
    decider: userDecider,
    streamId: userStream(userId),
    command: { type: 'ChangeRole', role: 'admin' },
    ...decision,
  });
  await commands.run({
    decider: adminRosterDecider,
    streamId: ADMIN_ROSTER_STREAM,
    command: { type: 'GrantAdmin', userId },
    ...decision,
  });
}

/**
 * Run at every start of the command side: registers the given accounts, then makes every registered
 * user whose verified email is in ADMIN_EMAILS an admin (so a lost admin comes back with a restart),
 * and puts every admin on the admin roster (accounts made admin before the roster existed).
 * This reads read.users once it has caught up with the log. The email and its verified flag are
 * facts that never change after registration; the role is read only to add admins to the roster
 * (it only ever grants, so a role read late cannot take anyone's admin role away). When no projector
 * has made read.users within the wait, there is no one to read: the next start applies the list.
 */
export async function prepareUsersAtStart(deps: UsersAtStartDependencies): Promise<{ caughtUp: boolean }> {
  for (const account of deps.accounts ?? []) await registerUser(deps, account);
  const { exists, caughtUp } = await waitForUsersProjection(deps);
  if (!exists) return { caughtUp };
  const { rows } = await deps.pool.query<{ user_id: string }>(
    `SELECT user_id FROM read.users
      WHERE NOT deleted AND (role = 'admin' OR (email_verified AND lower(email) = ANY($1::text[])))
      ORDER BY registered_at, user_id`,
    [deps.adminEmails.map((email) => email.toLowerCase())],
  );
  for (const { user_id: userId } of rows) await makeAdmin(deps, userId, 'admin-emails-at-start');
  return { caughtUp };
}
