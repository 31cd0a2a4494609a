import { userDecider } from '@playtime/shared/domain/users/decider';
import { usernameClaimDecider } from '@playtime/shared/domain/users/username-claim';
import { userStream, usernameStream } from '@playtime/shared/domain/users/events';
import { manyUsersNamed, noUserNamed, type UserRow } from '@playtime/shared/infra/http/current-user';
import type { UserStreams } from '@playtime/shared/infra/runtime/service-parts';
import { currentState } from '@playtime/shared/infra/commands/current-state';

/**
 * The write side's questions about users, answered from the log (the user's own stream and the
 * username's claim), never from a read model: a command decides on facts that are already committed,
 * not on a projection that may lag behind them.
 */
type Log = UserStreams;

/** The caller's record as their own stream says it is now: undefined for an account never registered. */
export async function userRowInLog(log: Log, userId: string): Promise<UserRow | undefined> {
  const user = await currentState(log.store, userDecider, userStream(userId), log.streamStates);
  if (user.status === 'unknown') return undefined;
  return {
    user_id: user.userId,
    username: user.username,
    email: user.email,
    role: user.role,
    deleted: user.status === 'deleted',
  };
}

/**
 * The id of the account with this username (case-insensitive, as claims are kept): the claim's
 * holder when their account is not deleted. Accounts registered before usernames were claimed hold
 * no claim; for them the registrations that named exactly this username decide, and more than one
 * of them still there is a 409, as the read side answers.
 */
export async function userIdOfUsernameInLog(log: Log, username: string): Promise<string> {
  const claim = await currentState(log.store, usernameClaimDecider, usernameStream(username), log.streamStates);
  const candidates =
    claim.claimedBy !== null
      ? [claim.claimedBy]
      : [
          ...new Set(
            (await log.store.findEvents({ type: 'UserRegistered', key: 'username', value: username })).map(
              (event) => (event.data as { userId: string }).userId,
            ),
          ),
        ];
  const users = await Promise.all(candidates.map((userId) => userRowInLog(log, userId)));
  const present = users.filter((user) => user !== undefined && !user.deleted);
  if (!present[0]) throw noUserNamed(username);
  if (present.length > 1) throw manyUsersNamed(username);
  return present[0].user_id;
}
