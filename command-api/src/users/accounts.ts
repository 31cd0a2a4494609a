import type { Request, Response } from 'express';
import { adminRosterDecider } from '@playtime/shared/domain/users/admin-roster';
import { userDecider } from '@playtime/shared/domain/users/decider';
import { ADMIN_ROSTER_STREAM, usernameStream, userStream, type Role } from '@playtime/shared/domain/users/events';
import { usernameCandidate, usernameClaimDecider, usernameFor } from '@playtime/shared/domain/users/username-claim';
import { DomainError } from '@playtime/shared/domain/decider';
import { commandDoorOf, type CommandDoor } from '@playtime/shared/infra/commands/command-door';
import { currentState } from '@playtime/shared/infra/commands/current-state';
import type { AppendResult, EventLookup, EventStore } from '@playtime/shared/infra/eventstore/port';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import { userIdFor } from '@playtime/shared/infra/http/current-user';
import type { ProjectionProgress } from '@playtime/shared/infra/projections/projection-progress';
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

export interface UsersAtStartDependencies extends RegistrationDependencies {
  /** Accounts to register now (the standalone demo accounts), so admins see them before they log in. */
  accounts?: readonly Registrant[];
}

/** The user ids of the events the lookup names, with where the first of each is in the log. */
async function usersNamed(store: EventStore, lookups: EventLookup[]): Promise<Map<string, number>> {
  const found = (await Promise.all(lookups.map((lookup) => store.findEvents(lookup)))).flat();
  const users = new Map<string, number>();
  for (const event of found.sort((a, b) => a.globalPosition - b.globalPosition)) {
    const { userId } = event.data as { userId: string };
    if (!users.has(userId)) users.set(userId, event.globalPosition);
  }
  return users;
}

/**
 * Who is to be an admin at start, from the log itself (the write side reads no read model to decide):
 * every registration with a verified email in ADMIN_EMAILS (registration keeps the email in lower
 * case), and every account whose role is admin (accounts made admin before the roster existed). Each
 * account's own stream then says whether it is still there, and still an admin. In the order they
 * came into the log.
 */
async function adminsAtStart(deps: UsersAtStartDependencies): Promise<string[]> {
  const registrations = (
    await Promise.all(
      [...new Set(deps.adminEmails.map((email) => email.toLowerCase()))].map((email) =>
        deps.store.findEvents({ type: 'UserRegistered', key: 'email', value: email }),
      ),
    )
  ).flat();
  // Registrations from before the verdict was recorded count as unverified (UserRegistered's upcast).
  const verified = new Map(
    registrations
      .map(parseEvent)
      .flatMap((event, index) =>
        event.type === 'UserRegistered' && event.data.emailVerified
          ? [[event.data.userId, registrations[index]!.globalPosition] as const]
          : [],
      ),
  );
  const admins = await usersNamed(
    deps.store,
    ['UserRegistered', 'UserRoleChanged', 'PartnerDecisionApplied'].map((type) => ({
      type,
      key: 'role',
      value: 'admin',
    })),
  );
  const candidates = [...new Map([...admins, ...verified])].sort(([, a], [, b]) => a - b).map(([userId]) => userId);
  const users = await Promise.all(
    candidates.map((userId) => currentState(deps.store, userDecider, userStream(userId))),
  );
  return candidates.filter((userId, index) => {
    const user = users[index]!;
    return user.status === 'active' && (verified.has(userId) || user.role === 'admin');
  });
}

/**
 * Run at every start of the command side: registers the given accounts, then makes every registered
 * user whose verified email is in ADMIN_EMAILS an admin (so a lost admin comes back with a restart),
 * and puts every admin on the admin roster (accounts made admin before the roster existed).
 */
export async function prepareUsersAtStart(deps: UsersAtStartDependencies): Promise<void> {
  for (const account of deps.accounts ?? []) await registerUser(deps, account);
  for (const userId of await adminsAtStart(deps)) await makeAdmin(deps, userId, 'admin-emails-at-start');
}
